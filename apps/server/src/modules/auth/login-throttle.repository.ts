import { sql } from 'kysely';
import type { Db } from '../../db/database';

// All SQL of login throttling (login-throttle.ts).

/** The latest lock still in force on any of the keys, or 0. */
export async function lockedUntilMs(db: Db, keys: readonly string[], nowMs: number): Promise<number> {
  const rows = await db
    .selectFrom('login_throttle')
    .select(['locked_until_ms'])
    .where('key', 'in', keys)
    .where('locked_until_ms', '>', nowMs)
    .execute();
  return Math.max(0, ...rows.map((r) => r.locked_until_ms ?? 0));
}

export async function clearKey(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}

/**
 * Counts one failure in ONE atomic upsert, never read-then-write: a new window starts when the old one
 * has passed; the lock is set by the failure that reaches the limit.
 */
export async function recordFailure(
  db: Db,
  f: { key: string; maxFailures: number; nowMs: number; windowMs: number },
): Promise<void> {
  const windowStartMin = f.nowMs - f.windowMs;
  const lockUntil = f.nowMs + f.windowMs;
  await db
    .insertInto('login_throttle')
    .values({
      key: f.key,
      failures: 1,
      window_start_ms: f.nowMs,
      locked_until_ms: f.maxFailures <= 1 ? lockUntil : null,
    })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`case when login_throttle.window_start_ms <= ${windowStartMin} then 1 else login_throttle.failures + 1 end`,
        window_start_ms: sql`case when login_throttle.window_start_ms <= ${windowStartMin} then ${f.nowMs} else login_throttle.window_start_ms end`,
        locked_until_ms: sql`case when (case when login_throttle.window_start_ms <= ${windowStartMin} then 1 else login_throttle.failures + 1 end) >= ${f.maxFailures} then ${lockUntil} else login_throttle.locked_until_ms end`,
      }),
    )
    .execute();
}
