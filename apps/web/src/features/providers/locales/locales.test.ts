import { describe, expect, it } from 'vitest';
import { latinWordsOfCatalogue } from '@/lib/latin-words';
import en from './en.json';
import km from './km.json';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree)
    .flatMap(([key, value]) =>
      typeof value === 'object' && value !== null
        ? keys(value as object, `${prefix}${key}.`)
        : [`${prefix}${key}`],
    )
    .sort();
}

describe('provider games translations', () => {
  it('has the same keys in Khmer and English', () => {
    expect(keys(en)).toEqual(keys(km));
  });

  it('writes no Latin word in Khmer outside the allow-list of the Khmer walk (e2e/khmer-text.ts)', () => {
    expect(latinWordsOfCatalogue(km)).toEqual([]);
  });
});
