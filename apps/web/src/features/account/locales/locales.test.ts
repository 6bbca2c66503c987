import { describe, expect, it } from 'vitest';
import { latinWordsOfCatalogue } from '@/lib/latin-words';
import en from './en.json';
import km from './km.json';

describe('account translations', () => {
  it('has the same keys in Khmer and English', () => {
    expect(Object.keys(en.password).sort()).toEqual(Object.keys(km.password).sort());
  });

  it('writes no Latin word in Khmer outside the allow-list of the Khmer walk (e2e/khmer-text.ts)', () => {
    expect(latinWordsOfCatalogue(km)).toEqual([]);
  });
});
