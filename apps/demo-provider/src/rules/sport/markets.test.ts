import { describe, expect, it } from 'vitest';
import { clubByCode, expectedGoalsMillionths } from './clubs';
import { leagueReturns, type MarketReturns } from './league-returns';
import {
  chooseMainLine,
  fairOdds,
  HANDICAP_LINES,
  legOutcome,
  offeredOdds,
  priceFixture,
  quarterLineOutcome,
  type Selection,
  selectionOutcome,
  selectionPrice,
  TOTAL_LINES,
} from './markets';
import { cappedPoisson, goalsFromWord, goalThresholds, scoreMatrix } from './poisson';

const MEKONG = clubByCode('MEK')!;
const KOH_KONG = clubByCode('KKD')!;
const ah = (pick: 'HOME' | 'AWAY', line: number): Selection => ({
  market: 'AH',
  pick,
  lineQuarters: line * 4,
});
const ou = (pick: 'OVER' | 'UNDER', line: number): Selection => ({
  market: 'OU',
  pick,
  lineQuarters: line * 4,
});

describe('the example fixture Mekong Tigers v Koh Kong Dolphins (providers.md §7.4)', () => {
  const lambda = expectedGoalsMillionths(MEKONG, KOH_KONG);
  const matrix = scoreMatrix(lambda.home / 1e6, lambda.away / 1e6);

  it('λ is exactly 1.98 and 0.7488', () => {
    expect(lambda).toEqual({ home: 1_980_000, away: 748_800 });
  });

  it('P(home) ≈ 0.663, P(draw) ≈ 0.2045, P(away) ≈ 0.1324', () => {
    const p = (pick: 'HOME' | 'DRAW' | 'AWAY') => selectionPrice({ market: '1X2', pick }, matrix).a;
    expect(p('HOME').toFixed(3)).toBe('0.663');
    expect(p('DRAW').toFixed(4)).toBe('0.2045');
    expect(p('AWAY').toFixed(4)).toBe('0.1324');
    expect(p('HOME') + p('DRAW') + p('AWAY')).toBeCloseTo(1, 12);
  });

  it('odds 1X2 1.43 / 4.64 / 7.17; AH home −1.25 at 2.02, away +1.25 at 1.80; O/U 2.5 at 1.86 / 1.97', () => {
    expect(priceFixture(lambda.home, lambda.away)).toEqual({
      oneXTwo: { home: 143, draw: 464, away: 717 },
      handicap: { lineQuarters: -5, home: 202, away: 180 },
      total: { lineQuarters: 10, over: 186, under: 197 },
    });
  });

  it('the main lines are the ones whose first side is fairest to 2.00', () => {
    const distance = (s: Selection) => Math.abs(fairOdds(selectionPrice(s, matrix)) - 2);
    for (const line of HANDICAP_LINES)
      expect(distance({ market: 'AH', pick: 'HOME', lineQuarters: line })).toBeGreaterThanOrEqual(
        distance(ah('HOME', -1.25)),
      );
    for (const line of TOTAL_LINES)
      expect(distance({ market: 'OU', pick: 'OVER', lineQuarters: line })).toBeGreaterThanOrEqual(
        distance(ou('OVER', 2.5)),
      );
  });

  it('threshold table for λ = 1.98: 593002858, 1767148519, 2929552723, 3696739497, 4076496951, … 2^32', () => {
    const table = goalThresholds(1.98);
    expect(table.slice(0, 5)).toEqual([
      593_002_858, 1_767_148_519, 2_929_552_723, 3_696_739_497, 4_076_496_951,
    ]);
    expect(table).toHaveLength(11);
    expect(table[10]).toBe(2 ** 32);
    for (let k = 1; k < 11; k++) expect(table[k]!).toBeGreaterThanOrEqual(table[k - 1]!);
  });
});

describe('the mean expected returns over all 56 ordered pairings (providers.md §7.4)', () => {
  const returns = leagueReturns();
  const summary = ({ mean, min, max }: MarketReturns) => [mean, min, max].map((x) => (x * 100).toFixed(2));

  it('covers 56 fixtures: 168 1X2 selections, 112 AH, 112 O/U', () => {
    expect([returns['1X2'].selections, returns.AH.selections, returns.OU.selections]).toEqual([
      168, 112, 112,
    ]);
  });

  it('1X2 94.83 % (94.38–95.00), AH 95.79 % (95.52–95.99), O/U 95.77 % (95.49–96.00)', () => {
    expect(summary(returns['1X2'])).toEqual(['94.83', '94.38', '95.00']);
    expect(summary(returns.AH)).toEqual(['95.79', '95.52', '95.99']);
    expect(summary(returns.OU)).toEqual(['95.77', '95.49', '96.00']);
  });

  it('never returns more than the target: flooring the odds only lowers the return', () => {
    expect(returns['1X2'].max).toBeLessThanOrEqual(0.95 + 1e-12);
    expect(Math.max(returns.AH.max, returns.OU.max)).toBeLessThanOrEqual(0.96 + 1e-12);
  });

  it('follows the margins: a 10 % margin returns about 90 %', () => {
    const lower = leagueReturns(undefined, { oneXTwo: 0.9, handicap: 0.9, total: 0.9 });
    expect(lower['1X2'].max).toBeLessThanOrEqual(0.9 + 1e-12);
    expect(lower.AH.mean).toBeGreaterThan(0.89);
  });
});

