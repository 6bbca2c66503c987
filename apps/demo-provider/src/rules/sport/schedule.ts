import { assertRule } from '../result';

/**
 * The pairings of league round n by the circle method: club 0 stays, the others turn one place a round, so each
 * cycle of (clubs − 1) rounds meets every pair once and every club plays once a round. Odd cycles swap home and
 * away, so two cycles (14 rounds for 8 clubs) hold every ordered pairing exactly once.
 * Returns [home index, away index] per match.
 */
export function roundRobinRound(round: number, clubCount: number): [number, number][] {
  assertRule(Number.isSafeInteger(round) && round >= 0, `round must be a non-negative integer: ${round}`);
  assertRule(Number.isInteger(clubCount) && clubCount >= 2 && clubCount % 2 === 0, 'an even number of clubs');
  const rounds = clubCount - 1;
  const turn = round % rounds;
  const swap = Math.floor(round / rounds) % 2 === 1;
  const circle = [0, ...Array.from({ length: rounds }, (_, i) => ((i + turn) % rounds) + 1)];
  return Array.from({ length: clubCount / 2 }, (_, i): [number, number] => {
    const a = circle[i]!;
    const b = circle[clubCount - 1 - i]!;
    // The fixed club alternates home and away by round; the other pairs by their place on the circle.
    const aAtHome = i === 0 ? turn % 2 === 0 : i % 2 === 0;
    return aAtHome !== swap ? [a, b] : [b, a];
  });
}
