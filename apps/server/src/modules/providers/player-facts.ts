import type { RawBuilder } from 'kysely';

/**
 * What the provider wallets read of the auth and players modules: one port, filled by the composition root
 * (services.ts), so that neither module offers the wallet a method of its own and the wallet imports neither.
 */
export interface PlayerFacts {
  /**
   * Whether a login session has not been ended (logout, a login elsewhere, a password change, expiry).
   * Provider game tokens die with the session they were minted under (decisions §6). Read from the database,
   * not a cache: another process may have ended it a moment ago.
   */
  isSessionLive(sessionId: string): Promise<boolean>;
  /** Whether the operator disabled the player; an unknown player throws NOT_FOUND. */
  isDisabled(playerId: number): Promise<boolean>;
  /**
   * The same two reads as synchronous calls that see what the caller's open transaction sees, where the
   * database answers synchronously (SQLite, whose seamless moves are synchronous units inside the group
   * commit, decision 0021); absent elsewhere.
   */
  readonly inTransaction?: SyncPlayerFacts | undefined;
  /**
   * The same two reads as expressions of the caller's own statement, given the columns (or values) of the
   * session id and the player id: read with the call's first facts, in the same round trip.
   */
  readonly inStatement: {
    isSessionLive(sessionId: RawBuilder<unknown>): RawBuilder<boolean>;
    isDisabled(playerId: RawBuilder<unknown>): RawBuilder<boolean>;
  };
}

export interface SyncPlayerFacts {
  isSessionLive(sessionId: string): boolean;
  isDisabled(playerId: number): boolean;
}
