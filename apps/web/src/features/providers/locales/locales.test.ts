import { describe, expect, it } from 'vitest';
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
});
