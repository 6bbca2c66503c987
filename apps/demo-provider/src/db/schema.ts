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
}

export const ROUND_STATES = [
  'BETTING', // bet sent or about to be; its fate is unknown until the wallet answers
  'BET_REFUSED', // NOT_ENOUGH_MONEY / LIMIT_REACHED: nothing moved, nothing to undo
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

/** Wallet calls still owed (win or rollback), retried on the schedule of §3 until answered or parked. */
export interface OutboxTable {
  id: string;
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

export interface DemoProviderDatabase {
  seed_pairs: SeedPairsTable;
  page_sessions: PageSessionsTable;
  rounds: RoundsTable;
  outbox: OutboxTable;
}
