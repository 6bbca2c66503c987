import type { SlipLegRequest, SportFixture } from '../../../src/api/game-api';
import { parlayExpectedReturn, potentialPayout, SLIP_LIMITS } from '../../../src/rules';

/*
 * The bet slip's arithmetic, apart from the DOM so it can be tested: the offered selections of a fixture, the
 * combined odds (floored to hundredths, as the server does), potential payouts with the rules' own BigInt
 * function, and a parlay's expected return (the product of its legs', providers.md §7.4).
 */

export interface Pick {
  /** fixture id + selection index (0..6, the order of SportFixture.returns). */
  key: string;
  fixture: SportFixture;
  index: number;
  leg: SlipLegRequest;
  /** Expected return per unit at these odds. */
  expected: number;
  /** Singles: this selection's own stake. */
  stake: number;
}

export const DEFAULT_STAKE = 10_000;

/** The seven offered selections of a fixture, in the order of `returns`. */
export function selectionsOf(f: SportFixture): SlipLegRequest[] {
  const { oneXTwo, handicap, total } = f.odds;
  return [
    { fixture_id: f.id, market: '1X2', pick: 'HOME', odds: oneXTwo.home },
    { fixture_id: f.id, market: '1X2', pick: 'DRAW', odds: oneXTwo.draw },
    { fixture_id: f.id, market: '1X2', pick: 'AWAY', odds: oneXTwo.away },
    {
      fixture_id: f.id,
      market: 'AH',
      pick: 'HOME',
      line_quarters: handicap.lineQuarters,
      odds: handicap.home,
    },
    {
      fixture_id: f.id,
      market: 'AH',
      pick: 'AWAY',
      line_quarters: handicap.lineQuarters,
      odds: handicap.away,
    },
    { fixture_id: f.id, market: 'OU', pick: 'OVER', line_quarters: total.lineQuarters, odds: total.over },
    { fixture_id: f.id, market: 'OU', pick: 'UNDER', line_quarters: total.lineQuarters, odds: total.under },
  ];
}

export const pickKey = (fixtureId: string, index: number): string => `${fixtureId}#${index}`;

/** Odds in hundredths as the player reads them: 143 → "1.43". */
export const oddsText = (hundredths: number): string => (hundredths / 100).toFixed(2);

/** A line in quarter goals as read from the side picked: AH away takes the opposite; −5 → "−1.25". */
export function lineText(leg: Pick['leg']): string {
  if (leg.line_quarters === undefined || leg.line_quarters === null) return '';
  const quarters = leg.market === 'AH' && leg.pick === 'AWAY' ? -leg.line_quarters : leg.line_quarters;
  const value = (Math.abs(quarters) / 4).toString();
  if (leg.market === 'OU') return value;
  return quarters > 0 ? `+${value}` : quarters < 0 ? `−${value}` : '0';
}

/** floor(Π o / 100^(n−1)): the combined odds the server records. */
export function combinedOdds(odds: readonly number[]): number {
  const product = odds.reduce((p, o) => p * BigInt(o), 1n);
  return Number(product / 100n ** BigInt(Math.max(0, odds.length - 1)));
}

export type StakeProblem = 'low' | 'high' | 'payout' | null;

export function stakeProblem(stake: number, odds: readonly number[]): StakeProblem {
  if (!Number.isSafeInteger(stake) || stake < SLIP_LIMITS.minStake) return 'low';
  if (stake > SLIP_LIMITS.maxStake) return 'high';
  return potentialPayout(stake, odds) > SLIP_LIMITS.maxPayout ? 'payout' : null;
}

/** A parlay can be placed with 2–8 picks from different fixtures. */
export function parlayAllowed(picks: readonly Pick[]): boolean {
  const fixtures = new Set(picks.map((p) => p.fixture.id));
  return (
    picks.length >= SLIP_LIMITS.minParlayLegs &&
    picks.length <= SLIP_LIMITS.maxParlayLegs &&
    fixtures.size === picks.length
  );
}

export function parlaySummary(picks: readonly Pick[], stake: number) {
  const odds = picks.map((p) => p.leg.odds);
  return {
    odds: combinedOdds(odds),
    payout: stakeProblem(stake, odds) === 'low' ? 0 : potentialPayout(Math.max(stake, 1), odds),
    expected: parlayExpectedReturn(picks.map((p) => p.expected)),
  };
}

export { potentialPayout };
