import { sql, type Kysely } from 'kysely';
import type { Database } from './database';

// All SQL of the scheduler leases (scheduler-lease.ts): PostgreSQL session advisory locks.

/** True while the connection (and so the lock it holds) is alive; throws when it is gone. */
export async function ping(conn: Kysely<Database>): Promise<void> {
  await sql`select 1`.execute(conn);
}

/**
 * Takes the scheduler's lock on this connection if no one holds it. The key includes the schema, so
 * deployments (and parallel test files) sharing one server each elect their own scheduler.
 *
 * In the same statement, and only when the lock was taken, the session gets the lease's bounds, so that no
 * moment exists where the lock is held without them: `idle_session_timeout` makes PostgreSQL end the session
 * (and so free the lock) once the holder has sent nothing for `leaseMs` (a frozen or cut-off holder), and
 * `tcp_user_timeout` drops it once the server's own answers have gone unacknowledged for as long (a network
 * that lets the holder's pings in but not the answers out). A connection that was not locked keeps the pool's
 * settings and may go back to the pool.
 */
export async function tryLockScheduler(
  conn: Kysely<Database>,
  name: string,
  leaseMs: number,
): Promise<boolean> {
  const bound = String(Math.round(leaseMs));
  // MATERIALIZED: the lock is attempted exactly once, and the settings only read its outcome.
  const { rows } = await sql<{ locked: boolean }>`
    with attempt as materialized (
      select pg_try_advisory_lock(hashtext(${name} || ':' || current_schema())) as locked
    )
    select locked,
      case when locked then set_config('idle_session_timeout', ${bound}, false) end as idle_session_timeout,
      case when locked then set_config('tcp_user_timeout', ${bound}, false) end as tcp_user_timeout
    from attempt`.execute(conn);
  return rows[0]?.locked === true;
}

export async function unlockAll(conn: Kysely<Database>): Promise<void> {
  await sql`select pg_advisory_unlock_all()`.execute(conn);
}
