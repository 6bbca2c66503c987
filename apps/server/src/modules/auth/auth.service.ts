import type { ChangePasswordRequest, UserDetail } from '@lotto59/contract';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/database';
import { AppError, validationError } from '../../errors/app-error';
import type { Clock } from '../../platform/clock';
import type { EventBus } from '../../platform/event-bus';
import type { AuditService } from '../audit/audit.service';
import { toUserDetail, type PlayersService } from '../players/players.service';
import type { WalletService } from '../wallet/wallet.public';
import { isCommonPassword } from './common-passwords';
import { LoginThrottle } from './login-throttle';
import type { PasswordHasher } from '../../platform/password-hasher';
import { SessionCache } from './session-cache';
import * as sessions from './sessions.repository';
import { newSessionToken, sessionIdOf } from './session-tokens';

export interface SessionPolicy {
  idleMs: number;
  absoluteMs: number;
  /** last_seen_at is written at most this often, so reads do not turn into writes on every call. */
  touchEveryMs: number;
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** The player behind a live session. */
export interface AuthContext {
  playerId: number;
  sessionId: string;
}

/**
 * Sessions and authentication (decisions §6): server-side sessions keyed by the hash of an opaque token,
 * one live session per player, argon2id passwords, throttled logins, every event audit-logged.
 */
export class AuthService {
  private dummyHash: Promise<string> | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
    private readonly players: PlayersService,
    private readonly wallet: WalletService,
    private readonly audit: AuditService,
    private readonly throttle: LoginThrottle,
    private readonly policy: SessionPolicy,
    private readonly cache: SessionCache = new SessionCache(0),
    private readonly events?: EventBus,
  ) {
    // Sessions ended by another process: forget them here at once rather than when the cache expires.
    events?.subscribe((event) => {
      if (event.type === 'sessions_ended') this.cache.dropPlayer(event.playerId);
    });
  }

  /**
   * The session of a token as the database has it now (the cached entry is forgotten first): the live
   * endpoint re-checks its sockets with it when sessions of their player ended.
   */
  revalidate(token: string): Promise<AuthContext> {
    this.cache.drop(sessionIdOf(token));
    return this.authenticate(token);
  }

  /**
   * Checks the credentials and opens a new session with a new token (the old cookie's session, if any,
   * ends). Any other live session of the player ends too: its next call answers 411.
   */
  async login(
    input: { username: string; password: string },
    client: ClientInfo,
    previousToken: string | undefined,
  ): Promise<{ token: string; user: UserDetail }> {
    const usernameKey = input.username.trim().toLowerCase();
    const keys = LoginThrottle.keys(usernameKey, client.ip);
    try {
      await this.throttle.assertAllowed(keys);
    } catch (error) {
      await this.audit.record({ kind: 'login_throttled', ip: client.ip, detail: { username: usernameKey } });
      throw error;
    }

    const player = await this.players.findByUsername(usernameKey);
    // Unknown user and wrong password take the same time and give the same answer.
    const passwordOk = player
      ? await this.hasher.verify(player.password_hash, input.password)
      : await this.hasher.verify(await this.dummy(), input.password).then(() => false);
    if (!player || !passwordOk) {
      await this.throttle.recordFailure(keys);
      await this.audit.record({
        kind: 'login_failed',
        playerId: player?.id ?? null,
        ip: client.ip,
        detail: { username: usernameKey },
      });
      throw new AppError('INVALID_CREDENTIALS', undefined, {
        errors: { username: ['These credentials do not match our records.'] },
      });
    }
    await this.throttle.recordSuccess(keys);
    // Responsible gaming: a self-excluded player may not log in (the password was right: say why).
    if (this.loginGate) await this.loginGate(player.id);

    const token = newSessionToken();
    const nowMs = this.clock.nowMs();
    const balance = await this.endingSessionsOf(player.id, async (trx) => {
      if (previousToken) await sessions.endSession(trx, sessionIdOf(previousToken), 'replaced', nowMs);
      const replaced = await sessions.endSessionsOfPlayer(trx, player.id, 'replaced', nowMs);
      await sessions.insertSession(trx, {
        id: sessionIdOf(token),
        playerId: player.id,
        nowMs,
        ip: client.ip,
        userAgent: client.userAgent,
      });
      await this.audit.record(
        { kind: 'login', playerId: player.id, ip: client.ip, detail: { replacedSessions: replaced } },
        trx,
      );
      return this.wallet.playerBalance(player.id, trx);
    });
    return { token, user: toUserDetail(player, balance) };
  }

