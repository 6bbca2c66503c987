import { createTranslations } from '@/lib/i18n';
import en from './locales/en.json';
import km from './locales/km.json';

/**
 * The account screens' own texts (the password fields' show/hide toggles): Khmer first, English second. They
 * travel with the lazy `/user/password` screen, not with the start-up bundle (docs/decisions/0006).
 */
export const { useTranslation: useAccountTranslation } = createTranslations({ km, en });
