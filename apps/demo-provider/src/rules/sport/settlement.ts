import { accept, assertRule, refuse, type RuleResult } from '../result';
import { type LegOutcome, MIN_ODDS, type Selection, sameSelection } from './markets';

/*
 * Slips and their settlement in integer maths (providers.md §7.4): odds are hundredths, each leg a fraction, and
 * payout = floor(stake × Π numerators / Π denominators) in BigInt, so an 8-leg parlay is exact to the riel.
 */

export const SLIP_TYPES = ['SINGLE', 'PARLAY'] as const;
export type SlipType = (typeof SLIP_TYPES)[number];

export const SLIP_STATUSES = ['PENDING', 'WON', 'LOST', 'HALF_WON', 'HALF_LOST', 'PUSH', 'VOID'] as const;
export type SlipStatus = (typeof SLIP_STATUSES)[number];

export const SLIP_LIMITS = {
  minStake: 1_000,
  maxStake: 2_000_000,
  /** Potential payout per slip (MAX_PAYOUT). */
  maxPayout: 50_000_000,
  minParlayLegs: 2,
  maxParlayLegs: 8,
} as const;

/** A leg's factor: WIN o/100, HALF_WIN (o+100)/200, PUSH and VOID 1, HALF_LOSS 1/2, LOSS 0. */
export function legFactor(
  outcome: LegOutcome,
  oddsHundredths: number,
): { numerator: bigint; denominator: bigint } {
  assertRule(Number.isSafeInteger(oddsHundredths) && oddsHundredths >= MIN_ODDS, `odds in hundredths ≥ 101`);
  const o = BigInt(oddsHundredths);
  switch (outcome) {
    case 'WIN':
      return { numerator: o, denominator: 100n };
    case 'HALF_WIN':
      return { numerator: o + 100n, denominator: 200n };
    case 'PUSH':
    case 'VOID':
      return { numerator: 1n, denominator: 1n };
    case 'HALF_LOSS':
      return { numerator: 1n, denominator: 2n };
    case 'LOSS':
      return { numerator: 0n, denominator: 1n };
  }
}

export interface SettledLeg {
  readonly outcome: LegOutcome;
  readonly odds: number;
}

/** floor(stake × Π numerators / Π denominators): a void leg counts 1.00, so a void double pays as a single. */
export function slipPayout(stake: number, legs: readonly SettledLeg[]): number {
  assertRule(Number.isSafeInteger(stake) && stake > 0, `stake must be whole riel: ${stake}`);
  assertRule(legs.length > 0, 'a slip has legs');
  let numerator = BigInt(stake);
  let denominator = 1n;
  for (const leg of legs) {
    const factor = legFactor(leg.outcome, leg.odds);
    numerator *= factor.numerator;
    denominator *= factor.denominator;
  }
  return Number(numerator / denominator);
}

/** The most a slip can pay if every leg wins: floor(stake × Π odds / 100^n). */
export function potentialPayout(stake: number, odds: readonly number[]): number {
  return slipPayout(
    stake,
    odds.map((o) => ({ outcome: 'WIN', odds: o })),
  );
}

/**
 * A settled slip's status for the report: a single takes its leg's outcome. A parlay is LOST on any lost leg,
 * VOID when every leg is void, PUSH when every leg is a push or void, WON when every other leg won, and otherwise
 * (a half win or half loss among them) HALF_WON or HALF_LOST as its payout is above or below the stake.
 */
export function slipStatus(
  legs: readonly SettledLeg[],
  payout: number,
  stake: number,
): Exclude<SlipStatus, 'PENDING'> {
  const outcomes = legs.map((l) => l.outcome);
  if (outcomes.includes('LOSS')) return 'LOST';
  if (outcomes.every((o) => o === 'VOID')) return 'VOID';
  if (outcomes.every((o) => o === 'PUSH' || o === 'VOID')) return 'PUSH';
  if (outcomes.every((o) => o === 'WIN' || o === 'PUSH' || o === 'VOID')) return 'WON';
  return payout > stake ? 'HALF_WON' : payout < stake ? 'HALF_LOST' : 'PUSH';
}

