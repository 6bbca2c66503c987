import { describe, expect, it } from 'vitest';
import { riel } from '../money/riel';
import { DEFAULT_LOTTERY_LIMITS, DEFAULT_LOTTERY_PRICING } from './constants';
import { LOTTERY_ERROR_CODES, lotteryErrorMessage, type LotteryError } from './errors';
import {
  checkBalance,
  checkBeforeCutoff,
  checkItemCount,
  checkLotteryAmount,
  checkNumberExposure,
  worstLinePayout,
} from './limits';

const limits = DEFAULT_LOTTERY_LIMITS;
const refusal = (error: LotteryError) => ({ ok: false, error });

describe('limits of lottery.md §5', () => {
  it('takes amounts from 100 ៛ up to 100,000 ៛ (2D) and 20,000 ៛ (3D) per number per line', () => {
    expect(checkLotteryAmount(100, '2D', limits)).toEqual({ ok: true, value: 100 });
    expect(checkLotteryAmount(100_000, '2D', limits)).toEqual({ ok: true, value: 100_000 });
    expect(checkLotteryAmount(20_000, '3D', limits)).toEqual({ ok: true, value: 20_000 });
    expect(checkLotteryAmount(99, '2D', limits)).toEqual(refusal({ code: 'BET_AMOUNT_TOO_LOW', min: 100 }));
    expect(checkLotteryAmount(100_001, '2D', limits)).toEqual(
      refusal({ code: 'BET_AMOUNT_TOO_HIGH', max: 100_000 }),
    );
    expect(checkLotteryAmount(20_001, '3D', limits)).toEqual(
      refusal({ code: 'BET_AMOUNT_TOO_HIGH', max: 20_000 }),
    );
  });

  it.each([0, -100, 150.5, '1000', Number.NaN, null, 2 ** 60])('refuses %j as INVALID_AMOUNT', (amount) => {
    expect(checkLotteryAmount(amount, '2D', limits)).toEqual(refusal({ code: 'INVALID_AMOUNT' }));
  });

  it('takes 1 to 50 items a ticket', () => {
    expect(checkItemCount(1, limits).ok).toBe(true);
    expect(checkItemCount(50, limits).ok).toBe(true);
    expect(checkItemCount(0, limits)).toEqual(refusal({ code: 'NO_ITEMS' }));
    expect(checkItemCount(51, limits)).toEqual(refusal({ code: 'TOO_MANY_ITEMS', count: 51, max: 50 }));
  });

  it('refuses every change at the cut-off to the millisecond', () => {
    const cutoffAtMs = Date.UTC(2025, 5, 1, 9, 5);
    expect(checkBeforeCutoff(cutoffAtMs - 1, cutoffAtMs).ok).toBe(true);
    expect(checkBeforeCutoff(cutoffAtMs, cutoffAtMs)).toEqual(refusal({ code: 'BETTING_CLOSED' }));
    expect(checkBeforeCutoff(cutoffAtMs + 1, cutoffAtMs)).toEqual(refusal({ code: 'BETTING_CLOSED' }));
  });

  it('needs the whole ticket net in the balance', () => {
    expect(checkBalance(riel(8000), riel(8000)).ok).toBe(true);
    expect(checkBalance(riel(7999), riel(8000))).toEqual(refusal({ code: 'INSUFFICIENT_FUNDS' }));
  });

  it('caps all players on one number and line at 2,000,000 ៛ (2D) / 200,000 ៛ (3D), naming what is left', () => {
    const exposure = (betType: '2D' | '3D', placed: number, amount: number) =>
      checkNumberExposure({
        betType,
        number: '14',
        lineCode: 'G8',
        placed: riel(placed),
        amount: riel(amount),
        limits,
      });
    expect(exposure('2D', 1_999_000, 1000).ok).toBe(true);
    expect(exposure('2D', 1_999_000, 1001)).toEqual(
      refusal({ code: 'NUMBER_EXPOSURE_LIMIT', number: '14', lineCode: 'G8', remaining: 1000 }),
    );
    expect(exposure('3D', 200_000, 100)).toEqual(
      refusal({ code: 'NUMBER_EXPOSURE_LIMIT', number: '14', lineCode: 'G8', remaining: 0 }),
    );
    // A cap lowered below what is already placed still answers 0, never a negative remainder.
    const lowered = { ...limits, maxFacePerNumber: { '2D': 500, '3D': 500 } };
    const over = checkNumberExposure({
      betType: '2D',
      number: '14',
      lineCode: 'G8',
      placed: riel(900),
      amount: riel(100),
      limits: lowered,
    });
    expect(!over.ok && over.error).toMatchObject({ remaining: 0 });
  });

  it('bounds the worst line at 150,000,000 ៛ (2D) and 130,000,000 ៛ (3D)', () => {
    expect(worstLinePayout('2D', DEFAULT_LOTTERY_PRICING.price['2D'], limits)).toBe(150_000_000);
    expect(worstLinePayout('3D', DEFAULT_LOTTERY_PRICING.price['3D'], limits)).toBe(130_000_000);
  });
});

describe('wire messages', () => {
  it('are the seed §5 texts where the client maps them', () => {
    expect(lotteryErrorMessage({ code: 'BET_AMOUNT_TOO_LOW', min: 100 })).toBe(
      'The amount must be at least 100.',
    );
    expect(lotteryErrorMessage({ code: 'BET_AMOUNT_TOO_HIGH', max: 20_000 })).toBe(
      'The amount must not be greater than 20000.',
    );
    expect(
      lotteryErrorMessage({ code: 'NUMBER_EXPOSURE_LIMIT', number: '14', lineCode: 'G8', remaining: 1000 }),
    ).toBe('The amount must not be greater than 1000.');
    expect(lotteryErrorMessage({ code: 'INSUFFICIENT_FUNDS' })).toBe('Not enought money.');
    expect(lotteryErrorMessage({ code: 'BETTING_CLOSED' })).toBe('Request timeout.');
  });

  it('exist for every code', () => {
    const samples: LotteryError[] = [
      { code: 'INVALID_POST', problem: 'NOT_ON_LAYOUT', post: 'E' },
      { code: 'INVALID_NUMBERS', problem: 'EMPTY' },
      { code: 'TOO_MANY_NUMBERS', count: 101, max: 100 },
      { code: 'NO_ITEMS' },
      { code: 'TOO_MANY_ITEMS', count: 51, max: 50 },
      { code: 'INVALID_AMOUNT' },
      { code: 'BET_AMOUNT_TOO_LOW', min: 100 },
      { code: 'BET_AMOUNT_TOO_HIGH', max: 1 },
      { code: 'NUMBER_EXPOSURE_LIMIT', number: '1', lineCode: 'A', remaining: 1 },
      { code: 'INSUFFICIENT_FUNDS' },
      { code: 'BETTING_CLOSED' },
      { code: 'LOTTERY_DISABLED' },
      { code: 'NOT_SETTLED' },
    ];
    expect(samples.map((s) => s.code)).toEqual([...LOTTERY_ERROR_CODES]);
    const texts = samples.map(lotteryErrorMessage);
    for (const text of texts) expect(text).toMatch(/\S/);
    expect(lotteryErrorMessage({ code: 'INVALID_POST', problem: 'NOT_ON_LAYOUT', post: 'E' })).toContain('E');
    expect(lotteryErrorMessage({ code: 'INVALID_POST', problem: 'EMPTY' })).toBe(
      'Select at least one post or ROLL.',
    );
  });
});
