import { describe, expect, it } from 'vitest';
import { AssertionError } from '../control/control';
import { DEFAULT_JACKPOT_RULES, DEFAULT_RATES_HUNDREDTHS, POSTS } from './constants';
import {
  betWins,
  jackpotFixedPayoutOf,
  jackpotMatches,
  jackpotTierOf,
  payoutOf,
  settleBet,
  validateJackpotLine,
} from './payout';

const rates = DEFAULT_RATES_HUNDREDTHS;
// Total 31+28+46+54+20+11+10+24+12+30 = 266: RANGE_2 and under (RANGE_6).
const DRAW = [31, 28, 46, 54, 20, 11, 10, 24, 12, 30] as const;

describe('payouts (decisions §3: stake × rate, rounded down, stake included)', () => {
  it('rounds down in whole riel', () => {
    expect(payoutOf(333, 920)).toBe(3063); // 3063.6
    expect(payoutOf(333, 195)).toBe(649); // 649.35
    expect(payoutOf(999, 230)).toBe(2297); // 2297.7
    expect(payoutOf(1000, 920)).toBe(9200);
    expect(payoutOf(500, 5000)).toBe(25_000);
    expect(payoutOf(0, 920)).toBe(0);
    expect(payoutOf(2_000_000, 5000)).toBe(100_000_000);
  });

  it('stays exact for stakes whose product exceeds 2^53', () => {
    // 123456789012347 × 199 = 24,567,901,013,457,053: a float product would already be off by one.
    expect(payoutOf(123_456_789_012_347, 199)).toBe(245_679_010_134_570);
    expect(() => payoutOf(Number.MAX_SAFE_INTEGER, 5000)).toThrow(AssertionError);
  });

  it('refuses non-integer stakes and rates', () => {
    expect(() => payoutOf(10.5, 920)).toThrow(AssertionError);
    expect(() => payoutOf(-1, 920)).toThrow(AssertionError);
    expect(() => payoutOf(100, 9.2)).toThrow(AssertionError);
  });

  it('pays NUMBER at each post only for the ball at that post', () => {
    POSTS.forEach((post, index) => {
      expect(settleBet({ type: 'NUMBER', post, number: DRAW[index], amount: 1000 }, DRAW, rates)).toEqual({
        won: true,
        payoutRiel: 50_000,
      });
      // Drawn, but at another post: a loss.
      const other = DRAW[(index + 1) % POSTS.length];
      expect(settleBet({ type: 'NUMBER', post, number: other, amount: 1000 }, DRAW, rates)).toEqual({
        won: false,
        payoutRiel: 0,
      });
    });
    // Positions 6–10 are not posts.
    expect(betWins({ type: 'NUMBER', post: 'A', number: DRAW[5], amount: 1000 }, DRAW)).toBe(false);
    expect(() => betWins({ type: 'NUMBER', post: null, number: 5, amount: 1000 }, DRAW)).toThrow(
      AssertionError,
    );
  });

  it('pays exactly the two range types of the total', () => {
    const won = (
      ['RANGE_1', 'RANGE_2', 'RANGE_3', 'RANGE_4', 'RANGE_5', 'RANGE_6', 'RANGE_7'] as const
    ).filter((type) => settleBet({ type, amount: 333 }, DRAW, rates).won);
    expect(won).toEqual(['RANGE_2', 'RANGE_6']);
    expect(settleBet({ type: 'RANGE_2', amount: 333 }, DRAW, rates).payoutRiel).toBe(1531); // 1531.8
    expect(settleBet({ type: 'RANGE_6', amount: 333 }, DRAW, rates).payoutRiel).toBe(649);
    expect(settleBet({ type: 'RANGE_7', amount: 333 }, DRAW, rates).payoutRiel).toBe(0);
    expect(() => settleBet({ type: 'RANGE_1', amount: 333 }, DRAW.slice(1), rates)).toThrow(AssertionError);
  });

  it('uses the given rate table', () => {
    expect(settleBet({ type: 'RANGE_2', amount: 1000 }, DRAW, { ...rates, RANGE_2: 450 }).payoutRiel).toBe(
      4500,
    );
  });
});

describe('jackpot lines (decisions §3)', () => {
  it('counts matches and maps them to tiers', () => {
    expect(jackpotMatches([10, 11, 12, 20, 24], DRAW)).toBe(5);
    expect(jackpotMatches([10, 11, 12, 20, 59], DRAW)).toBe(4);
    expect(jackpotMatches([1, 11, 12, 20, 59], DRAW)).toBe(3);
    expect(jackpotMatches([1, 2, 3, 4, 5], DRAW)).toBe(0);
    expect(() => jackpotMatches([1, 1, 3, 4, 5], DRAW)).toThrow(AssertionError);
    expect([0, 1, 2, 3, 4, 5].map(jackpotTierOf)).toEqual([null, null, null, 3, 2, 1]);
    expect(() => jackpotTierOf(6)).toThrow(AssertionError);
  });

  it('pays the fixed tiers as multiples of the stake', () => {
    expect(jackpotFixedPayoutOf(3, DEFAULT_JACKPOT_RULES)).toBe(5000);
    expect(jackpotFixedPayoutOf(2, DEFAULT_JACKPOT_RULES)).toBe(150_000);
  });

  it('validates a line of 5 distinct numbers and sorts it', () => {
    expect(validateJackpotLine([59, 1, 30, 2, 7])).toEqual({ ok: true, value: [1, 2, 7, 30, 59] });
    expect(validateJackpotLine([1, 2, 3, 4])).toEqual({ ok: false, error: 'SIZE' });
    expect(validateJackpotLine([1, 2, 3, 4, 5, 6])).toEqual({ ok: false, error: 'SIZE' });
    expect(validateJackpotLine([0, 2, 3, 4, 5])).toEqual({ ok: false, error: 'OUT_OF_RANGE' });
    expect(validateJackpotLine([1, 2, 3, 4, 60])).toEqual({ ok: false, error: 'OUT_OF_RANGE' });
    expect(validateJackpotLine([1, 2, 3, 4, 4.5])).toEqual({ ok: false, error: 'OUT_OF_RANGE' });
    expect(validateJackpotLine([1, 2, 3, 4, 4])).toEqual({ ok: false, error: 'DUPLICATE' });
  });
});
