import { createTranslations } from '@/lib/i18n';
import en from './locales/en.json';
import km from './locales/km.json';

/** The update prompt's texts: loaded with the lazy service-worker chunk, not with the start-up bundle. */
export const { useTranslation: usePwaTranslation } = createTranslations({ km, en });
