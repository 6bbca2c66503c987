/**
 * Translations: Khmer first (km.json, bundled), English second (en.json, loaded when chosen). A deliberately
 * small translator instead of i18next keeps the start-up bundle inside its budget (docs/decisions/0006):
 * nested keys, `{{name}}` interpolation and `key_one`/`key_other` plural forms are all the app uses.
 */
import { useSyncExternalStore } from 'react';
import km from '@/locales/km.json';

export const LANGUAGES = ['km', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'km';
/** The player's choice, kept across visits. */
export const LANGUAGE_STORAGE_KEY = 'lotto59.language';

export type Catalogue = { readonly [key: string]: string | Catalogue };

/** Every dotted key of a catalogue: `t()` refuses any other at compile time. */
export type KeysOf<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : KeysOf<T[K], `${P}${K}.`>;
}[keyof T & string];
/** The keys of km.json, the source of truth. */
export type TranslationKey = KeysOf<typeof km>;
export type TranslationValues = Readonly<Record<string, string | number>>;
export type TFunctionOf<K extends string> = (key: K, values?: TranslationValues) => string;
export type TFunction = TFunctionOf<TranslationKey>;

const catalogues: Partial<Record<Language, Catalogue>> = { km };
let language: Language = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function resolveIn(catalogue: Catalogue | undefined, lang: Language, key: string, count: number | undefined) {
  if (count !== undefined) {
    const form = new Intl.PluralRules(lang).select(count);
    const plural = lookup(catalogue, `${key}_${form}`) ?? lookup(catalogue, `${key}_other`);
    if (plural !== undefined) return plural;
  }
  return lookup(catalogue, key);
}

/** `key` in `lang`, then in Khmer; `{{name}}` takes `values.name`. */
function translateIn(
  pick: (lang: Language) => Catalogue | undefined,
  key: string,
  values: TranslationValues | undefined,
  lang: Language,
): string {
  const count = typeof values?.count === 'number' ? values.count : undefined;
  const text =
    resolveIn(pick(lang), lang, key, count) ??
    resolveIn(pick(DEFAULT_LANGUAGE), DEFAULT_LANGUAGE, key, count) ??
    key;
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** Looks `key` up in the current language, then in Khmer; `{{name}}` takes `values.name`. */
export function translate(
  key: TranslationKey,
  values?: TranslationValues,
  lang: Language = language,
): string {
  return translateIn((l) => catalogues[l], key, values, lang);
}

export const t: TFunction = (key, values) => translate(key, values);

export function getLanguage(): Language {
  return language;
}

async function loadCatalogue(lang: Language): Promise<void> {
  if (catalogues[lang]) return;
  // Only Khmer is in the start-up bundle; English arrives when a player picks it.
  catalogues[lang] = (await import('@/locales/en.json')).default as Catalogue;
}

/** Switches the language of every mounted component, `<html lang>`, and remembers the choice. */
export async function setLanguage(lang: Language): Promise<void> {
  await loadCatalogue(lang);
  language = lang;
  document.documentElement.lang = lang;
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Storage may be off (private mode); the choice then lasts for this page only.
  }
  for (const listener of listeners) listener();
}

/** Before the first render: the stored choice, or Khmer. */
export async function initLanguage(): Promise<void> {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    stored = null;
  }
  const lang = isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  if (lang !== language) await setLanguage(lang);
  else document.documentElement.lang = lang;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current language and a `t` that re-renders the component when the language changes. */
export function useTranslation(): { t: TFunction; language: Language } {
  const lang = useSyncExternalStore(subscribe, getLanguage, getLanguage);
  // A new function per language, so memoised children see the change.
  return { t: TRANSLATORS[lang], language: lang };
}

const TRANSLATORS: Record<Language, TFunction> = {
  km: (key, values) => translate(key, values, 'km'),
  en: (key, values) => translate(key, values, 'en'),
};

/**
 * A screen's own texts, kept out of the start-up bundle: the screens' module imports its `km` and `en`
 * catalogues and gets a typed `useTranslation` (keys of its Khmer catalogue) that follows the app's language.
 */
export function createTranslations<C extends Catalogue>(
  own: Readonly<Record<Language, Catalogue>> & { km: C },
) {
  type Key = KeysOf<C>;
  const make =
    (lang: Language): TFunctionOf<Key> =>
    (key, values) =>
      translateIn((l) => own[l], key, values, lang);
  const translators: Record<Language, TFunctionOf<Key>> = { km: make('km'), en: make('en') };
  return {
    /** The current language and a `t` over this catalogue that re-renders on a language change. */
    useTranslation(): { t: TFunctionOf<Key>; language: Language } {
      const lang = useSyncExternalStore(subscribe, getLanguage, getLanguage);
      return { t: translators[lang], language: lang };
    },
    /** Outside components (tests, callbacks): in the current language. */
    t: ((key, values) => translators[language](key, values)) as TFunctionOf<Key>,
  };
}
