import { describe, expect, it } from 'vitest';
import { type Selection } from './markets';
import {
  changedOdds,
  checkSlip,
  legFactor,
  offeredOddsFrom,
  parlayExpectedReturn,
  potentialPayout,
  type SettledLeg,
  type SlipLeg,
  slipPayout,
  slipStatus,
} from './settlement';

const leg = (outcome: SettledLeg['outcome'], odds: number): SettledLeg => ({ outcome, odds });
const settle = (stake: number, legs: SettledLeg[]) => {
  const payout = slipPayout(stake, legs);
  return { payout, status: slipStatus(legs, payout, stake) };
};

describe('settlement of a single, every outcome to the riel (providers.md §7.4)', () => {
  it.each([
    ['WIN', 186, 18_600, 'WON'],
    ['HALF_WIN', 202, 15_100, 'HALF_WON'], // half at 2.02, half back: 10,000 × 302/200
    ['PUSH', 202, 10_000, 'PUSH'],
    ['HALF_LOSS', 180, 5_000, 'HALF_LOST'],
    ['LOSS', 143, 0, 'LOST'],
    ['VOID', 717, 10_000, 'VOID'],
  ] as const)('%s at %i pays %i (%s)', (outcome, odds, payout, status) => {
    expect(settle(10_000, [leg(outcome, odds)])).toEqual({ payout, status });
  });

  it('rounds down to the riel', () => {
    expect(slipPayout(1_001, [leg('WIN', 143)])).toBe(1_431); // 1,431.43
    expect(slipPayout(1_001, [leg('HALF_LOSS', 143)])).toBe(500); // 500.5
    expect(slipPayout(1_003, [leg('HALF_WIN', 197)])).toBe(1_489); // 1,003 × 297/200 = 1,489.455
  });
});

describe('settlement of a parlay', () => {
  it('multiplies the legs: 1.43 × 2.02 × 1.86 on 10,000 pays floor(53,727.96)', () => {
    expect(settle(10_000, [leg('WIN', 143), leg('WIN', 202), leg('WIN', 186)])).toEqual({
      payout: 53_727,
      status: 'WON',
    });
  });

  it('a void leg counts 1.00, so a void double pays as a single', () => {
    expect(settle(10_000, [leg('WIN', 143), leg('VOID', 202)])).toEqual({ payout: 14_300, status: 'WON' });
    expect(settle(10_000, [leg('VOID', 143), leg('VOID', 202)])).toEqual({ payout: 10_000, status: 'VOID' });
    expect(settle(10_000, [leg('PUSH', 143), leg('VOID', 202)])).toEqual({ payout: 10_000, status: 'PUSH' });
  });

  it('half outcomes multiply in: half win × half loss', () => {
    // 10,000 × 302/200 × 1/2 = 7,550, below the stake.
    expect(settle(10_000, [leg('HALF_WIN', 202), leg('HALF_LOSS', 180)])).toEqual({
      payout: 7_550,
      status: 'HALF_LOST',
    });
    // 10,000 × 1.86 × 302/200 = 28,086.
    expect(settle(10_000, [leg('WIN', 186), leg('HALF_WIN', 202)])).toEqual({
      payout: 28_086,
      status: 'HALF_WON',
    });
  });

  it('one lost leg loses the parlay', () => {
    expect(settle(10_000, [leg('WIN', 717), leg('LOSS', 101), leg('HALF_WIN', 202)])).toEqual({
      payout: 0,
      status: 'LOST',
    });
  });

  it('stays exact past 2^53 in the intermediate products (BigInt)', () => {
    // 101^8 = 10,828,567,056,280,801 > 2^53; 1,000 × 1.01^8 = 1,082.856…
    expect(
      slipPayout(
        1_000,
        Array.from({ length: 8 }, () => leg('WIN', 101)),
      ),
    ).toBe(1_082);
    expect(potentialPayout(2_000_001, [717, 464, 717])).toBe(477_074_830); // 2,000,001 × 238.537296 = 477,074,830.537296
  });

  it('the leg factors of §7.4', () => {
    expect(legFactor('WIN', 186)).toEqual({ numerator: 186n, denominator: 100n });
    expect(legFactor('HALF_WIN', 186)).toEqual({ numerator: 286n, denominator: 200n });
    expect(legFactor('PUSH', 186)).toEqual({ numerator: 1n, denominator: 1n });
    expect(legFactor('VOID', 186)).toEqual({ numerator: 1n, denominator: 1n });
    expect(legFactor('HALF_LOSS', 186)).toEqual({ numerator: 1n, denominator: 2n });
    expect(legFactor('LOSS', 186)).toEqual({ numerator: 0n, denominator: 1n });
  });

  it("a parlay's expected return is the product of its legs': 3 legs at 95.8 % ≈ 87.9 %", () => {
    expect(parlayExpectedReturn([0.958, 0.958, 0.958]).toFixed(3)).toBe('0.879');
  });
});

