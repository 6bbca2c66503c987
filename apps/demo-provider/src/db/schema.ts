/*
 * The studio's own tables (providers.md §1: its own database). Times are unix milliseconds in bigint columns
 * so both dialects compare and sort them the same way; JSON is text so SQLite and PostgreSQL store it alike.
 */

/** One seed pair per (player, provider); a rotation closes the row (rotated_at) and opens a new one (§6). */
export interface SeedPairsTable {
  id: string;
  user_id: string;
  provider: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: number;
  created_at: number;
  rotated_at: number | null;
}

/** A page's game session: the bearer is kept hashed, the wallet token in clear (the wallet calls need it). */
export interface PageSessionsTable {
  id: string;
  bearer_hash: string;
  wallet_token: string;
  user_id: string;
  provider: string;
  game_code: string;
  created_at: number;
  expires_at: number;
  /** The wallet's session window, to slide expires_at after each accepted wallet call. */
  ttl_ms: number;
  /** The largest bet the wallet said it takes (its session answer's `max_bet`); null if it said none. */
  wallet_max_bet: number | null;
}

/* Rounds and slips spell the phases of the one round machine (src/round/machine.ts, adapters.ts). */
export const ROUND_STATES = [
  'BETTING', // bet sent or about to be; its fate is unknown until the wallet answers
  'BET_REFUSED', // NOT_ENOUGH_MONEY / LIMIT_REACHED: nothing moved, nothing to undo
  'LOADED', // a fishing magazine (provider 5): debited, being fired; its win is sent when it is settled
  'BET_OK', // debited; the win is in the outbox
  'WIN_SENT', // closed
  'ROLLBACK_PENDING', // the bet's fate is unknown or failed: a rollback is in the outbox
  'ROLLED_BACK', // closed
] as const;
export type RoundState = (typeof ROUND_STATES)[number];

export interface RoundsTable {
  id: string;
  session_id: string;
  request_id: string;
  user_id: string;
  provider: string;
  game_code: string;
  seed_pair_id: string;
  nonce: number;
  client_seed: string;
  server_seed_hash: string;
  bet: number;
  win: number;
  /** The page's reply without the balance (SpinReply / DealReply), and the wallet meta (§8). */
  result: string;
  meta: string;
  state: RoundState;
  bet_tx: string;
  win_tx: string;
  rollback_tx: string;
  /** The wallet's balance after the last accepted call of this round. */
  balance: number | null;
  /** The page-facing refusal of a refused or failed bet, replayed for the same request_id. */
  error_code: string | null;
  created_at: number;
  updated_at: number;
}

