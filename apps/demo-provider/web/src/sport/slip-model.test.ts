import { describe, expect, it } from 'vitest';
import type { SportFixture } from '../../../src/api/game-api';
import {
  combinedOdds,
  lineText,
  parlayAllowed,
  parlaySummary,
  type Pick,
  selectionsOf,
  stakeProblem,
} from './slip-model';

const fixture = (id: string): SportFixture => ({
  id,
  round_index: 0,
  match_no: 1,
  kickoff_at: '2026-11-23T01:00:00.000Z',
  home: { code: 'MEK', name: 'Mekong Tigers' },
  away: { code: 'KKD', name: 'Koh Kong Dolphins' },
  state: 'SCHEDULED',
  score: null,
  void_reason: null,
  // The §7.4 example's prices.
  odds: {
    oneXTwo: { home: 143, draw: 464, away: 717 },
    handicap: { lineQuarters: -5, home: 202, away: 180 },
    total: { lineQuarters: 10, over: 186, under: 197 },
  },
  returns: [0.95, 0.95, 0.95, 0.96, 0.96, 0.958, 0.958],
  seed_hash: '',
  fixture_hash: '',
});

const pick = (f: SportFixture, index: number): Pick => ({
  key: `${f.id}#${index}`,
  fixture: f,
  index,
  leg: selectionsOf(f)[index]!,
  expected: f.returns[index]!,
  stake: 10_000,
});

describe('the bet slip arithmetic', () => {
  it('reads lines from the side picked: AH home −1.25, away +1.25, O/U 2.5', () => {
    const legs = selectionsOf(fixture('a'));
    expect([lineText(legs[3]!), lineText(legs[4]!), lineText(legs[5]!), lineText(legs[0]!)]).toEqual([
      '−1.25',
      '+1.25',
      '2.5',
      '',
    ]);
  });

  it('combines odds by flooring the product to hundredths and shows the parlay expected return', () => {
    expect(combinedOdds([143, 202])).toBe(288); // 2.8886 → 2.88
    expect(combinedOdds([186, 197, 202])).toBe(740); // 7.401... → 7.40
    const summary = parlaySummary(
      [pick(fixture('a'), 3), pick(fixture('b'), 5), pick(fixture('c'), 5)],
      10_000,
    );
    expect(summary.payout).toBe(Math.floor((10_000 * 202 * 186 * 186) / 1_000_000));
    expect(summary.expected).toBeCloseTo(0.96 * 0.958 * 0.958, 12);
  });

  it('allows a parlay of 2–8 picks from different fixtures only, and checks the stake limits', () => {
    const a = fixture('a');
    expect(parlayAllowed([pick(a, 0)])).toBe(false);
    expect(parlayAllowed([pick(a, 0), pick(a, 5)])).toBe(false);
    expect(parlayAllowed([pick(a, 0), pick(fixture('b'), 5)])).toBe(true);
    expect(stakeProblem(999, [143])).toBe('low');
    expect(stakeProblem(2_000_001, [143])).toBe('high');
    expect(stakeProblem(2_000_000, [717, 717, 717])).toBe('payout');
    expect(stakeProblem(1_000, [143])).toBeNull();
  });
});
