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

describe('lottery translations', () => {
  it('has the same keys in Khmer and English', () => {
    expect(keys(en)).toEqual(keys(km));
  });

  it('keeps the seed §5 client messages', () => {
    expect(km.errors.selectPosts).toBe('សូមជ្រើសរើសប៉ុស្តិ៍');
    expect(en.errors.selectPosts).toBe('Select posts');
    expect(en.errors.invalidAmount).toBe('Invalid amount');
    expect(en.errors.notEnoughMoney).toBe('Insufficient amount');
    expect(en.errors.failed).toBe('Your bet failed');
  });

  it('writes no Latin word in Khmer (single post letters and {{placeholders}} aside)', () => {
    const texts = keys(km).map((key) =>
      key.split('.').reduce<unknown>((node, part) => (node as never)[part], km),
    );
    expect(texts.filter((text) => /[A-Za-z]{2,}/.test(String(text).replace(/\{\{\w+\}\}/g, '')))).toEqual([]);
  });
});
