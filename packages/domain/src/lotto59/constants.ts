/**
 * Every lotto 59 constant of seed §3/§9 and decisions §3 in one place. Rates, limits and jackpot rules here are
 * the defaults; the server makes them configuration and passes them in.
 */

/** Two independent round streams: classic and fast (decisions §3). */
export const POOLS = ['POLL_1', 'POLL_2'] as const;
export type Pool = (typeof POOLS)[number];

/** RANGE_1…RANGE_5 are the total bands; RANGE_6 is under (`U`), RANGE_7 over (`O`). */
export const RANGE_BET_TYPES = [
  'RANGE_1',
  'RANGE_2',
  'RANGE_3',
  'RANGE_4',
  'RANGE_5',
  'RANGE_6',
  'RANGE_7',
] as const;
export type RangeBetType = (typeof RANGE_BET_TYPES)[number];

export const BET_TYPES = [...RANGE_BET_TYPES, 'NUMBER', 'JACKPOT'] as const;
export type BetType = (typeof BET_TYPES)[number];

/** Bet types paid at a fixed rate, as opposed to JACKPOT's tiers. */
export type RatedBetType = RangeBetType | 'NUMBER';
export const RATED_BET_TYPES = [...RANGE_BET_TYPES, 'NUMBER'] as const satisfies readonly RatedBetType[];

/** Posts A–E are draw positions 1–5 (decisions §3). */
export const POSTS = ['A', 'B', 'C', 'D', 'E'] as const;
export type Post = (typeof POSTS)[number];

export const TICKET_FILTERS = [
  'ALL',
  'JACKPOT',
  'WIN_JACKPOT',
  'NOT_JACKPOT',
  'OUTSTANDING',
  ...RANGE_BET_TYPES,
] as const;
export type TicketFilter = (typeof TICKET_FILTERS)[number];

export const ROUND_STATUSES = ['OPEN', 'RELEASING', 'SETTLED', 'VOID'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

export const BET_STATUSES = ['PENDING', 'WON', 'LOST', 'VOID'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];

export const BALL_MIN = 1;
export const BALL_MAX = 59;
export const DRAW_SIZE = 10;
export const POST_COUNT = 5;
/** 1 + 2 + … + 10: the smallest total of 10 distinct balls. */
export const TOTAL_MIN = 55;
/** 50 + 51 + … + 59: the largest total. */
export const TOTAL_MAX = 545;

export interface TotalRange {
  readonly min: number;
  readonly max: number;
}

/** Seed §9 totals of each range type (inclusive). RANGE_6 = under U 55–300, RANGE_7 = over O 301–545. */
export const RANGE_TOTALS: Readonly<Record<RangeBetType, TotalRange>> = {
  RANGE_1: { min: 55, max: 238 },
  RANGE_2: { min: 239, max: 274 },
  RANGE_3: { min: 275, max: 325 },
  RANGE_4: { min: 326, max: 361 },
  RANGE_5: { min: 362, max: 545 },
  RANGE_6: { min: 55, max: 300 },
  RANGE_7: { min: 301, max: 545 },
};

/** Short values: RANGE_6 → 'U', RANGE_7 → 'O'. */
export const OVER_UNDER_VALUE = { RANGE_6: 'U', RANGE_7: 'O' } as const;

/**
 * Rates in hundredths (exact integers): 9.20 → 920, so that payouts use integer math only (decisions §2).
 * A rate includes the stake: 920 pays 9.20 riel per riel staked.
 */
export type RateTable = Readonly<Record<RatedBetType, number>>;

/** Defaults of seed §9 / decisions §3. RANGE_1 and RANGE_5 return slightly more than 100 % (see rtp.ts). */
export const DEFAULT_RATES_HUNDREDTHS: RateTable = {
  RANGE_1: 920,
  RANGE_2: 460,
  RANGE_3: 230,
  RANGE_4: 460,
  RANGE_5: 920,
  RANGE_6: 195,
  RANGE_7: 195,
  NUMBER: 5000,
};

/** Seed §9 timings, seconds. */
export const RELEASE_TIMING = {
  delayResultSeconds: 1,
  releaseResultSeconds: 5,
  totalReleaseResultSeconds: 65,
} as const;

/** Seed §4: one row per RANGE_1…RANGE_7, the last 10 rounds as columns. */
export const RESULT_GRID = { columns: 10, rows: 7 } as const;

/** Per-bet limits (decisions §3). */
export const DEFAULT_BET_LIMITS = { minRiel: 500, maxRiel: 2_000_000 } as const;

export interface JackpotRules {
  /** Fixed stake of one jackpot line. */
  readonly stakeRiel: number;
  /** 3 matches pay this many times the stake. */
  readonly tier3Multiplier: number;
  /** 4 matches (the "small jackpot") pay this many times the stake. */
  readonly tier2Multiplier: number;
  /** The progressive pool's seed amount. */
  readonly poolSeedRiel: number;
  /** Share of every jackpot stake fed into the pool. */
  readonly poolSharePercent: number;
  readonly linesPerPlayerRoundMax: number;
}

export const DEFAULT_JACKPOT_RULES: JackpotRules = {
  stakeRiel: 1000,
  tier3Multiplier: 5,
  tier2Multiplier: 150,
  poolSeedRiel: 10_000_000,
  poolSharePercent: 20,
  linesPerPlayerRoundMax: 10,
};

/** A jackpot line holds this many distinct numbers. */
export const JACKPOT_LINE_SIZE = 5;
