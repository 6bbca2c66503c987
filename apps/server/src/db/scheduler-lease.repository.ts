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
 */
export async function tryLockScheduler(conn: Kysely<Database>, name: string): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`
    select pg_try_advisory_lock(hashtext(${name} || ':' || current_schema())) as locked`.execute(conn);
  return rows[0]?.locked === true;
}

export async function unlockAll(conn: Kysely<Database>): Promise<void> {
  await sql`select pg_advisory_unlock_all()`.execute(conn);
}
