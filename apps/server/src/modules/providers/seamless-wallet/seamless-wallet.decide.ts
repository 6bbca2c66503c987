import type {
  WalletBetRequest,
  WalletReply,
  WalletRollbackRequest,
  WalletWinRequest,
} from '@lotto59/contract';
import type { ProviderTokens, TokenRow } from '../launch/provider-tokens.service';
import type { ProviderCode } from '../providers.table';
import type { CallFactsRow, TransactionRow } from './seamless-wallet.repository';
import { refusal } from './wallet-replies';

// The seamless wallet's decisions (issue 23): each call is judged here, once, from facts already read, in
// the order of providers.md §3 (the signature is checked before anything is parsed, in the service):
// a transaction id seen before, the token, the player's state, the limits. Both databases' moves ask
// these functions and then apply the answer: PostgreSQL with the facts read before its transaction,
// SQLite with the facts read inside its synchronous unit. Money (the conditional debit) is the move's.

/** What a call is judged on: a record under its transaction id, and the token row of its `token`. */
export type CallFacts = Pick<CallFactsRow, 'transaction' | 'token'>;

/** What a bet is judged on beyond the call's facts; each read only when the decision gets to it. */
export interface BetFacts extends CallFacts {
  isSessionLive: (sessionId: string) => boolean;
  tokens: Pick<ProviderTokens, 'isExpired'>;
  /** The site's maintenance switch: no new stakes. */
  maintenance: boolean;
  /** The operator's flag. */
  isDisabled: (playerId: number) => boolean;
  /**
   * A break or a self-exclusion (responsible gaming). Undefined: not known here, and judged by the
   * move's own statement with the stake's limits (PostgreSQL, decision 0050), which answers the same
   * refusal; the caller must know it whenever the bet is over the wallet's maximum, so that the
   * player's state is answered before the limit whatever the database.
   */
  mayNotPlay: ((playerId: number) => boolean) | undefined;
  maxBet: number;
}

/** A call's answer without moving money, or the live token to move it under. */
export type Decision = { reply: WalletReply } | { token: TokenRow };

/** The stored answer (or a refusal) of a transaction id used before. */
export function replayOf(existing: TransactionRow, action: 'bet' | 'win' | 'rollback', hash: string) {
  if (existing.action === 'tombstone') {
    // The bet's own rollback came first: it must never land after its cancel (providers.md §3, ours).
    return refusal(action === 'bet' ? 'RS_ERROR_TRANSACTION_ROLLED_BACK' : 'RS_ERROR_DUPLICATE_TRANSACTION');
  }
  if (existing.action !== action || existing.request_hash !== hash) {
    return refusal('RS_ERROR_DUPLICATE_TRANSACTION');
  }
  return JSON.parse(existing.response_json) as WalletReply;
}

/** A bet: replay, live token, currency, player (maintenance, disabled, break or exclusion), maximum. */
export function decideBet(provider: ProviderCode, b: WalletBetRequest, hash: string, f: BetFacts): Decision {
  // A transaction id seen before answers as a replay (or a refusal) whatever the token is now.
  if (f.transaction) return { reply: replayOf(f.transaction, 'bet', hash) };
  const token = liveTokenOf(f.token, provider, b, f);
  if ('status' in token) return { reply: token };
  if (b.currency !== 'KHR') return { reply: refusal('RS_ERROR_WRONG_CURRENCY', b.request_uuid) };
  // Disabled by the operator, the whole site in maintenance, or a break or an exclusion: no new stakes.
  if (f.maintenance || f.isDisabled(token.player_id) || f.mayNotPlay?.(token.player_id) === true) {
    return { reply: refusal('RS_ERROR_USER_DISABLED', b.request_uuid) };
  }
  if (b.amount > f.maxBet) return { reply: refusal('RS_ERROR_LIMIT_REACHED', b.request_uuid) };
  return { token };
}

/** A win: replay, known token (a win may come after the player has left: expired or not), currency. */
export function decideWin(provider: ProviderCode, b: WalletWinRequest, hash: string, f: CallFacts): Decision {
  if (f.transaction) return { reply: replayOf(f.transaction, 'win', hash) };
  const token = knownTokenOf(f.token, provider, b);
  if ('status' in token) return { reply: token };
  if (b.currency !== 'KHR') return { reply: refusal('RS_ERROR_WRONG_CURRENCY', b.request_uuid) };
  return { token };
}

/** A rollback: replay, known token (money owed back is paid whatever the token's state). */
export function decideRollback(
  provider: ProviderCode,
  b: WalletRollbackRequest,
  hash: string,
  f: CallFacts,
): Decision {
  if (f.transaction) return { reply: replayOf(f.transaction, 'rollback', hash) };
  const token = knownTokenOf(f.token, provider, b);
  if ('status' in token) return { reply: token };
  return { token };
}

interface TokenFields {
  user: string;
  game_code: string;
  request_uuid: string;
}

/**
 * The token of a win or a rollback: it must exist and belong to this provider, player and game;
 * expiry, retirement and the login session do not matter (money owed is paid).
 */
export function knownTokenOf(
  row: TokenRow | undefined,
  provider: ProviderCode,
  b: TokenFields,
): TokenRow | WalletReply {
  if (!row || row.provider !== provider || String(row.player_id) !== b.user) {
    return refusal('RS_ERROR_INVALID_TOKEN', b.request_uuid);
  }
  if (row.game_code !== b.game_code) return refusal('RS_ERROR_INVALID_GAME', b.request_uuid);
  return row;
}

/**
 * The token of a balance or a bet: known (above), not retired by a newer launch, its login session
 * not ended (a login elsewhere ends it, decisions §6), and not expired.
 */
export function liveTokenOf(
  row: TokenRow | undefined,
  provider: ProviderCode,
  b: TokenFields,
  deps: { isSessionLive: (sessionId: string) => boolean; tokens: Pick<ProviderTokens, 'isExpired'> },
): TokenRow | WalletReply {
  const known = knownTokenOf(row, provider, b);
  if ('status' in known) return known;
  if (known.retired_at_ms !== null || !deps.isSessionLive(known.auth_session_id)) {
    return refusal('RS_ERROR_INVALID_TOKEN', b.request_uuid);
  }
  if (deps.tokens.isExpired(known)) return refusal('RS_ERROR_TOKEN_EXPIRED', b.request_uuid);
  return known;
}
