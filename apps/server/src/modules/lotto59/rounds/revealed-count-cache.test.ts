import { describe, expect, it } from 'vitest';
import { REVEALED_COUNT_TTL_MS, RevealedCountCache } from './revealed-count-cache';

describe('RevealedCountCache', () => {
  const counter = () => {
    let calls = 0;
    return { count: async () => ++calls, calls: () => calls };
  };

  it('answers one count per filter for the TTL of the clock, then counts again', async () => {
    const cache = new RevealedCountCache();
    const c = counter();
    const at = (nowMs: number) => cache.get({ poll: 'POLL_1', nowMs }, c.count);
    expect(await at(10_000)).toBe(1);
    expect(await at(10_000 + REVEALED_COUNT_TTL_MS - 1)).toBe(1);
    expect(c.calls()).toBe(1);
    expect(await at(10_000 + REVEALED_COUNT_TTL_MS)).toBe(2);
    // A clock that went back never reuses a count taken later.
    expect(await at(9_000)).toBe(3);
  });

  it('shares a count in flight, and never keeps one that failed', async () => {
    const cache = new RevealedCountCache();
    let calls = 0;
    let fail = true;
    const slowCount = async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail) throw new Error('database away');
      return calls;
    };
    const at = { poll: 'POLL_1' as const, nowMs: 1_000 };
    const failing = await Promise.allSettled(Array.from({ length: 50 }, () => cache.get(at, slowCount)));
    expect(failing.every((r) => r.status === 'rejected')).toBe(true);
    expect(calls).toBe(1);
    fail = false;
    const counted = await Promise.all(Array.from({ length: 50 }, () => cache.get(at, slowCount)));
    expect(counted).toEqual(Array.from({ length: 50 }, () => 2));
    expect(calls).toBe(2);
  });

  it('keeps pools and date ranges apart', async () => {
    const cache = new RevealedCountCache();
    const c = counter();
    const nowMs = 50_000;
    expect(await cache.get({ poll: 'POLL_1', nowMs }, c.count)).toBe(1);
    expect(await cache.get({ poll: 'POLL_2', nowMs }, c.count)).toBe(2);
    expect(await cache.get({ poll: 'POLL_2', nowMs, fromMs: 0 }, c.count)).toBe(3);
    expect(await cache.get({ poll: 'POLL_2', nowMs, fromMs: 0, toMs: 40_000 }, c.count)).toBe(4);
    expect(await cache.get({ poll: 'POLL_1', nowMs }, c.count)).toBe(1);
    expect(c.calls()).toBe(4);
  });

  it('stays bounded when every request brings a new date range', async () => {
    const cache = new RevealedCountCache();
    const c = counter();
    for (let day = 0; day < 5_000; day++) {
      await cache.get({ poll: 'POLL_1', nowMs: 1, fromMs: day * 86_400_000 }, c.count);
    }
    const size = (cache as unknown as { counts: Map<string, unknown> }).counts.size;
    expect(size).toBeLessThanOrEqual(1_000);
  });
});
