import { describe, expect, it } from 'vitest';
import { LATIN_FAIRNESS_STANDARDS, latinWordsOfCatalogue } from '@/lib/latin-words';
import en from './en.json';
import km from './km.json';
import rulesEn from './rules.en.json';
import rulesKm from './rules.km.json';

/** Plural forms (`key_one`, `key_other`) count as their base key: Khmer has a single form. */
function keys(tree: object, prefix = ''): string[] {
  const all = Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keys(value as object, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`],
  );
  return [...new Set(all)].sort();
}

describe('lotto 59 translations', () => {
  it('has the same keys in Khmer and English', () => {
    expect(keys(en)).toEqual(keys(km));
    expect(keys(rulesEn)).toEqual(keys(rulesKm));
  });

  it('keeps the seed §5 client messages', () => {
    expect(km.board.errors.selectPosts).toBe('សូមជ្រើសរើសប៉ុស្តិ៍');
    expect(en.board.errors.selectPosts).toBe('Select posts');
    expect(en.board.errors.invalidAmount).toBe('Invalid amount');
    expect(en.betErrors.notEnoughMoney).toBe('Insufficient amount');
    expect(en.betErrors.betFailed).toBe('Your bet failed');
  });

  it('writes no Latin word in Khmer outside the allow-list of the Khmer walk (e2e/khmer-text.ts)', () => {
    expect(latinWordsOfCatalogue(km)).toEqual([]);
    // The rules name the fairness standards, as the walk of the rules page allows.
    expect(latinWordsOfCatalogue(rulesKm, { allow: LATIN_FAIRNESS_STANDARDS })).toEqual([]);
  });
});
