import { describe, expect, it } from 'vitest';
import {
  DEFAULT_JACKPOT_RULES,
  DEFAULT_RATES_HUNDREDTHS,
  RANGE_BET_TYPES,
  type RatedBetType,
} from './constants';
import {
  binomial,
  exactJackpotOdds,
  exactWinProbability,
  expectedReturn,
  jackpotFixedReturn,
  jackpotOdds,
  overpayingBetTypes,
  rtpTable,
  totalDistribution,
  winProbability,
} from './rtp';

const C_59_10 = 62_828_356_305n;

// Winning 10-ball sets of each range type, out of C(59,10); published in docs/game-rules.md.
const WINNING_SETS: Readonly<Record<(typeof RANGE_BET_TYPES)[number], bigint>> = {
  RANGE_1: 6_838_135_987n,
  RANGE_2: 12_374_912_344n,
  RANGE_3: 24_402_259_643n,
  RANGE_4: 12_374_912_344n,
  RANGE_5: 6_838_135_987n,
  RANGE_6: 31_663_402_583n,
  RANGE_7: 31_164_953_722n,
};

// Exact returns per riel staked with the seed's rates, as computed independently (Python fractions).
const RTP: Readonly<Record<RatedBetType, number>> = {
  RANGE_1: 1.0013130182015193,
  RANGE_2: 0.9060335194201131,
  RANGE_3: 0.8933099714791274,
  RANGE_4: 0.9060335194201131,
  RANGE_5: 1.0013130182015193,
  RANGE_6: 0.9827351639937192,
  RANGE_7: 0.9672648360062808,
  NUMBER: 0.847457627118644,
};

describe('exact distribution of the total', () => {
  const { totals, counts, outcomes } = totalDistribution();

  it('covers 55..545 and all C(59,10) = 62,828,356,305 sets exactly', () => {
    expect(binomial(59, 10)).toBe(C_59_10);
    expect(outcomes).toBe(C_59_10);
    expect(totals[0]).toBe(55);
    expect(totals.at(-1)).toBe(545);
    expect(counts).toHaveLength(491);
    expect(counts.reduce((a, b) => a + b, 0n)).toBe(C_59_10);
    expect(counts[0]).toBe(1n);
    expect(counts[1]).toBe(1n); // 56 = 1+…+9+11 only
    expect(counts[2]).toBe(2n); // 57: …+12, or …+8+10+11
  });

  it('is symmetric around 300: total t and 600 − t have equal counts', () => {
    totals.forEach((t, i) => expect(counts[i]).toBe(counts[totals.indexOf(600 - t)]));
  });

  it('has the mean and variance of sampling 10 of 59 without replacement', () => {
    // Mean 10·30 = 300; variance n·σ²·(N−n)/(N−1) = 10 · 290 · 49/58 = 2450, both exact.
    const sum = counts.reduce((acc, c, i) => acc + c * BigInt(totals[i]!), 0n);
    const sumSquares = counts.reduce((acc, c, i) => acc + c * BigInt(totals[i]! - 300) ** 2n, 0n);
    expect(sum).toBe(300n * C_59_10);
    expect(sumSquares).toBe(2450n * C_59_10);
  });

  it('computes binomials exactly', () => {
    expect(binomial(59, 5)).toBe(5_006_386n);
    expect(binomial(5, 0)).toBe(1n);
    expect(binomial(5, 6)).toBe(0n);
    expect(binomial(60, 30)).toBe(118_264_581_564_861_424n);
  });
});

describe('win probabilities and returns (decisions §3)', () => {
  it.each(RANGE_BET_TYPES)('%s wins on its exact count of sets', (type) => {
    expect(exactWinProbability(type)).toEqual({ numerator: WINNING_SETS[type], denominator: C_59_10 });
    expect(winProbability(type)).toBe(Number(WINNING_SETS[type]) / Number(C_59_10));
  });

  it('splits the sets into the five bands and into under/over', () => {
    const bands = (['RANGE_1', 'RANGE_2', 'RANGE_3', 'RANGE_4', 'RANGE_5'] as const).map(
      (t) => WINNING_SETS[t],
    );
    expect(bands.reduce((a, b) => a + b)).toBe(C_59_10);
    expect(WINNING_SETS.RANGE_6 + WINNING_SETS.RANGE_7).toBe(C_59_10);
    // Under includes the centre 300, so it beats over by exactly the sets that total 300.
    const at300 = totalDistribution().counts[300 - 55]!;
    expect(WINNING_SETS.RANGE_6 - WINNING_SETS.RANGE_7).toBe(at300);
  });

  it('gives NUMBER 1/59 and a return of exactly 50/59', () => {
    expect(winProbability('NUMBER')).toBe(1 / 59);
    expect(expectedReturn('NUMBER', DEFAULT_RATES_HUNDREDTHS)).toBe(50 / 59);
  });

  it('gives every type its exact return with the seed rates', () => {
    for (const row of rtpTable(DEFAULT_RATES_HUNDREDTHS)) {
      expect(row.rtp).toBeCloseTo(RTP[row.type], 12);
      expect(row.rtp).toBeCloseTo(row.probability * (row.rateHundredths / 100), 15);
    }
    expect(rtpTable(DEFAULT_RATES_HUNDREDTHS).map((r) => r.type)).toEqual([...RANGE_BET_TYPES, 'NUMBER']);
  });

  it('flags RANGE_1 and RANGE_5 as paying more than they take, and nothing once their rate is 9.10', () => {
    expect(overpayingBetTypes(DEFAULT_RATES_HUNDREDTHS)).toEqual(['RANGE_1', 'RANGE_5']);
    const fair = { ...DEFAULT_RATES_HUNDREDTHS, RANGE_1: 910, RANGE_5: 910 };
    expect(overpayingBetTypes(fair)).toEqual([]);
    expect(expectedReturn('RANGE_1', fair)).toBeCloseTo(0.990429, 6);
  });
});

describe('jackpot odds (hypergeometric)', () => {
  it('has the exact odds of 3, 4 and 5 matches', () => {
    expect(exactJackpotOdds()).toEqual([
      { matches: 3, probability: { numerator: 141_120n, denominator: 5_006_386n } },
      { matches: 4, probability: { numerator: 10_290n, denominator: 5_006_386n } },
      { matches: 5, probability: { numerator: 252n, denominator: 5_006_386n } },
    ]);
    const oneIn = jackpotOdds().map((o) => 1 / o.probability);
    expect(oneIn[0]).toBeCloseTo(35.4761, 3); // decisions §3: ≈ 1 in 35.5
    expect(oneIn[1]).toBeCloseTo(486.5292, 3); // ≈ 1 in 490
    expect(oneIn[2]).toBeCloseTo(19866.6111, 3); // ≈ 1 in 19,900
  });

  it('sums to one over 0..5 matches', () => {
    const all = [0, 1, 2, 3, 4, 5].reduce((acc, k) => acc + binomial(10, k) * binomial(49, 5 - k), 0n);
    expect(all).toBe(binomial(59, 5));
  });

  it('returns 44.9 % from the fixed tiers at the default multipliers', () => {
    // (141120 · 5 + 10290 · 150) / 5006386
    expect(jackpotFixedReturn(DEFAULT_JACKPOT_RULES)).toBe(2_249_100 / 5_006_386);
  });
});
