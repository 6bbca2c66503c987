import type { Riel } from '@lotto59/domain';
import type { Generated } from 'kysely';

// The transfer wallet of provider 4 and the fishing sessions of providers 4 and 5 (providers.md §4, §8).

export type TransferDirection = 'IN' | 'OUT';
/** providers.md §4. INITIATED and UNKNOWN are "in flight": the outcome is not known yet. */
export type TransferState = 'INITIATED' | 'COMPLETED' | 'FAILED' | 'UNKNOWN';

/**
 * One transfer between our wallet and the provider's in-game balance. Its id is the `transfer_id` the
 * provider is idempotent by; the ledger moves under the keys `xfer:{id}:in|out|reverse`.
 */
export interface ProviderTransferTable {
  id: string;
  player_id: number;
  provider: '4';
  direction: TransferDirection;
  /** IN: what left the player's balance. OUT: what the provider reported (0 until it is known). */
  amount: Riel;
  state: TransferState;
  /** Status queries made by the recovery worker. */
  attempts: number;
  /** When the recovery worker looks at the transfer next; null once resolved or parked past 24 h. */
  next_check_at_ms: number | null;
  created_at_ms: number;
  resolved_at_ms: number | null;
  session_id: number;
  /** How it was resolved: `call` (the answer), `status` (the worker) or `operator:<name>` (the CLI). */
  resolved_by: string | null;
  /** Set once the 24-hour alert has been raised (the operator must resolve it). */
  alerted_at_ms: number | null;
}

/** OPENING / CLOSING: a transfer in flight. CLOSED and FAILED are final ("NONE" to the player). */
export type FishingSessionState = 'OPENING' | 'ACTIVE' | 'CLOSING' | 'UNKNOWN' | 'CLOSED' | 'FAILED';

/** A fishing session (providers.md §4): the report's row (§8) and the session token it launches. */
export interface FishingSessionsTable {
  id: Generated<number>;
  player_id: number;
  provider: '4' | '5';
  game_code: string;
  state: FishingSessionState;
  /** provider_tokens.id of the session token `settoken` minted. */
  token_id: number | null;
  started_at_ms: number;
  /** The last time the player was seen playing (settoken, token, url): idle sessions are closed. */
  last_active_ms: number;
  ended_at_ms: number | null;
  transfer_in: Riel;
  transfer_out: Riel;
  /** Provider 4: the withdraw's `summary` (its shots never reach our wallet). */
  shots: number;
  stake: Riel;
  payout: Riel;
}
