import { assert } from '../control/control';
import {
  BALL_MAX,
  BALL_MIN,
  DRAW_SIZE,
  JACKPOT_LINE_SIZE,
  RANGE_TOTALS,
  RATED_BET_TYPES,
  TOTAL_MAX,
  TOTAL_MIN,
  type JackpotRules,
  type RatedBetType,
  type RateTable,
} from './constants';

/*
 * Exact odds and returns, from counting rather than simulation, so the docs, the operator command line and the
 * start-up warning (decisions §3: warn when a bet type returns more than it takes) all read the same figures.
 */

const BALL_COUNT = BALL_MAX - BALL_MIN + 1;

/** n choose k, exact. */
export function binomial(n: number, k: number): bigint {
  assert(Number.isInteger(n) && Number.isInteger(k) && n >= 0, `bad binomial ${n} choose ${k}`);
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  // Each partial product is itself a binomial coefficient, so the division is exact at every step.
  for (let i = 1; i <= Math.min(k, n - k); i++)
    result = (result * BigInt(n - Math.min(k, n - k) + i)) / BigInt(i);
  return result;
}

let cachedCounts: readonly bigint[] | undefined;

/** Number of 10-ball sets per total 55..545, by the subset-sum recurrence over balls 1..59. */
function countsByTotal(): readonly bigint[] {
  if (cachedCounts) return cachedCounts;
  // ways[k][s]: sets of k balls, among those seen so far, whose sum is s.
  const ways = Array.from({ length: DRAW_SIZE + 1 }, () => new Array<bigint>(TOTAL_MAX + 1).fill(0n));
  ways[0]![0] = 1n;
  for (let ball = BALL_MIN; ball <= BALL_MAX; ball++) {
    for (let k = DRAW_SIZE; k >= 1; k--) {
      const into = ways[k]!;
      const from = ways[k - 1]!;
      for (let s = TOTAL_MAX; s >= ball; s--) into[s]! += from[s - ball]!;
    }
  }
  cachedCounts = ways[DRAW_SIZE]!.slice(TOTAL_MIN);
  assert(
    cachedCounts.reduce((a, b) => a + b, 0n) === binomial(BALL_COUNT, DRAW_SIZE),
    'counts must cover C(59,10)',
  );
  return cachedCounts;
}

/**
 * Exact distribution of the total of 10 distinct numbers drawn from 1..59: counts (BigInt) per total 55..545,
 * over C(59,10). The draw order does not change the total, so every 10-ball set is one equally likely outcome.
 */
export function totalDistribution(): { totals: number[]; counts: bigint[]; outcomes: bigint } {
  const counts = [...countsByTotal()];
  return {
    totals: counts.map((_, i) => TOTAL_MIN + i),
    counts,
    outcomes: binomial(BALL_COUNT, DRAW_SIZE),
  };
}

/** An exact probability as a fraction (not reduced; the denominator is the outcome count). */
export interface ExactProbability {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

/** Exact probability that a bet type wins. NUMBER: the ball at one post is uniform over 59 numbers. */
export function exactWinProbability(type: RatedBetType): ExactProbability {
  if (type === 'NUMBER') return { numerator: 1n, denominator: BigInt(BALL_COUNT) };
  const { min, max } = RANGE_TOTALS[type];
  const numerator = countsByTotal()
    .slice(min - TOTAL_MIN, max - TOTAL_MIN + 1)
    .reduce((a, b) => a + b, 0n);
  return { numerator, denominator: binomial(BALL_COUNT, DRAW_SIZE) };
}

// Both parts are below 2^53, so each converts exactly and the division rounds once.
const ratio = (numerator: bigint, denominator: bigint): number => {
  assert(numerator <= BigInt(Number.MAX_SAFE_INTEGER) && denominator <= BigInt(Number.MAX_SAFE_INTEGER));
  return Number(numerator) / Number(denominator);
};

export function winProbability(type: RatedBetType): number {
  const p = exactWinProbability(type);
  return ratio(p.numerator, p.denominator);
}

/** Expected return per riel staked, exact (e.g. RANGE_3 ≈ 0.893), from the rates table. */
export function expectedReturn(type: RatedBetType, rates: RateTable): number {
  const p = exactWinProbability(type);
  return ratio(p.numerator * BigInt(rates[type]), p.denominator * 100n);
}

export function rtpTable(
  rates: RateTable,
): { type: RatedBetType; rateHundredths: number; probability: number; rtp: number }[] {
  return RATED_BET_TYPES.map((type) => ({
    type,
    rateHundredths: rates[type],
    probability: winProbability(type),
    rtp: expectedReturn(type, rates),
  }));
}

/** Bet types that return more than they take with these rates: the start-up warning of decisions §3. */
export function overpayingBetTypes(rates: RateTable): RatedBetType[] {
  return RATED_BET_TYPES.filter((type) => {
    const p = exactWinProbability(type);
    return p.numerator * BigInt(rates[type]) > p.denominator * 100n;
  });
}

const JACKPOT_MATCHES = [3, 4, 5] as const;

/** Hypergeometric: a 5-number line, 10 of the 59 balls drawn; k matches = C(10,k)·C(49,5−k) / C(59,5). */
export function exactJackpotOdds(): { matches: 3 | 4 | 5; probability: ExactProbability }[] {
  const lines = binomial(BALL_COUNT, JACKPOT_LINE_SIZE);
  return JACKPOT_MATCHES.map((matches) => ({
    matches,
    probability: {
      numerator: binomial(DRAW_SIZE, matches) * binomial(BALL_COUNT - DRAW_SIZE, JACKPOT_LINE_SIZE - matches),
      denominator: lines,
    },
  }));
}

/** Jackpot: probabilities of 3/4/5 matches of a 5-number line among 10 drawn of 59 (hypergeometric, exact). */
export function jackpotOdds(): { matches: 3 | 4 | 5; probability: number }[] {
  return exactJackpotOdds().map(({ matches, probability }) => ({
    matches,
    probability: ratio(probability.numerator, probability.denominator),
  }));
}

/**
 * Expected return per riel of a jackpot line from the fixed tiers (3 and 4 matches) only. The pool share comes
 * on top: in the long run the pool pays out what it takes (poolSharePercent of stakes) plus its seed.
 */
export function jackpotFixedReturn(rules: JackpotRules): number {
  const [three, four] = exactJackpotOdds();
  assert(three?.matches === 3 && four?.matches === 4);
  const numerator =
    three.probability.numerator * BigInt(rules.tier3Multiplier) +
    four.probability.numerator * BigInt(rules.tier2Multiplier);
  return ratio(numerator, three.probability.denominator);
}
