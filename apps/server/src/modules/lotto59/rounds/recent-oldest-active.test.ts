import { describe, expect, it } from 'vitest';
import type { Executor } from '../../../db/database';
import { OLDEST_ACTIVE_REUSE_MS, RecentOldestActive, type OldestActive } from './recent-oldest-active';

describe('RecentOldestActive', () => {
  // Only the identity of an executor matters here: answers are kept per database.
  const primary = {} as Executor;
  const replica = {} as Executor;

  function reader(answers: (OldestActive | null | Error)[]) {
    let calls = 0;
    return {
      calls: () => calls,
      read: async () => {
        const answer = answers[Math.min(calls, answers.length - 1)]!;
        calls += 1;
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (answer instanceof Error) throw answer;
        return answer;
      },
    };
  }

  it('reuses an answer per database for the reuse time, then reads again', async () => {
    let nowMs = 10_000;
    const r = reader([
      { id: 7, openedAtMs: 1 },
      { id: 8, openedAtMs: 2 },
      { id: 9, openedAtMs: 3 },
    ]);
    const cache = new RecentOldestActive(r.read, () => nowMs);
    expect(await cache.get(primary)).toEqual({ id: 7, openedAtMs: 1 });
    nowMs += OLDEST_ACTIVE_REUSE_MS - 1;
    expect(await cache.get(primary)).toEqual({ id: 7, openedAtMs: 1 });
    expect(r.calls()).toBe(1);
    expect(await cache.get(replica)).toEqual({ id: 8, openedAtMs: 2 });
    nowMs += 1;
    expect(await cache.get(primary)).toEqual({ id: 9, openedAtMs: 3 });
    expect(r.calls()).toBe(3);
  });

  it('shares a read in flight, and keeps neither a failure nor "no active round"', async () => {
    const round = { id: 3, openedAtMs: 1 };
    const r = reader([new Error('database away'), null, round]);
    const cache = new RecentOldestActive(r.read, () => 5_000);
    const together = () => Promise.allSettled(Array.from({ length: 20 }, () => cache.get(primary)));
    expect((await together()).every((a) => a.status === 'rejected')).toBe(true);
    expect(r.calls()).toBe(1);
    // "None" is the answer of the request that read it; those that joined it read again (a round may have
    // opened before they came).
    const values = (await together()).map((a) => (a.status === 'fulfilled' ? a.value : 'failed'));
    expect(values).toEqual([null, ...Array.from({ length: 19 }, () => round)]);
    expect(r.calls()).toBe(21);
    // Nor is it kept: the next request reads, within the same second.
    expect(await cache.get(primary)).toEqual(round);
    expect(r.calls()).toBe(22);
    expect(await cache.get(primary)).toEqual(round);
    expect(r.calls()).toBe(22);
  });
});
