/*
 * The demo provider's game rules (providers.md §6, §7): pure functions and data, no I/O, no clock, no randomness
 * of their own (every outcome comes from the per-player fair stream handed in). The provider's server, its game
 * pages and the operator's RTP command use this surface only.
 */

export { accept, assertRule, refuse, RuleAssertionError, type RuleResult } from './result';
export { type Fraction, fraction } from './fraction';

export {
  fairWordSource,
  hmacWords,
  isClientSeed,
  isServerSeed,
  listWordSource,
  rejectionBound,
  serverSeedHash,
  uniform,
  type WordSource,
} from './fair/stream';

export {
  ANGKOR_FORTUNE,
  type LineSymbol,
  SLOT_SYMBOLS,
  type SlotMachine,
  type SlotSymbol,
} from './slot/machine';
export {
  checkLineBet,
  evaluateLine,
  evaluateSpin,
  lineBetOfTotal,
  type LineWin,
  type ScatterResult,
  SLOT_REFUSALS,
  type SlotRefusal,
  type SlotWindow,
  spinFromStream,
  type SpinOutcome,
  type WindowPosition,
  windowOf,
} from './slot/spin';
export { enumerateSlot, type SlotParSheet, slotRtp, slotStandardDeviation } from './slot/par-sheet';

export {
  type Card,
  cardLabel,
  cardOf,
  DECKS,
  handValue,
  rankValue,
  SHOE_SIZE,
  SUITS,
  type Suit,
} from './baccarat/cards';
export { bankerDraws, isNatural, playerDraws } from './baccarat/drawing';
export { BACCARAT_OUTCOMES, type BaccaratOutcome, type Coup, dealCoup, playCoup } from './baccarat/deal';
export { BIG_ROAD_ROWS, type BigRoad, type BigRoadCell, bigRoad } from './baccarat/big-road';
export {
  BACCARAT_BET_KINDS,
  BACCARAT_BETS_PER_ROUND,
  BACCARAT_LIMITS,
  BACCARAT_REFUSALS,
  type BaccaratBet,
  type BaccaratBetKind,
  type BaccaratRefusal,
  baccaratTable,
  type BaccaratTable,
  betPayout,
  checkRoundBets,
  type SettledBaccaratRound,
  settleRound,
} from './baccarat/bets';
export { baccaratBetReturns, type BaccaratOdds, enumerateBaccaratOdds } from './baccarat/odds';

export {
  CANNON_COSTS,
  CAPTURE_RANGE,
  CAPTURE_RETURN,
  captureThreshold,
  FISH_KINDS,
  type FishingRefusal,
  FISHING_REFUSALS,
  type FishKind,
  fishKind,
  MAGAZINE_SHOTS,
  magazinePrice,
  magazineSettlement,
  resolveShot,
  type ShotOutcome,
  shotCost,
} from './fishing/ocean-dragon';

export {
  AWAY_GOAL_RATE,
  type Club,
  clubByCode,
  DEMO_LEAGUE_CLUBS,
  expectedGoalsMillionths,
  HOME_GOAL_RATE,
} from './sport/clubs';
export { roundRobinRound } from './sport/schedule';
export { cappedPoisson, goalsFromWord, goalThresholds, MAX_GOALS, scoreMatrix } from './sport/poisson';
export {
  chooseMainLine,
  DEMO_LEAGUE_MARGINS,
  expectedReturn,
  fairOdds,
  type FixtureOdds,
  HANDICAP_LINES,
  LEG_OUTCOMES,
  type LegOutcome,
  legOutcome,
  type Margins,
  type Market,
  MARKETS,
  MIN_ODDS,
  offeredOdds,
  offeredSelections,
  priceFixture,
  quarterLineOutcome,
  sameSelection,
  type Score,
  type Selection,
  selectionOutcome,
  type SelectionPrice,
  selectionPrice,
  TOTAL_LINES,
} from './sport/markets';
export { leagueReturns, type MarketReturns } from './sport/league-returns';
export {
  buildFixture,
  canonicalJson,
  deriveScore,
  type Fixture,
  type FixtureCommitment,
  fixtureCommitment,
  verifyFixtureResult,
} from './sport/fixture';
export {
  changedOdds,
  checkSlip,
  legFactor,
  type OddsChange,
  type OfferedOdds,
  offeredOddsFrom,
  parlayExpectedReturn,
  potentialPayout,
  type SettledLeg,
  SLIP_LIMITS,
  SLIP_REFUSALS,
  SLIP_STATUSES,
  SLIP_TYPES,
  type SlipLeg,
  type SlipRefusal,
  type SlipStatus,
  type SlipType,
  slipPayout,
  slipStatus,
} from './sport/settlement';