  /**
   * Resolves the session of a cookie token: 401 when unknown or logged out, 411 when another login or a
   * password change ended it, 419 when it expired (idle or absolute timeout).
   */
  async authenticate(token: string | undefined): Promise<AuthContext> {
    return this.authenticateFromCache(token) ?? this.authenticateSlowly(token);
  }

  /**
   * The same answer without waiting, when it needs no database: the session is remembered, live and
   * recently touched (most authenticated calls). Undefined otherwise.
   */
  authenticateFromCache(token: string | undefined): AuthContext | undefined {
    if (!token) return undefined;
    const id = sessionIdOf(token);
    const nowMs = this.clock.nowMs();
    const session = this.cache.get(id, nowMs);
    if (
      !session ||
      nowMs - session.last_seen_at_ms >= this.policy.touchEveryMs ||
      nowMs - session.last_seen_at_ms > this.policy.idleMs ||
      nowMs - session.created_at_ms > this.policy.absoluteMs
    ) {
      return undefined;
    }
    return { playerId: session.player_id, sessionId: id };
  }

  private async authenticateSlowly(token: string | undefined): Promise<AuthContext> {
    if (!token) throw new AppError('UNAUTHENTICATED');
    const id = sessionIdOf(token);
    const nowMs = this.clock.nowMs();
    const session = this.cache.get(id, nowMs) ?? (await this.liveSession(id, nowMs));
    if (
      nowMs - session.last_seen_at_ms > this.policy.idleMs ||
      nowMs - session.created_at_ms > this.policy.absoluteMs
    ) {
      this.cache.drop(id);
      await sessions.endSession(this.db, id, 'expired', nowMs);
      this.events?.publish({ type: 'sessions_ended', playerId: session.player_id });
      throw new AppError('SESSION_EXPIRED');
    }
    if (nowMs - session.last_seen_at_ms >= this.policy.touchEveryMs) {
      await sessions.touchSession(this.db, id, nowMs);
      this.cache.touch(id, nowMs);
    }
    return { playerId: session.player_id, sessionId: id };
  }

  /** Reads a session from the database; only a live one is returned (and remembered). */
  private async liveSession(id: string, nowMs: number) {
    const generation = this.cache.generation();
    const session = await sessions.findSession(this.db, id);
    if (!session) throw new AppError('UNAUTHENTICATED');
    switch (session.end_reason) {
      case null:
        this.cache.set(session, nowMs, generation);
        return session;
      case 'replaced':
      case 'password_changed':
        throw new AppError('SESSION_REPLACED');
      case 'expired':
        throw new AppError('SESSION_EXPIRED');
      case 'logout':
      case 'self_excluded':
        throw new AppError('UNAUTHENTICATED');
    }
  }

  /** Set by `useLoginGate`: responsible gaming's refusal of a self-excluded player's login. */
  private loginGate: ((playerId: number) => Promise<void>) | undefined;

  /** Responsible gaming's check at login (services.ts): throws SELF_EXCLUDED. */
  useLoginGate(gate: (playerId: number) => Promise<void>): void {
    this.loginGate = gate;
  }

  /** Whether `password` is the player's (self-exclusion asks for it again). */
  async verifyPassword(playerId: number, password: string): Promise<boolean> {
    const player = await this.players.byId(playerId);
    return this.hasher.verify(player.password_hash, password);
  }

  /** When the session began (the reality check counts from it). */
  async sessionStartedAt(sessionId: string): Promise<number | undefined> {
    return (await sessions.findSession(this.db, sessionId))?.created_at_ms;
  }