describe('slip rules', () => {
  const home: Selection = { market: '1X2', pick: 'HOME' };
  const over: Selection = { market: 'OU', pick: 'OVER', lineQuarters: 10 };
  const board = offeredOddsFrom([
    ...['f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7', 'f8', 'f9'].map((fixtureId) => ({
      fixtureId,
      selection: home,
      odds: 143,
    })),
    { fixtureId: 'f1', selection: over, odds: 186 },
    { fixtureId: 'big', selection: home, odds: 2_600 },
  ]);
  const legs = (n: number): SlipLeg[] =>
    Array.from({ length: n }, (_, i) => ({ fixtureId: `f${i + 1}`, selection: home, odds: 143 }));

  it('accepts a single and parlays of 2 to 8 legs, with the potential payout', () => {
    expect(checkSlip('SINGLE', 1_000, legs(1), board)).toEqual({
      ok: true,
      value: { potentialPayout: 1_430 },
    });
    expect(checkSlip('PARLAY', 2_000_000, legs(2), board)).toEqual({
      ok: true,
      value: { potentialPayout: 4_089_800 },
    });
    expect(checkSlip('PARLAY', 1_000, legs(8), board).ok).toBe(true);
  });

  it.each([
    ['SINGLE', 999, 1, 'SLIP_STAKE_OUT_OF_RANGE'],
    ['SINGLE', 2_000_001, 1, 'SLIP_STAKE_OUT_OF_RANGE'],
    ['SINGLE', 1_000.5, 1, 'SLIP_BAD_STAKE'],
    ['SINGLE', 1_000, 2, 'SLIP_BAD_LEG_COUNT'],
    ['PARLAY', 1_000, 1, 'SLIP_BAD_LEG_COUNT'],
    ['PARLAY', 1_000, 9, 'SLIP_BAD_LEG_COUNT'],
  ] as const)('refuses a %s of %d riel with %i legs: %s', (type, stake, n, code) => {
    expect(checkSlip(type, stake, legs(n), board)).toMatchObject({ ok: false, code });
  });

  it('refuses two legs of one fixture', () => {
    const sameFixture: SlipLeg[] = [
      { fixtureId: 'f1', selection: home, odds: 143 },
      { fixtureId: 'f1', selection: over, odds: 186 },
    ];
    expect(checkSlip('PARLAY', 1_000, sameFixture, board)).toMatchObject({
      ok: false,
      code: 'SLIP_SAME_FIXTURE',
    });
  });

  it('refuses a selection no longer offered, and a potential payout above 50,000,000', () => {
    expect(
      checkSlip(
        'SINGLE',
        1_000,
        [{ fixtureId: 'f1', selection: { ...over, lineQuarters: 9 }, odds: 186 }],
        board,
      ),
    ).toMatchObject({ ok: false, code: 'SELECTION_NOT_OFFERED' });
    expect(
      checkSlip('PARLAY', 2_000_000, [{ fixtureId: 'big', selection: home, odds: 2_600 }, ...legs(1)], board),
    ).toMatchObject({ ok: false, code: 'SLIP_MAX_PAYOUT' });
  });

  it('ODDS_CHANGED when the odds shown differ from the offered ones, naming the legs and the new odds', () => {
    const shown: SlipLeg[] = [
      { fixtureId: 'f1', selection: home, odds: 143 },
      { fixtureId: 'f2', selection: home, odds: 150 },
    ];
    expect(checkSlip('PARLAY', 1_000, shown, board)).toMatchObject({ ok: false, code: 'ODDS_CHANGED' });
    expect(changedOdds(shown, board)).toEqual([{ legIndex: 1, shown: 150, current: 143 }]);
    expect(changedOdds(legs(3), board)).toEqual([]);
  });
});
