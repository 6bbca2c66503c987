import { createTranslations } from '@/lib/i18n';
import en from './locales/rules.en.json';
import km from './locales/rules.km.json';

/** The rules page's long texts, in their own catalogue so the betting board does not carry them. */
export const { useTranslation: useRulesTranslation } = createTranslations({ km, en });
