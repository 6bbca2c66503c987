import { describe, expect, it } from 'vitest';
import { latinWordsOfCatalogue } from '@/lib/latin-words';
import en from './en.json';
import km from './km.json';

/** Plural forms (`key_one`, `key_other`) count as their base key: Khmer has a single form. */
function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keys(value as object, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );
}

describe('translations', () => {
  it('has the same keys in Khmer and English', () => {
    expect([...new Set(keys(en))].sort()).toEqual([...new Set(keys(km))].sort());
  });

  it('writes no Latin word in Khmer outside the allow-list of the Khmer walk (e2e/khmer-text.ts)', () => {
    // The language switch names English in English, inside `lang="en"`: the walk skips it as well.
    expect(latinWordsOfCatalogue(km, { otherLanguageKeys: ['language.en', 'language.enShort'] })).toEqual([]);
  });

  it('catches a Latin word in a Khmer text (the check itself)', () => {
    expect(latinWordsOfCatalogue({ a: { b: 'ដាក់ប្រាក់ Deposit {{amount}} KHR' } })).toEqual(['a.b: Deposit']);
    expect(latinWordsOfCatalogue({ language: { en: 'English' } })).toEqual(['language.en: English']);
  });
});
