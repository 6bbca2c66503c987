import type { WalletReply } from '@lotto59/contract';
import type { ProviderTokens, TokenRow } from './provider-tokens.service';
import type { ProviderCode } from './providers.table';
import { refusal } from './wallet-replies';

// The token checks of a wallet call (decision 0011), on a token row already read: shared by the
// PostgreSQL path (rows read through Kysely) and the SQLite one (read inside the group commit).

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
