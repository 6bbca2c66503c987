import { assertRule } from '../result';

/*
 * The independent Poisson model of providers.md §7.4 with goals capped at 10: P(10) takes the whole tail, so each
 * team's distribution sums to 1 and the score matrix is P_home(i) × P_away(j).
 */

export const MAX_GOALS = 10;
const TWO_POW_32 = 2 ** 32;

/** P(0..9) of a Poisson(λ), and P(10) = the rest. */
export function cappedPoisson(lambda: number): number[] {
  assertRule(Number.isFinite(lambda) && lambda > 0, `λ must be positive: ${lambda}`);
  const p = [Math.exp(-lambda)];
  for (let k = 1; k < MAX_GOALS; k++) p.push((p[k - 1]! * lambda) / k);
  p.push(Math.max(0, 1 - p.reduce((s, x) => s + x, 0)));
  return p;
}

/** matrix[i][j] = P(home scores i, away scores j), i, j in 0..10. */
export function scoreMatrix(lambdaHome: number, lambdaAway: number): number[][] {
  const home = cappedPoisson(lambdaHome);
  const away = cappedPoisson(lambdaAway);
  return home.map((ph) => away.map((pa) => ph * pa));
}

/**
 * The published threshold table: T_k = floor(CDF(k) × 2^32) for k = 0..9 and T_10 = 2^32. Goals = the least k
 * with u < T_k, so a verifier needs only integers. The floats stop here: the committed table is the rule.
 */
export function goalThresholds(lambda: number): number[] {
  const p = cappedPoisson(lambda);
  const table: number[] = [];
  let cdf = 0;
  for (let k = 0; k < MAX_GOALS; k++) {
    cdf += p[k]!;
    table.push(Math.min(TWO_POW_32, Math.floor(cdf * TWO_POW_32)));
  }
  table.push(TWO_POW_32);
  return table;
}

/** Goals from one uniform 32-bit word and a published table. */
export function goalsFromWord(word: number, thresholds: readonly number[]): number {
  assertRule(
    thresholds.length === MAX_GOALS + 1 && thresholds[MAX_GOALS] === TWO_POW_32,
    'a table of 11 ending at 2^32',
  );
  assertRule(Number.isInteger(word) && word >= 0 && word < TWO_POW_32, `a 32-bit word: ${word}`);
  return thresholds.findIndex((t) => word < t);
}
