import type { Riel } from '@lotto59/domain';
import type { Generated } from 'kysely';

// The seamless-wallet side of provider games (docs: ../shared/spec/providers.md §3, §5, §8).

/** Provider ids of this version (providers.md §1): 2 casino, 3 slots, 4/5 fishing, `sport`. */
export type ProviderCode = '2' | '3' | '4' | '5' | 'sport';

/**
 * A game session token (providers.md §5): minted at launch, bound to (player, provider, game, KHR), stored
 * hashed. The one-time launch code of the launch URL lives on the same row until it is exchanged.
 */
export interface ProviderTokensTable {
  id: Generated<number>;
  /** SHA-256 hex of the 43-character token; the token itself is never stored. */
  token_hash: string;
  /** SHA-256 hex of the one-time launch code; null once exchanged. */
  launch_code_hash: string | null;
  launch_code_expires_ms: number | null;
  player_id: number;
  provider: ProviderCode;
  game_code: string;
  currency: 'KHR';
  /** The login session the token was minted under: a login elsewhere ends the game token too (seed §8). */
  auth_session_id: string;
  created_at_ms: number;
  /** Sliding expiry: 30 min after the last wallet call, never past `hard_expires_ms` (12 h). */
  expires_ms: number;
  hard_expires_ms: number;
  /** Set when a newer launch of the same game, or a logout, retires it. */
  retired_at_ms: number | null;
  /**
   * Fishing sessions only (migration 0007): the token sealed with AES-256-GCM under a key derived from the
   * app key, so that every launch of the session hands the studio the same token. Null for other games.
   */
  token_seal: string | null;
}

export type ProviderTransactionAction = 'bet' | 'win' | 'rollback' | 'tombstone';

/**
 * Every wallet call that moves (or refuses to move) money, keyed by the provider's transaction id: the
 * idempotency record. A replay with the same business fields gets `response_json` back verbatim; the same
 * id with other fields is RS_ERROR_DUPLICATE_TRANSACTION. A rollback of an unknown bet stores a
 * `tombstone` row under the bet's id, which refuses that bet if it arrives later.
 */
export interface ProviderTransactionsTable {
  provider: ProviderCode;
  transaction_uuid: string;
  action: ProviderTransactionAction;
  player_id: number;
  game_code: string;
  round_id: string;
  amount: Riel;
  reference_transaction_uuid: string | null;
  /** SHA-256 of the canonical business fields (action, user, amount, round, reference, game). */
  request_hash: string;
  /** The first answer, exactly as sent (signed again on each replay). */
  response_json: string;
  /** 1 once a rollback has reversed this bet. */
  rolled_back: 0 | 1;
  created_at_ms: number;
  /**
   * A bet's wins so far, count and sum (migration 0013): the win's conditional update of its bet reads and
   * moves them, so the round rules hold under concurrency (decision 0042). 0 on other rows.
   */
  win_count: Generated<number>;
  win_total: Generated<Riel>;
}

export type ProviderRoundStatus = 'OPEN' | 'CLOSED' | 'ROLLED_BACK';

/** One provider round as the player's reports show it (providers.md §8): stake, payout, and the meta. */
export interface ProviderRoundsTable {
  provider: ProviderCode;
  round_id: string;
  player_id: number;
  game_code: string;
  stake: Riel;
  payout: Riel;
  status: ProviderRoundStatus;
  /** JSON `meta` of the bet and of the win, as the provider sent them (report detail). */
  bet_meta: string | null;
  win_meta: string | null;
  created_at_ms: number;
  closed_at_ms: number | null;
}
