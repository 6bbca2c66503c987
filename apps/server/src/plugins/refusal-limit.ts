import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../errors/app-error';

/**
 * The route limiter counts a request in its route's class after the session check, so that a player is
 * counted as a player. A request that the session or XSRF check refuses (401, 419) never reaches it: without
 * this, a stranger could send bad session cookies or stale XSRF tokens without limit. So those refusals are
 * counted here, per address, and an address past its budget is refused with 429 before anything else runs.
 *
 * Maintenance's 503 is not counted on purpose: it costs one flag read, and the app's own polling during a long
 * maintenance must not lock players out when it ends.
 */
export const COUNTED_REFUSALS: ReadonlySet<number> = new Set([401, 419]);

export interface RefusalBudget {
  max: number;
  timeWindowMs: number;
}

/** One window per address: `add` counts a refusal and answers the window's count and the ms left in it. */
interface RefusalCounters {
  add(key: string): Promise<{ count: number; ttlMs: number }>;
}

class LocalRefusalCounters implements RefusalCounters {
  private readonly windows = new Map<string, { count: number; endsAtMs: number }>();
  constructor(
    private readonly timeWindowMs: number,
    private readonly maxKeys: number,
  ) {}

  add(key: string): Promise<{ count: number; ttlMs: number }> {
    const now = Date.now();
    let window = this.windows.get(key);
    if (window && window.endsAtMs > now) window.count += 1;
    else {
      this.windows.delete(key);
      // A Map iterates in insertion order: past the cap, the oldest window goes first.
      if (this.windows.size >= this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
      window = { count: 1, endsAtMs: now + this.timeWindowMs };
      this.windows.set(key, window);
    }
    return Promise.resolve({ count: window.count, ttlMs: window.endsAtMs - now });
  }
}

/** Shared by every process: a refusal anywhere counts for the address everywhere. */
class RedisRefusalCounters implements RefusalCounters {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly timeWindowMs: number,
  ) {}

  async add(key: string): Promise<{ count: number; ttlMs: number }> {
    const name = this.prefix + key;
    // NX: the window starts with the first refusal and is not pushed back by the later ones.
    const results = await this.redis
      .multi()
      .incr(name)
      .pexpire(name, this.timeWindowMs, 'NX')
      .pttl(name)
      .exec();
    return { count: Number(results?.[0]?.[1] ?? 0), ttlMs: Math.max(0, Number(results?.[2]?.[1] ?? 0)) };
  }
}

/**
 * Registers the refusal budget. `onResponse` counts each 401 and 419 of an address; once the count passes
 * the budget the address is blocked in this process until its window ends, and the first `onRequest` hook
 * answers 429 to it before the session is looked at. The check is a Map lookup, so the many requests that are
 * never refused pay next to nothing; only refusals touch the store (and Redis, when the limits are shared).
 * A store that fails lets requests through, as the route limiter does, and is logged.
 */
export function registerRefusalLimit(
  app: FastifyInstance,
  budget: RefusalBudget,
  store: { redis?: Redis | undefined; redisPrefix: string; maxLocalKeys: number },
): void {
  const counters: RefusalCounters = store.redis
    ? new RedisRefusalCounters(store.redis, `${store.redisPrefix}refusals:`, budget.timeWindowMs)
    : new LocalRefusalCounters(budget.timeWindowMs, store.maxLocalKeys);
  /** Addresses past their budget, until the end of their window (epoch ms). */
  const blockedUntil = new Map<string, number>();

  app.addHook('onRequest', (request, _reply, done) => {
    if (blockedUntil.size === 0) return done();
    const key = normalizeIP(request.ip);
    const until = blockedUntil.get(key);
    if (until === undefined) return done();
    const ttlMs = until - Date.now();
    if (ttlMs <= 0) {
      blockedUntil.delete(key);
      return done();
    }
    const retryAfter = String(Math.max(1, Math.ceil(ttlMs / 1000)));
    done(new AppError('RATE_LIMITED', undefined, { headers: { 'retry-after': retryAfter } }));
  });

  app.addHook('onResponse', (request, reply, done) => {
    // The mounted demo studio's 401s are its own page API's (a stale game session), answered after the route
    // limiter counted them in the `studio` class: they must not lock the address out of our routes.
    if (COUNTED_REFUSALS.has(reply.statusCode) && request.routeOptions.config.limitClass !== 'studio') {
      const key = normalizeIP(request.ip);
      counters.add(key).then(
        ({ count, ttlMs }) => {
          if (count < budget.max) return;
          // Past the cap, forget the address that ends soonest (a Map keeps insertion order).
          if (blockedUntil.size >= store.maxLocalKeys) blockedUntil.delete(blockedUntil.keys().next().value!);
          blockedUntil.set(key, Date.now() + ttlMs);
        },
        (error: unknown) =>
          request.log.warn({ err: error }, 'refusal limit store failed; refusal not counted'),
      );
    }
    done();
  });
}