export interface SlipLeg {
  readonly fixtureId: string;
  readonly selection: Selection;
  /** The odds the player saw, in hundredths. */
  readonly odds: number;
}

export const SLIP_REFUSALS = [
  'SLIP_BAD_STAKE',
  'SLIP_STAKE_OUT_OF_RANGE',
  'SLIP_BAD_LEG_COUNT',
  'SLIP_SAME_FIXTURE',
  'SLIP_MAX_PAYOUT',
  'SELECTION_NOT_OFFERED',
  'ODDS_CHANGED',
] as const;
export type SlipRefusal = (typeof SLIP_REFUSALS)[number];

/** The current odds of a selection, or undefined when it is not (or no longer) offered. */
export type OfferedOdds = (fixtureId: string, selection: Selection) => number | undefined;

export interface OddsChange {
  readonly legIndex: number;
  readonly shown: number;
  readonly current: number;
}

/** Legs whose shown odds differ from the offered ones (the 409 ODDS_CHANGED answer carries these). */
export function changedOdds(legs: readonly SlipLeg[], offered: OfferedOdds): OddsChange[] {
  return legs.flatMap((leg, legIndex) => {
    const current = offered(leg.fixtureId, leg.selection);
    return current !== undefined && current !== leg.odds ? [{ legIndex, shown: leg.odds, current }] : [];
  });
}

/**
 * A slip before any charge: a single has one leg, a parlay 2–8 legs from different fixtures; stake 1,000–2,000,000
 * riel; every selection still offered at the odds the player saw; potential payout ≤ 50,000,000 riel.
 */
export function checkSlip(
  type: SlipType,
  stake: number,
  legs: readonly SlipLeg[],
  offered: OfferedOdds,
): RuleResult<{ potentialPayout: number }, SlipRefusal> {
  if (!Number.isSafeInteger(stake)) return refuse('SLIP_BAD_STAKE', 'a stake is a whole number of riel');
  if (stake < SLIP_LIMITS.minStake || stake > SLIP_LIMITS.maxStake)
    return refuse(
      'SLIP_STAKE_OUT_OF_RANGE',
      `stake must be ${SLIP_LIMITS.minStake}-${SLIP_LIMITS.maxStake} riel`,
    );
  const [min, max] = type === 'SINGLE' ? [1, 1] : [SLIP_LIMITS.minParlayLegs, SLIP_LIMITS.maxParlayLegs];
  if (legs.length < min || legs.length > max)
    return refuse(
      'SLIP_BAD_LEG_COUNT',
      type === 'SINGLE' ? 'a single has one leg' : `a parlay has ${min}-${max} legs`,
    );
  if (new Set(legs.map((l) => l.fixtureId)).size !== legs.length)
    return refuse('SLIP_SAME_FIXTURE', 'the legs of a parlay come from different fixtures');
  if (legs.some((leg) => offered(leg.fixtureId, leg.selection) === undefined))
    return refuse('SELECTION_NOT_OFFERED', 'a selection is not offered (market closed or line moved)');
  const changes = changedOdds(legs, offered);
  if (changes.length > 0) return refuse('ODDS_CHANGED', 'the odds changed; confirm the new odds');
  const payout = potentialPayout(
    stake,
    legs.map((l) => l.odds),
  );
  if (payout > SLIP_LIMITS.maxPayout)
    return refuse('SLIP_MAX_PAYOUT', `a slip pays at most ${SLIP_LIMITS.maxPayout} riel`);
  return accept({ potentialPayout: payout });
}

/** An offered-odds lookup over a list of priced selections, for tests and for the provider's in-memory board. */
export function offeredOddsFrom(
  board: readonly { fixtureId: string; selection: Selection; odds: number }[],
): OfferedOdds {
  return (fixtureId, selection) =>
    board.find((entry) => entry.fixtureId === fixtureId && sameSelection(entry.selection, selection))?.odds;
}

/** A parlay's expected return is the product of its legs' (shown on the slip). */
export function parlayExpectedReturn(legReturns: readonly number[]): number {
  return legReturns.reduce((product, r) => product * r, 1);
}
