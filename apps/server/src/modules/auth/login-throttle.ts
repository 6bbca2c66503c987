import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError } from '../../errors/app-error';
import type { Clock } from '../../platform/clock';

export interface ThrottleLimits {
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
  windowMs: number;
}

/**
 * Login throttling per account and per address (OWASP ASVS 2.2.1). Counters live in the database so
 * every API process shares them; each failure is one atomic upsert, never read-then-write.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: ThrottleLimits,
  ) {}

  static keys(usernameKey: string, ip: string) {
    return { account: `account:${usernameKey}`, address: `address:${ip}` };
  }

  /** Throws 429 with `Retry-After` while either key is locked. */
  async assertAllowed(keys: { account: string; address: string }): Promise<void> {
    const nowMs = this.clock.nowMs();
    const rows = await this.db
      .selectFrom('login_throttle')
      .select(['locked_until_ms'])
      .where('key', 'in', [keys.account, keys.address])
      .where('locked_until_ms', '>', nowMs)
      .execute();
    const lockedUntilMs = Math.max(0, ...rows.map((r) => r.locked_until_ms ?? 0));
    if (lockedUntilMs > nowMs) {
      const retryAfterSeconds = Math.ceil((lockedUntilMs - nowMs) / 1000);
      throw new AppError('TOO_MANY_ATTEMPTS', undefined, {
        headers: { 'retry-after': String(retryAfterSeconds) },
      });
    }
  }

  async recordFailure(keys: { account: string; address: string }): Promise<void> {
    await this.bump(keys.account, this.limits.maxFailuresPerAccount);
    await this.bump(keys.address, this.limits.maxFailuresPerAddress);
  }

  /** A successful login clears the account's counter (the address keeps its own). */
  async recordSuccess(keys: { account: string }): Promise<void> {
    await this.db.deleteFrom('login_throttle').where('key', '=', keys.account).execute();
  }

  private async bump(key: string, maxFailures: number): Promise<void> {
    const nowMs = this.clock.nowMs();
    const windowStartMin = nowMs - this.limits.windowMs;
    const lockUntil = nowMs + this.limits.windowMs;
    // A new window starts when the old one has passed; the lock is set by the failure that reaches the limit.
    await this.db
      .insertInto('login_throttle')
      .values({
        key,
        failures: 1,
        window_start_ms: nowMs,
        locked_until_ms: maxFailures <= 1 ? lockUntil : null,
      })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql`case when login_throttle.window_start_ms <= ${windowStartMin} then 1 else login_throttle.failures + 1 end`,
          window_start_ms: sql`case when login_throttle.window_start_ms <= ${windowStartMin} then ${nowMs} else login_throttle.window_start_ms end`,
          locked_until_ms: sql`case when (case when login_throttle.window_start_ms <= ${windowStartMin} then 1 else login_throttle.failures + 1 end) >= ${maxFailures} then ${lockUntil} else login_throttle.locked_until_ms end`,
        }),
      )
      .execute();
  }
}
