import { describe, expect, it } from 'vitest';
import {
  BALL_MAX,
  BALL_MIN,
  BET_TYPES,
  DEFAULT_BET_LIMITS,
  DEFAULT_JACKPOT_RULES,
  DEFAULT_RATES_HUNDREDTHS,
  DRAW_SIZE,
  OVER_UNDER_VALUE,
  POSTS,
  RANGE_BET_TYPES,
  RANGE_TOTALS,
  RELEASE_TIMING,
  RESULT_GRID,
  TICKET_FILTERS,
  TOTAL_MAX,
  TOTAL_MIN,
} from './constants';

const sum = (from: number, to: number) => ((from + to) * (to - from + 1)) / 2;

describe('lotto59 constants (seed §9, decisions §3)', () => {
  it('has the seed rates, in hundredths', () => {
    expect(DEFAULT_RATES_HUNDREDTHS).toEqual({
      RANGE_1: 920,
      RANGE_2: 460,
      RANGE_3: 230,
      RANGE_4: 460,
      RANGE_5: 920,
      RANGE_6: 195,
      RANGE_7: 195,
      NUMBER: 5000,
    });
  });

  it('derives the total bounds from the ball range', () => {
    expect(TOTAL_MIN).toBe(sum(BALL_MIN, BALL_MIN + DRAW_SIZE - 1));
    expect(TOTAL_MAX).toBe(sum(BALL_MAX - DRAW_SIZE + 1, BALL_MAX));
  });

  it('splits 55..545 into five contiguous bands and into under/over', () => {
    const bands = (['RANGE_1', 'RANGE_2', 'RANGE_3', 'RANGE_4', 'RANGE_5'] as const).map(
      (t) => RANGE_TOTALS[t],
    );
    expect(bands[0]!.min).toBe(TOTAL_MIN);
    expect(bands.at(-1)!.max).toBe(TOTAL_MAX);
    bands.slice(1).forEach((band, i) => expect(band.min).toBe(bands[i]!.max + 1));
    expect(RANGE_TOTALS.RANGE_6).toEqual({ min: 55, max: 300 });
    expect(RANGE_TOTALS.RANGE_7).toEqual({ min: 301, max: 545 });
    expect(OVER_UNDER_VALUE).toEqual({ RANGE_6: 'U', RANGE_7: 'O' });
  });

  it('lists the vocabularies of seed §3', () => {
    expect(BET_TYPES).toEqual([...RANGE_BET_TYPES, 'NUMBER', 'JACKPOT']);
    expect(POSTS).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(TICKET_FILTERS).toEqual([
      'ALL',
      'JACKPOT',
      'WIN_JACKPOT',
      'NOT_JACKPOT',
      'OUTSTANDING',
      ...RANGE_BET_TYPES,
    ]);
  });

  it('keeps the seed timings, grid, limits and jackpot defaults', () => {
    expect(RELEASE_TIMING).toEqual({
      delayResultSeconds: 1,
      releaseResultSeconds: 5,
      totalReleaseResultSeconds: 65,
    });
    expect(RESULT_GRID).toEqual({ columns: 10, rows: RANGE_BET_TYPES.length });
    expect(DEFAULT_BET_LIMITS).toEqual({ minRiel: 500, maxRiel: 2_000_000 });
    expect(DEFAULT_JACKPOT_RULES).toEqual({
      stakeRiel: 1000,
      tier3Multiplier: 5,
      tier2Multiplier: 150,
      poolSeedRiel: 10_000_000,
      poolSharePercent: 20,
      linesPerPlayerRoundMax: 10,
    });
  });
});
