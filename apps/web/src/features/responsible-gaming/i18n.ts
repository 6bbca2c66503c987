import { createTranslations } from '@/lib/i18n';
import en from './locales/en.json';
import km from './locales/km.json';

/** The responsible-gaming screens' own texts: Khmer first, English second; they travel with the lazy page. */
export const { useTranslation: useRgTranslation } = createTranslations({ km, en });
