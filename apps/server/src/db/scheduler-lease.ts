import { SqliteAdapter, type Kysely } from 'kysely';
import type { Database, Db } from './database';
import * as repo from './scheduler-lease.repository';

/**
 * Who may draw. Embedded mode (SQLite) has one process, so it always may. On PostgreSQL the lease is a
 * session advisory lock held on one dedicated connection: several API processes may run the loop, and
 * only the holder draws; if it dies, PostgreSQL drops the lock with its connection and another takes over.
 */
export interface SchedulerLease {
  holds(): Promise<boolean>;
  /** Whether this process held the lease at its last `holds()`, without asking the database (/healthz). */
  held(): boolean;
  release(): Promise<void>;
}

/**
 * One lease per worker name: lotto 59's draw scheduler (`lotto59-scheduler`) and the ticket lottery's worker
 * (`lottery-scheduler`) are elected separately, each on exactly one process.
 */
export function createSchedulerLease(db: Db, name = 'lotto59-scheduler'): SchedulerLease {
  return db.getExecutor().adapter instanceof SqliteAdapter
    ? { holds: async () => true, held: () => true, release: async () => undefined }
    : new PgAdvisoryLease(db, name);
}

interface Session {
  conn: Kysely<Database>;
  stop: () => void;
  done: Promise<void>;
}

class PgAdvisoryLease implements SchedulerLease {
  private session: Session | undefined;
  private acquiring: Promise<boolean> | undefined;

  constructor(
    private readonly db: Db,
    private readonly name: string,
  ) {}

  async holds(): Promise<boolean> {
    if (this.session) {
      try {
        await repo.ping(this.session.conn);
        return true;
      } catch {
        // The connection (and so the lock) is gone: step down; the next tick tries again.
        await this.release();
        return false;
      }
    }
    this.acquiring ??= this.acquire().finally(() => {
      this.acquiring = undefined;
    });
    return this.acquiring;
  }

  held(): boolean {
    return this.session !== undefined;
  }

  async release(): Promise<void> {
    const session = this.session;
    this.session = undefined;
    if (!session) return;
    session.stop();
    await session.done.catch(() => undefined);
  }

  /** Holds one pooled connection for as long as the lock is held (until `release`). */
  private acquire(): Promise<boolean> {
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    return new Promise<boolean>((resolve, reject) => {
      const done: Promise<void> = this.db.connection().execute(async (conn) => {
        if (!(await repo.tryLockScheduler(conn, this.name))) {
          resolve(false);
          return;
        }
        this.session = { conn, stop, done };
        resolve(true);
        await stopped;
        await repo.unlockAll(conn).catch(() => undefined);
      });
      done.catch(reject);
    });
  }
}
