import { describe, expect, it } from 'vitest';
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
});
