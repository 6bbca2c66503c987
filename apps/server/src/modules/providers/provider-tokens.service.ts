import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Db, Executor } from '../../db/database';
import type { Clock } from '../../platform/clock';
import * as repo from './providers.repository';
import type { ProviderCode } from './providers.table';

// Game session tokens and their one-time launch codes (providers.md §5, decision 0011).

/** 30 minutes without a wallet call end a game session … */
export const TOKEN_IDLE_MS = 30 * 60_000;
/** … and 12 hours end it whatever happens. */
export const TOKEN_HARD_MS = 12 * 3_600_000;
/** The launch URL's code must be exchanged within this time. */
export const LAUNCH_CODE_MS = 120_000;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

export interface MintedToken {
  token: string;
  code: string;
  expiresMs: number;
}

export type TokenRow = repo.TokenRow;

export class ProviderTokens {
  /** Key of the token derivation; derived from the app key so that every process derives alike. */
  private readonly tokenKey: Buffer;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    appKey: string,
  ) {
    this.tokenKey = createHmac('sha256', appKey).update('provider-game-token').digest();
  }

  /**
   * The token that belongs to a launch code: HMAC(key, code), 32 bytes in base64url (43 characters).
   * Only hashes are stored, so the session exchange (which must hand the token to the studio) derives it
   * again from the code rather than keeping it; the code itself is 32 random bytes.
   */
  private tokenOf(code: string): string {
    return createHmac('sha256', this.tokenKey).update(code).digest('base64url');
  }

  /**
   * Mints a game session for a player's launch: retires the player's older token of the same game and
   * stores the new one, bound to (player, provider, game, KHR) and to the login session.
   */
  async mint(input: {
    playerId: number;
    authSessionId: string;
    provider: ProviderCode;
    gameCode: string;
  }): Promise<MintedToken> {
    const nowMs = this.clock.nowMs();
    const code = randomBytes(32).toString('base64url');
    const token = this.tokenOf(code);
    const expiresMs = nowMs + TOKEN_IDLE_MS;
    await this.db.transaction().execute(async (trx) => {
      await repo.retireTokensOfGame(trx, input, nowMs);
      await repo.insertToken(trx, {
        token_hash: sha256(token),
        launch_code_hash: sha256(code),
        launch_code_expires_ms: nowMs + LAUNCH_CODE_MS,
        player_id: input.playerId,
        provider: input.provider,
        game_code: input.gameCode,
        currency: 'KHR',
        auth_session_id: input.authSessionId,
        created_at_ms: nowMs,
        expires_ms: expiresMs,
        hard_expires_ms: nowMs + TOKEN_HARD_MS,
        retired_at_ms: null,
      });
    });
    return { token, code, expiresMs };
  }

  /** Exchanges a launch code once (unknown, used, expired or retired: undefined). */
  async exchange(
    provider: ProviderCode,
    code: string,
  ): Promise<{ row: TokenRow; token: string } | undefined> {
    const row = await repo.takeLaunchCode(this.db, sha256(code), provider, this.clock.nowMs());
    return row && { row, token: this.tokenOf(code) };
  }

  find(token: string, ex: Executor = this.db): Promise<TokenRow | undefined> {
    return repo.findTokenByHash(ex, this.hashOf(token));
  }

  /** Whether the session's time is up (idle or hard expiry); a retired token is invalid, not expired. */
  isExpired(row: TokenRow): boolean {
    const nowMs = this.clock.nowMs();
    return row.expires_ms <= nowMs || row.hard_expires_ms <= nowMs;
  }

  /** A wallet call on a live token keeps it alive for another 30 minutes, never past its hard expiry. */
  async touch(row: TokenRow, ex: Executor = this.db): Promise<void> {
    const slide = this.slideOf(row);
    if (slide) await repo.extendToken(ex, row.id, slide.expiresMs, slide.nowMs);
  }

  /**
   * The expiry a wallet call on this live token slides it to (30 minutes on, never past its hard
   * expiry), or undefined when it need not be written: at most once a minute per token, so that a spin
   * every second does not turn into a write each.
   */
  slideOf(row: TokenRow): { expiresMs: number; nowMs: number } | undefined {
    const nowMs = this.clock.nowMs();
    const expiresMs = Math.min(nowMs + TOKEN_IDLE_MS, row.hard_expires_ms);
    return expiresMs - row.expires_ms < 60_000 ? undefined : { expiresMs, nowMs };
  }

  /** The SHA-256 under which a token is stored (its row is found by it). */
  hashOf(token: string): string {
    return sha256(token);
  }

  expiresAtMs(row: TokenRow): number {
    return Math.min(row.expires_ms, row.hard_expires_ms);
  }
}