describe('quarter lines', () => {
  it('a margin in quarter goals: even is one line, odd is two half stakes', () => {
    expect([-3, -2, -1, 0, 1, 2, 3].map(quarterLineOutcome)).toEqual([
      'LOSS',
      'LOSS',
      'HALF_LOSS',
      'PUSH',
      'HALF_WIN',
      'WIN',
      'WIN',
    ]);
  });

  it.each([
    [ah('HOME', -1.25), 2, 0, 'WIN'],
    [ah('HOME', -1.25), 1, 0, 'HALF_LOSS'],
    [ah('AWAY', -1.25), 1, 0, 'HALF_WIN'],
    [ah('HOME', -1.25), 0, 0, 'LOSS'],
    [ah('HOME', -1), 1, 0, 'PUSH'],
    [ah('HOME', -0.75), 1, 0, 'HALF_WIN'],
    [ah('AWAY', -0.75), 1, 0, 'HALF_LOSS'],
    [ah('HOME', 0.25), 1, 1, 'HALF_WIN'],
    [ah('HOME', -0.5), 1, 1, 'LOSS'],
    [ah('AWAY', -3), 4, 0, 'LOSS'],
    [ah('AWAY', -3), 3, 0, 'PUSH'],
    [ou('OVER', 2.25), 1, 1, 'HALF_LOSS'],
    [ou('UNDER', 2.25), 1, 1, 'HALF_WIN'],
    [ou('OVER', 2.5), 2, 1, 'WIN'],
    [ou('UNDER', 2.5), 2, 1, 'LOSS'],
    [ou('OVER', 3), 2, 1, 'PUSH'],
    [ou('OVER', 2.75), 2, 1, 'HALF_WIN'],
    [ou('UNDER', 2.75), 2, 1, 'HALF_LOSS'],
    [{ market: '1X2', pick: 'DRAW' } as const, 2, 2, 'WIN'],
    [{ market: '1X2', pick: 'HOME' } as const, 2, 2, 'LOSS'],
    [{ market: '1X2', pick: 'AWAY' } as const, 0, 1, 'WIN'],
  ] as const)('%j on %i–%i is %s', (selection, home, away, outcome) => {
    expect(selectionOutcome(selection, { home, away })).toBe(outcome);
  });
});

describe('a leg after its fixture', () => {
  it('takes the outcome of the score, or VOID when the fixture was voided', () => {
    expect(legOutcome(ah('HOME', -1.25), { home: 1, away: 0 })).toBe('HALF_LOSS');
    expect(legOutcome(ah('HOME', -1.25), null)).toBe('VOID');
    expect(legOutcome({ market: '1X2', pick: 'DRAW' }, null)).toBe('VOID');
  });
});

describe('odds with margin', () => {
  it('floors (r − b)/a to the hundredth', () => {
    expect(offeredOdds({ a: 0.5, b: 0 }, 0.95)).toBe(190);
    expect(offeredOdds({ a: 0.3, b: 0 }, 0.95)).toBe(316); // 3.1666…
    // a quarter line: a = P(win) + P(half win)/2, b = the money that comes back without winning
    expect(offeredOdds({ a: 0.4, b: 0.2 }, 0.96)).toBe(190);
  });

  it('never offers less than 1.01', () => {
    expect(offeredOdds({ a: 0.99, b: 0 }, 0.95)).toBe(101);
  });

  it('prices a selection from the score matrix', () => {
    const matrix = scoreMatrix(1, 1);
    const draw = selectionPrice({ market: '1X2', pick: 'DRAW' }, matrix);
    const p = cappedPoisson(1);
    expect(draw.a).toBeCloseTo(
      p.reduce((s, x) => s + x * x, 0),
      15,
    );
    expect(draw.b).toBe(0);
    // Level line on equal teams: half the non-draws win, the draws push.
    const level = selectionPrice(ah('HOME', 0), matrix);
    expect(level.b).toBeCloseTo(draw.a, 15);
    expect(level.a).toBeCloseTo((1 - draw.a) / 2, 12);
  });

  it('the main line: the fairest to 2.00, a tie going to the lower line', () => {
    expect(chooseMainLine([1, 2, 3], (l) => [1.9, 2.1, 3][l - 1]!)).toBe(1);
    expect(chooseMainLine([1, 2, 3], (l) => [1.8, 2.1, 3][l - 1]!)).toBe(2);
    expect(chooseMainLine([1, 2, 3], (l) => [Infinity, 5, 1.95][l - 1]!)).toBe(3);
  });
});

describe('goals from the published table', () => {
  it('is the least k with u < T_k', () => {
    const table = goalThresholds(1.98);
    expect(goalsFromWord(0, table)).toBe(0);
    expect(goalsFromWord(593_002_857, table)).toBe(0);
    expect(goalsFromWord(593_002_858, table)).toBe(1);
    expect(goalsFromWord(4_076_496_950, table)).toBe(4);
    expect(goalsFromWord(2 ** 32 - 1, table)).toBe(10);
  });
});
