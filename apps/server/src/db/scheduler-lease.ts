import { performance } from 'node:perf_hooks';
import { Kysely, PostgresDialect, SqliteAdapter, type PostgresPool } from 'kysely';
import type pg from 'pg';
import { pgPoolOf } from './create-db';
import type { Database, Db } from './database';
import * as repo from './scheduler-lease.repository';

/**
 * Who may draw. Embedded mode (SQLite) has one process, so it always may. On PostgreSQL the lease is a
 * session advisory lock held on one dedicated connection: several API processes may run the loop, and
 * only the holder draws. It is a lease of `leaseSeconds` (SCHEDULER_LEASE_SECONDS,
 * docs/decisions/0037-scheduler-lease-seconds.md): a holder that dies loses the lock with its connection at
 * once; one that stops talking (frozen, or cut off by the network) loses it when PostgreSQL ends its session
 * after `leaseSeconds` of silence, and believes itself the holder for no longer than that after its last
 * successful renewal, so two processes never both believe they hold it.
 */
export interface SchedulerLease {
  /** Whether this process holds the lease now; takes it when it is free. Never waits on a held lease's renewal. */
  holds(): Promise<boolean>;
  /** Whether this process holds the lease now, without asking the database (/healthz, the heartbeat). */
  held(): boolean;
  release(): Promise<void>;
}

/**
 * One lease per worker name: lotto 59's draw scheduler (`lotto59-scheduler`), the ticket lottery's worker
 * (`lottery-scheduler`) and the fishing transfers' worker (`fishing-transfers`) are elected separately.
 * Their workers try to take a free lease at every tick, at most every `leaseSeconds / 2` (config.ts checks
 * LOTTO_TICK_MS against it).
 */
export function createSchedulerLease(db: Db, name: string, leaseSeconds: number): SchedulerLease {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    return { holds: async () => true, held: () => true, release: async () => undefined };
  }
  const pool = pgPoolOf(db);
  if (!pool) throw new Error('a scheduler lease on PostgreSQL needs a database opened by openPostgres');
  return new PgAdvisoryLease(pool, name, leaseSeconds * 1000);
}

interface Session {
  client: pg.PoolClient;
  /** Kysely on `client` alone: the lease's statements must run on the connection that holds the lock. */
  conn: Kysely<Database>;
  /**
   * Until when (performance.now()) the lock is surely ours: the start of the last successful renewal (or of
   * the locking statement) plus the lease. The server's idle clock restarted after that start, so it cannot
   * have ended the session before then.
   */
  validUntilMs: number;
  renewTimer: NodeJS.Timeout;
  renewing: boolean;
  onLost: () => void;
  ended: boolean;
}

class PgAdvisoryLease implements SchedulerLease {
  private session: Session | undefined;
  private acquiring: Promise<boolean> | undefined;
  /**
   * A renewal every third of the lease, each given a third of it to answer: one that fails or does not answer
   * ends the holding at two thirds of the lease at the latest, before the server could free the lock.
   */
  private readonly renewEveryMs: number;

  constructor(
    private readonly pool: pg.Pool,
    private readonly name: string,
    private readonly leaseMs: number,
  ) {
    this.renewEveryMs = leaseMs / 3;
  }

  async holds(): Promise<boolean> {
    const session = this.session;
    if (session) {
      if (performance.now() < session.validUntilMs) return true;
      // Not renewed within the lease (this process was frozen, or its renewals hung): the server may have
      // freed the lock and another process may draw. Step down; the next tick tries again.
      this.stepDown(session);
      return false;
    }
    this.acquiring ??= this.acquire().finally(() => {
      this.acquiring = undefined;
    });
    return this.acquiring;
  }

  held(): boolean {
    return this.session !== undefined && performance.now() < this.session.validUntilMs;
  }

  async release(): Promise<void> {
    await this.acquiring?.catch(() => false);
    const session = this.session;
    if (!session) return;
    this.session = undefined;
    clearInterval(session.renewTimer);
    // Unlocked before the connection closes, so that the heir can take the lock at once (the server frees it
    // with the session too, but only once it has seen the connection close).
    await withTimeout(repo.unlockAll(session.conn), this.renewEveryMs).catch(() => undefined);
    this.end(session);
  }

  /**
   * Takes the lock on a connection of its own (from the pool, never returned to it: its session carries the
   * lease's timeouts, and a pooled connection must never be ended by the server for idling).
   */
  private async acquire(): Promise<boolean> {
    const client = await this.pool.connect();
    const conn = kyselyOn(client);
    const startedMs = performance.now();
    let locked: boolean;
    try {
      locked = await withTimeout(repo.tryLockScheduler(conn, this.name, this.leaseMs), this.renewEveryMs);
    } catch (error) {
      // It may have taken the lock without our hearing it: the connection goes, and the lock with it.
      destroy(client);
      throw error;
    }
    if (!locked) {
      client.release();
      return false;
    }
    const session: Session = {
      client,
      conn,
      validUntilMs: startedMs + this.leaseMs,
      renewTimer: setInterval(() => this.renew(session), this.renewEveryMs),
      renewing: false,
      onLost: () => this.stepDown(session),
      ended: false,
    };
    // The timer must not keep a process alive that is otherwise done (the CLI, a test).
    session.renewTimer.unref();
    // The server ended the session (idle_session_timeout, a restart) or the network dropped it: step down at
    // once. The pool's own listener reports the error; this one only keeps it from being believed held.
    client.on('error', session.onLost);
    client.on('end', session.onLost);
    this.session = session;
    return true;
  }

  /** A ping on the lock's connection: answered in time, the lease runs a whole lease from the ping's start. */
  private renew(session: Session): void {
    // A ping still waiting has its own timeout; a second one would only queue behind it.
    if (session.renewing || session.ended) return;
    session.renewing = true;
    const startedMs = performance.now();
    withTimeout(repo.ping(session.conn), this.renewEveryMs).then(
      () => {
        session.renewing = false;
        if (session.ended) return;
        // Answered after the lease ran out (the process froze while it waited): too late to count, the lock
        // may have changed hands in between even though this session lives on. Lapsed means lost.
        if (performance.now() >= session.validUntilMs) this.stepDown(session);
        else session.validUntilMs = startedMs + this.leaseMs;
      },
      () => {
        session.renewing = false;
        this.stepDown(session);
      },
    );
  }

  /** Stops believing in the lease at once and drops its connection, so that the server frees the lock. */
  private stepDown(session: Session): void {
    if (this.session === session) this.session = undefined;
    clearInterval(session.renewTimer);
    this.end(session);
  }

  private end(session: Session): void {
    if (session.ended) return;
    session.ended = true;
    session.client.removeListener('error', session.onLost);
    session.client.removeListener('end', session.onLost);
    destroy(session.client);
  }
}

/**
 * Closes a pooled connection for good: out of the pool, and its socket destroyed at once rather than ended
 * politely (a peer that does not answer would keep a polite end waiting). Its session and lock go with it.
 */
function destroy(client: pg.PoolClient): void {
  client.release(true);
  client.connection.stream.destroy();
}

/** A Kysely whose every statement runs on `client`, which it never releases (the lease does). */
function kyselyOn(client: pg.PoolClient): Kysely<Database> {
  const borrowed = {
    query: client.query.bind(client),
    release: () => undefined,
  };
  const onlyClient: PostgresPool = {
    connect: async () => borrowed,
    end: async () => undefined,
  };
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: onlyClient }) });
}

class LeaseTimeout extends Error {
  override name = 'LeaseTimeout';
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new LeaseTimeout(`no answer within ${Math.round(ms)} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
