import type { Db } from '../../db/database';
import { AppError } from '../../errors/app-error';
import type { Clock } from '../../platform/clock';
import * as repo from './login-throttle.repository';

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
    const lockedUntilMs = await repo.lockedUntilMs(this.db, [keys.account, keys.address], nowMs);
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
    await repo.clearKey(this.db, keys.account);
  }

  private async bump(key: string, maxFailures: number): Promise<void> {
    await repo.recordFailure(this.db, {
      key,
      maxFailures,
      nowMs: this.clock.nowMs(),
      windowMs: this.limits.windowMs,
    });
  }
}
