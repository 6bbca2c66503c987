import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type { Db, Executor } from '../../../db/database';
import type { Clock } from '../../../platform/clock';
import * as repo from './tokens.repository';
import type { ProviderCode } from '../providers.table';

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
  /** AES-256-GCM key of the fishing sessions' sealed tokens (migration 0007). */
  private readonly sealKey: Buffer;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    appKey: string,
  ) {
    this.tokenKey = createHmac('sha256', appKey).update('provider-game-token').digest();
    this.sealKey = createHmac('sha256', appKey).update('provider-game-token-seal').digest();
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
    /** Fishing: keep the token sealed so that later launches hand over the same one (`relaunch`). */
    sealed?: boolean;
  }): Promise<MintedToken & { id: number }> {
    const nowMs = this.clock.nowMs();
    const code = randomBytes(32).toString('base64url');
    const token = this.tokenOf(code);
    const expiresMs = nowMs + TOKEN_IDLE_MS;
    const id = await this.db.transaction().execute(async (trx) => {
      await repo.retireTokensOfGame(trx, input, nowMs);
      return repo.insertToken(trx, {
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
        token_seal: input.sealed ? this.seal(token) : null,
      });
    });
    return { id, token, code, expiresMs };
  }

  /**
   * A new one-time launch code for a live sealed token (a fishing session launched again): the code is
   * fresh, the token it exchanges for is the session's. Undefined when the token is gone or expired.
   */
  async relaunch(tokenId: number): Promise<{ token: string; code: string; expiresMs: number } | undefined> {
    const nowMs = this.clock.nowMs();
    const code = randomBytes(32).toString('base64url');
    const row = await repo.rearmLaunchCode(this.db, tokenId, sha256(code), nowMs + LAUNCH_CODE_MS, nowMs);
    if (!row?.token_seal) return undefined;
    return { token: this.unseal(row.token_seal), code, expiresMs: this.expiresAtMs(row) };
  }

  /** The sealed token of a live row (a fishing session's `GET fishing/token`). */
  async sessionToken(tokenId: number): Promise<{ token: string; expiresMs: number } | undefined> {
    const row = await repo.findTokenById(this.db, tokenId);
    if (!row?.token_seal || row.retired_at_ms !== null || this.isExpired(row)) return undefined;
    return { token: this.unseal(row.token_seal), expiresMs: this.expiresAtMs(row) };
  }

  /** Ends a token at once (a fishing session closed). */
  async retire(tokenId: number, ex: Executor = this.db): Promise<void> {
    await repo.retireToken(ex, tokenId, this.clock.nowMs());
  }

  private seal(token: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, iv);
    const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  private unseal(text: string): string {
    const raw = Buffer.from(text, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.sealKey, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }

  /** Exchanges a launch code once (unknown, used, expired or retired: undefined). */
  async exchange(
    provider: ProviderCode,
    code: string,
  ): Promise<{ row: TokenRow; token: string } | undefined> {
    const row = await repo.takeLaunchCode(this.db, sha256(code), provider, this.clock.nowMs());
    // A relaunched fishing session's code is not the one its token was derived from: the seal holds it.
    return row && { row, token: row.token_seal ? this.unseal(row.token_seal) : this.tokenOf(code) };
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