  /** Ends every session of a player in the transaction of `work` (self-exclusion), as a logout does. */
  endEverySessionOf<T>(playerId: number, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.endingSessionsOf(playerId, async (trx) => {
      const result = await work(trx);
      await sessions.endSessionsOfPlayer(trx, playerId, 'self_excluded', this.clock.nowMs());
      return result;
    });
  }

  /**
   * Runs a transaction that ends sessions of a player, forgetting the player's cached sessions before
   * (no lookup may cache them meanwhile) and after (none read before the commit survives it).
   */
  private async endingSessionsOf<T>(playerId: number, work: (trx: Transaction<Database>) => Promise<T>) {
    this.cache.dropPlayer(playerId);
    try {
      const result = await this.db.transaction().execute(work);
      // Delivered after this returns (in process: a microtask; server mode: Redis), so after the drop below.
      this.events?.publish({ type: 'sessions_ended', playerId });
      return result;
    } finally {
      this.cache.dropPlayer(playerId);
    }
  }

  /**
   * Whether a login session has not been ended (logout, a login elsewhere, a password change, expiry).
   * Provider game tokens are bound to the session they were minted under and die with it (decisions §6).
   * Read from the database, not the cache: another process may have ended it a moment ago.
   */
  async isSessionLive(sessionId: string): Promise<boolean> {
    const session = await sessions.findSession(this.db, sessionId);
    return session !== undefined && session.ended_at_ms === null;
  }

  /** Ends the cookie's session, if it is one; logging out twice is not an error. */
  async logout(token: string | undefined, client: ClientInfo): Promise<void> {
    if (!token) return;
    const session = await sessions.findSession(this.db, sessionIdOf(token));
    if (!session || session.ended_at_ms !== null) return;
    await this.endingSessionsOf(session.player_id, async (trx) => {
      await sessions.endSession(trx, session.id, 'logout', this.clock.nowMs());
      await this.audit.record({ kind: 'logout', playerId: session.player_id, ip: client.ip }, trx);
    });
  }

  /**
   * Changes the password (decisions §6) and returns the new session token: the current session
   * continues under a new token, every other session of the player ends.
   */
  async changePassword(auth: AuthContext, input: ChangePasswordRequest, client: ClientInfo): Promise<string> {
    const player = await this.players.byId(auth.playerId);
    const errors: Record<string, string[]> = {};
    if (!(await this.hasher.verify(player.password_hash, input.old_password))) {
      errors.old_password = ['The old password is incorrect.'];
    }
    if (input.new_password === input.old_password) {
      errors.new_password = ['The new password must be different from the old password.'];
    } else if (isCommonPassword(input.new_password)) {
      errors.new_password = ['The new password is too common. Choose a less common password.'];
    }
    if (input.confirm !== input.new_password) {
      errors.confirm = ['The confirm field must match the new password.'];
    }
    if (Object.keys(errors).length > 0) {
      await this.audit.record({
        kind: 'password_change_failed',
        playerId: player.id,
        ip: client.ip,
        detail: { fields: Object.keys(errors) },
      });
      throw validationError(errors);
    }

    const hash = await this.hasher.hash(input.new_password);
    const token = newSessionToken();
    const nowMs = this.clock.nowMs();
    await this.endingSessionsOf(player.id, async (trx) => {
      await this.players.setPasswordHash(player.id, hash, trx);
      await sessions.endSession(trx, auth.sessionId, 'password_changed', nowMs);
      await sessions.endSessionsOfPlayer(trx, player.id, 'password_changed', nowMs);
      await sessions.insertSession(trx, {
        id: sessionIdOf(token),
        playerId: player.id,
        nowMs,
        ip: client.ip,
        userAgent: client.userAgent,
      });
      await this.audit.record({ kind: 'password_changed', playerId: player.id, ip: client.ip }, trx);
    });
    return token;
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= this.hasher.hash('not-a-real-password-for-timing');
    return this.dummyHash;
  }
}
