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

/**
 * The session that holds lease `name` of this schema now, if any (PostgreSQL): its pid, application name,
 * address and start, from pg_locks and pg_stat_activity. The key is tryLockScheduler's, a bigint that
 * pg_locks splits into its high (classid) and low (objid) 32 bits.
 */
export async function leaseHolder(
  db: Kysely<Database>,
  name: string,
): Promise<{ pid: number; application: string; address: string; since: string } | undefined> {
  const { rows } = await sql<{ pid: number; application: string; address: string; since: string }>`
    with k as (select hashtext(${name} || ':' || current_schema())::bigint as key)
    select a.pid, coalesce(a.application_name, '') as application,
      coalesce(host(a.client_addr), 'local') as address, coalesce(a.backend_start::text, '') as since
    from pg_locks l join pg_stat_activity a on a.pid = l.pid, k
    where l.locktype = 'advisory' and l.granted and l.database = (select oid from pg_database where datname = current_database())
      and l.objsubid = 1 and l.classid::bigint = (k.key >> 32) & 4294967295 and l.objid::bigint = k.key & 4294967295
    limit 1`.execute(db);
  return rows[0];
}