export const OUTBOX_KINDS = ['WIN', 'ROLLBACK'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/**
 * Wallet calls still owed (win or rollback) by any game's round, retried on the schedule of §3 until answered
 * or parked. One table for every game since migration 0005 (decision 0052); `subject` says which table holds
 * the round: ROUND `rounds` (slot, baccarat, fishing magazine), SLIP `sport_slips`.
 */
export interface OutboxTable {
  id: string;
  subject: 'ROUND' | 'SLIP';
  round_id: string;
  kind: OutboxKind;
  provider: string;
  /** The signed call's body without request_uuid (each attempt gets its own, §3). */
  body: string;
  attempts: number;
  next_attempt_at: number;
  created_at: number;
  parked_at: number | null;
  last_error: string | null;
}

export const FIXTURE_STATES = [
  'SCHEDULED', // published; open for bets until kick-off, then waiting for its full-time score
  'FINISHED', // score derived from the seed at kick-off + match minutes; the seed is revealed
  'VOID', // voided by the operator or 48 h after kick-off without a result; its legs count 1.00
] as const;
export type FixtureState = (typeof FIXTURE_STATES)[number];

/** A published Demo League fixture (providers.md §7.4) with its commitment and, once over, its result. */
export interface SportFixturesTable {
  id: string;
  /** The schedule's round number (round-robin pairing = roundRobinRound(round_index)). */
  round_index: number;
  /** 1..4 within the round. */
  match_no: number;
  kickoff_at: number;
  /** kickoff_at + SPORT_MATCH_MINUTES: when the full-time score is derived. */
  result_at: number;
  home: string;
  away: string;
  /** The canonical fixture JSON exactly as committed (rules/sport/fixture.ts canonicalJson). */
  fixture_json: string;
  /** 64 hex; shown only once the fixture is FINISHED or VOID. */
  seed: string;
  seed_hash: string;
  fixture_hash: string;
  state: FixtureState;
  home_goals: number | null;
  away_goals: number | null;
  void_reason: string | null;
  /** When it became FINISHED or VOID. */
  closed_at: number | null;
  created_at: number;
}

export const SLIP_STATES = [
  'BETTING', // bet sent or about to be
  'BET_REFUSED', // NOT_ENOUGH_MONEY / LIMIT_REACHED: nothing moved
  'OPEN', // debited; waiting for its fixtures
  'SETTLING', // settled here; its win is in the outbox
  'SETTLED', // the wallet took the win: closed
  'ROLLBACK_PENDING', // the bet failed or its fate is unknown: a rollback is in the outbox
  'ROLLED_BACK', // closed
] as const;
export type SlipState = (typeof SLIP_STATES)[number];

export interface SportSlipsTable {
  id: string;
  /** 7 digits, from sport_counters (the number the player and the report show). */
  slip_no: string;
  session_id: string;
  request_id: string;
  user_id: string;
  provider: string;
  game_code: string;
  type: 'SINGLE' | 'PARLAY';
  stake: number;
  /** Combined odds in hundredths, floored. */
  odds: number;
  potential_payout: number;
  state: SlipState;
  /** The report's status: PENDING until settled, then WON / LOST / HALF_WON / HALF_LOST / PUSH / VOID. */
  status: string;
  payout: number | null;
  /** The bet's wallet meta {slip_no, type, legs, odds} (providers.md §8). */
  meta: string;
  bet_tx: string;
  win_tx: string;
  rollback_tx: string;
  balance: number | null;
  error_code: string | null;
  created_at: number;
  updated_at: number;
  settled_at: number | null;
}

export interface SportSlipLegsTable {
  slip_id: string;
  leg_no: number;
  fixture_id: string;
  market: '1X2' | 'AH' | 'OU';
  pick: string;
  /** AH: the home side's line; O/U: the total line; in quarter goals. Null for 1X2. */
  line_quarters: number | null;
  odds: number;
  /** WIN / HALF_WIN / PUSH / HALF_LOSS / LOSS / VOID once settled. */
  outcome: string | null;
}

export interface SportCountersTable {
  name: string;
  value: number;
}

/** Operator and automatic voids, kept for the record (providers.md §7.4: voided with an audit record). */
export interface SportAuditTable {
  id: string;
  at: number;
  actor: string;
  action: string;
  fixture_id: string;
  reason: string;
  /** JSON: what the action touched (slips on the fixture, state before). */
  detail: string;
}

/** Provider 4's in-game balance per player (transfer wallet, providers.md §4) and its session counters. */
export interface TransferWalletsTable {
  user_id: string;
  balance: number;
  shots: number;
  stake: number;
  payout: number;
  updated_at: number;
}

export const TRANSFER_STATES = ['COMPLETED', 'FAILED', 'NOT_FOUND'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

/** Every transfer_id ever seen, with the answer given, so a replay answers the same (§4). */
export interface TransfersTable {
  transfer_id: string;
  user_id: string | null;
  direction: 'IN' | 'OUT' | null;
  amount: number;
  state: TransferState;
  /** The business fields of the first request, to tell a replay from a different transfer under the same id. */
  fingerprint: string | null;
  response: string;
  created_at: number;
}

/** A fishing page session's fish: a seed for the (cosmetic) school and the clock it swims by. */
export interface FishingSessionsTable {
  session_id: string;
  user_id: string;
  provider: string;
  fish_seed: string;
  started_at: number;
}

/** Provider 5's magazine: the counters of a `rounds` row whose bet bought 50 shots at one level. */
export interface FishingMagazinesTable {
  round_id: string;
  session_id: string;
  level: number;
  cost: number;
  shots: number;
  payout: number;
}

/** One charged shot: its fair-stream coordinates and outcome, and the balance the page was shown. */
export interface FishingShotsTable {
  id: string;
  session_id: string;
  request_id: string;
  user_id: string;
  provider: string;
  magazine_id: string | null;
  fish_id: number;
  fish_code: string;
  level: number;
  cost: number;
  seed_pair_id: string;
  nonce: number;
  client_seed: string;
  server_seed_hash: string;
  captured: number;
  multiplier: number;
  payout: number;
  balance: number;
  created_at: number;
}

export interface DemoProviderDatabase {
  seed_pairs: SeedPairsTable;
  page_sessions: PageSessionsTable;
  rounds: RoundsTable;
  outbox: OutboxTable;
  sport_fixtures: SportFixturesTable;
  sport_counters: SportCountersTable;
  sport_slips: SportSlipsTable;
  sport_slip_legs: SportSlipLegsTable;
  sport_audit: SportAuditTable;
  transfer_wallets: TransferWalletsTable;
  transfers: TransfersTable;
  fishing_sessions: FishingSessionsTable;
  fishing_magazines: FishingMagazinesTable;
  fishing_shots: FishingShotsTable;
}
