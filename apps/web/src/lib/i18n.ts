import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '@/locales/en.json';
import km from '@/locales/km.json';

export const LANGUAGES = ['km', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'km';

/** km.json is the source of truth: every key used with `t()` is checked against it at compile time. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof km };
  }
}

// Both catalogues are tiny and bundled, so initialisation is synchronous and nothing renders untranslated.
void i18n.use(initReactI18next).init({
  resources: { km: { translation: km }, en: { translation: en } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  initAsync: false,
  interpolation: { escapeValue: false }, // React already escapes.
});

export { i18n };
