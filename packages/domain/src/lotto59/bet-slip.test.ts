import { describe, expect, it } from 'vitest';
import {
  buildBetSlip,
  buildJackpotSlip,
  formatJackpotLine,
  parseAmount,
  parseJackpotLine,
  quickPickLine,
} from './bet-slip';

const slip = (over: Partial<Parameters<typeof buildBetSlip>[0]>) =>
  buildBetSlip({ ranges: [], posts: [], numbersText: '', amountText: '1000', ...over });

describe('amount (seed §5 "invalid amount")', () => {
  it('reads whole riel with Latin or Khmer digits, separators and the riel sign', () => {
    expect(parseAmount('1000')).toEqual({ ok: true, value: 1000 });
    expect(parseAmount(' 2,000,000 ')).toEqual({ ok: true, value: 2_000_000 });
    expect(parseAmount('១០០០')).toEqual({ ok: true, value: 1000 });
    expect(parseAmount('៥,០០០ ៛')).toEqual({ ok: true, value: 5000 });
    expect(parseAmount('10 000')).toEqual({ ok: true, value: 10_000 });
  });

  it('refuses what is not a positive whole number', () => {
    for (const text of ['', ' ', '0', '-500', '1.5', '12,34', 'abc', '5e3', '1,0000'])
      expect(parseAmount(text)).toEqual({ ok: false, error: 'INVALID_AMOUNT' });
  });
});

describe('bet slip', () => {
  it('counts one bet per range and per (post, number) pair, and totals the stake', () => {
    const result = slip({ ranges: ['RANGE_1', 'RANGE_6'], posts: ['A', 'C'], numbersText: '៥, 10-12' });
    expect(result).toEqual({
      ok: true,
      value: {
        ranges: ['RANGE_1', 'RANGE_6'],
        number: { posts: ['A', 'C'], numbers: [5, 10, 11, 12] },
        amountRiel: 1000,
        betCount: 10,
        totalRiel: 10_000,
      },
    });
  });

  it('asks for posts when numbers are typed without one (seed §5 "select posts")', () => {
    expect(slip({ numbersText: '5' })).toEqual({ ok: false, error: 'SELECT_POSTS' });
    expect(slip({ ranges: ['RANGE_2'], numbersText: '5' })).toEqual({ ok: false, error: 'SELECT_POSTS' });
  });

  it('asks for numbers when posts are chosen without any, and reports a bad list', () => {
    expect(slip({ posts: ['B'] })).toEqual({ ok: false, error: 'NUMBERS_REQUIRED' });
    expect(slip({ posts: ['B'], numbersText: '60' })).toEqual({ ok: false, error: 'OUT_OF_RANGE' });
    expect(slip({ posts: ['B'], numbersText: '10-5' })).toEqual({ ok: false, error: 'BAD_RANGE' });
    expect(slip({ posts: ['B'], numbersText: '5, x' })).toEqual({ ok: false, error: 'NOT_A_NUMBER' });
  });

  it('needs at least one bet, then a valid amount', () => {
    expect(slip({})).toEqual({ ok: false, error: 'NOTHING_SELECTED' });
    expect(slip({ ranges: ['RANGE_7'], amountText: '0' })).toEqual({ ok: false, error: 'INVALID_AMOUNT' });
  });

  it('merges a range chosen twice', () => {
    const result = slip({ ranges: ['RANGE_3', 'RANGE_3'] });
    expect(result.ok && result.value.betCount).toBe(1);
  });
});

describe('jackpot lines', () => {
  it('reads 5 distinct numbers, sorted, with Khmer digits and commas', () => {
    expect(parseJackpotLine('59 3 ១៤, 15 26')).toEqual({ ok: true, value: [3, 14, 15, 26, 59] });
    expect(formatJackpotLine([3, 14, 15, 26, 59])).toBe('3 14 15 26 59');
  });

  it('says what is wrong with a line', () => {
    expect(parseJackpotLine('1 2 3 4')).toEqual({ ok: false, error: 'SIZE' });
    expect(parseJackpotLine('1 2 3 4 5 6')).toEqual({ ok: false, error: 'SIZE' });
    expect(parseJackpotLine('1 2 3 4 60')).toEqual({ ok: false, error: 'OUT_OF_RANGE' });
    expect(parseJackpotLine('1 2 3 4 4')).toEqual({ ok: false, error: 'DUPLICATE' });
    expect(parseJackpotLine('1 2 3 4 x')).toEqual({ ok: false, error: 'NOT_A_NUMBER' });
  });

  it('totals the lines at the fixed stake, skipping blank rows, and names the first bad one', () => {
    expect(buildJackpotSlip(['1 2 3 4 5', ' ', '6 7 8 9 10'], 1000)).toEqual({
      ok: true,
      value: {
        lines: [
          [1, 2, 3, 4, 5],
          [6, 7, 8, 9, 10],
        ],
        totalRiel: 2000,
      },
    });
    expect(buildJackpotSlip(['1 2 3 4 5', '1 1 2 3 4'], 1000)).toEqual({
      ok: false,
      error: { index: 1, error: 'DUPLICATE' },
    });
    expect(buildJackpotSlip(['', '  '], 1000)).toEqual({ ok: false, error: 'NO_LINES' });
  });

  it('quick-picks 5 distinct numbers from the caller’s randomness', () => {
    const line = quickPickLine(() => 0);
    expect(line).toEqual([1, 2, 3, 4, 5]);
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 50; i++)
      expect(parseJackpotLine(formatJackpotLine(quickPickLine(random))).ok).toBe(true);
    expect(quickPickLine(() => 0.999999)).toEqual([55, 56, 57, 58, 59]);
  });
});
