import { describe, expect, it } from 'vitest';
import { roundRobinRound } from './schedule';

describe('round robin by the circle method', () => {
  const rounds = Array.from({ length: 14 }, (_, r) => roundRobinRound(r, 8));

  it('every round has 4 matches and every club plays once', () => {
    for (const matches of rounds) {
      expect(matches).toHaveLength(4);
      expect(matches.flat().sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    }
  });

  it('7 rounds meet every pair once; 14 rounds hold all 56 ordered pairings exactly once', () => {
    const unordered = rounds
      .slice(0, 7)
      .flatMap((m) => m.map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`));
    expect(new Set(unordered).size).toBe(28);
    const ordered = rounds.flatMap((m) => m.map(([h, a]) => `${h}>${a}`));
    expect(new Set(ordered).size).toBe(56);
    expect(ordered).toHaveLength(56);
  });

  it('each club is at home 7 times in the 14 rounds, and the schedule repeats after them', () => {
    for (let club = 0; club < 8; club++) expect(rounds.flat().filter(([h]) => h === club)).toHaveLength(7);
    expect(roundRobinRound(14, 8)).toEqual(rounds[0]);
    expect(roundRobinRound(21, 8)).toEqual(rounds[7]);
  });
});
