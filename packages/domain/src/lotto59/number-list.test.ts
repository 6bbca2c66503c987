import { describe, expect, it } from 'vitest';
import { AssertionError } from '../control/control';
import { formatNumberList, parseNumberList } from './number-list';

// Small seeded generator (mulberry32) so the property runs are random-looking yet repeatable.
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

describe('number lists (decisions §3 NUMBER bets)', () => {
  it.each([
    ['5, 10-15, 59', [5, 10, 11, 12, 13, 14, 15, 59]],
    ['5', [5]],
    ['1-59', Array.from({ length: 59 }, (_, i) => i + 1)],
    ['៥, ១០-១២', [5, 10, 11, 12]],
    ['៥៩', [59]],
    ['  7 ,,3  ', [3, 7]],
    ['3 7\t9\n11', [3, 7, 9, 11]],
    ['10 - 12', [10, 11, 12]],
    ['10–12', [10, 11, 12]],
    ['12-12', [12]],
    ['05, 5, 3-6', [3, 4, 5, 6]],
  ])('parses %j', (text, numbers) => {
    expect(parseNumberList(text)).toEqual({ ok: true, value: numbers });
  });

  it.each([
    ['', 'EMPTY'],
    [' , ,', 'EMPTY'],
    ['abc', 'NOT_A_NUMBER'],
    ['5, x', 'NOT_A_NUMBER'],
    ['1.5', 'NOT_A_NUMBER'],
    ['-5', 'NOT_A_NUMBER'],
    ['5-', 'NOT_A_NUMBER'],
    ['1-2-3', 'NOT_A_NUMBER'],
    ['0', 'OUT_OF_RANGE'],
    ['60', 'OUT_OF_RANGE'],
    ['៦០', 'OUT_OF_RANGE'],
    ['50-60', 'OUT_OF_RANGE'],
    ['99999999999999999999999', 'OUT_OF_RANGE'],
    ['10-5', 'BAD_RANGE'],
    ['3, 10-5', 'BAD_RANGE'],
  ])('refuses %j with %s', (text, code) => {
    expect(parseNumberList(text)).toEqual({ ok: false, error: code });
  });

  it('formats runs of three or more as ranges', () => {
    expect(formatNumberList([5, 10, 11, 12])).toBe('5, 10-12');
    expect(formatNumberList([12, 11, 10, 5, 5])).toBe('5, 10-12');
    expect(formatNumberList([10, 11])).toBe('10, 11');
    expect(formatNumberList([1, 2, 3, 5, 6, 7, 8, 59])).toBe('1-3, 5-8, 59');
    expect(formatNumberList([])).toBe('');
    expect(() => formatNumberList([0])).toThrow(AssertionError);
    expect(() => formatNumberList([2.5])).toThrow(AssertionError);
  });

  it('round-trips any set of numbers: parse(format(s)) = s', () => {
    const next = generator(59);
    for (let run = 0; run < 500; run++) {
      const density = next();
      const set = Array.from({ length: 59 }, (_, i) => i + 1).filter(() => next() < density);
      if (set.length === 0) continue;
      expect(parseNumberList(formatNumberList(set))).toEqual({ ok: true, value: set });
    }
  });

  it('is stable: format(parse(x)) parses back to itself for any accepted text', () => {
    const next = generator(10);
    const pieces = [',', ' ', ', ', '-', ' - ', '–'];
    const digit = () => String(Math.floor(next() * 62));
    for (let run = 0; run < 2000; run++) {
      let text = digit();
      for (let i = Math.floor(next() * 6); i > 0; i--)
        text += pieces[Math.floor(next() * pieces.length)]! + digit();
      const parsed = parseNumberList(text);
      if (!parsed.ok) continue;
      const formatted = formatNumberList(parsed.value);
      expect(formatNumberList((parseNumberList(formatted) as { value: number[] }).value)).toBe(formatted);
      expect(parseNumberList(formatted)).toEqual(parsed);
    }
  });
});
