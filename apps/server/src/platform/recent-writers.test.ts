import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { fakeClock } from './clock';
import { InProcessRecentWriters, RedisRecentWriters } from './recent-writers';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const WINDOW_MS = 60_000;

async function redisUp(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}
const hasRedis = await redisUp();
if (!hasRedis) {
  if (process.env.CI === 'true') throw new Error(`CI=true but Redis at ${REDIS_URL} is not reachable`);
  console.warn(`\n[tests] recent writers in Redis SKIPPED: no Redis at ${REDIS_URL}\n`);
}

describe('recent writers in one process', () => {
  it('counts a player as a recent writer for the window after each write', async () => {
    const clock = fakeClock();
    const writers = new InProcessRecentWriters(clock, WINDOW_MS);
    expect(await writers.isRecent(7)).toBe(false);
    await writers.mark(7);
    clock.advanceMs(WINDOW_MS - 1);
    expect(await writers.isRecent(7)).toBe(true);
    expect(await writers.isRecent(8)).toBe(false);
    await writers.mark(7);
    clock.advanceMs(WINDOW_MS - 1);
    expect(await writers.isRecent(7)).toBe(true);
    clock.advanceMs(1);
    expect(await writers.isRecent(7)).toBe(false);
  });
});

describe.skipIf(!hasRedis)('recent writers in Redis (several processes)', () => {
  const prefix = `lotto59:test-writers:${randomBytes(4).toString('hex')}:`;
  const clock = fakeClock();
  const opened: RedisRecentWriters[] = [];
  const newProcess = () => {
    const writers = new RedisRecentWriters(REDIS_URL, prefix, clock, WINDOW_MS, () => undefined);
    opened.push(writers);
    return writers;
  };
  afterAll(async () => {
    await Promise.all(opened.map((w) => w.close()));
  });

  it('shares a mark with every process, for at least the window and at most a tenth more', async () => {
    const one = newProcess();
    const two = newProcess();
    expect(await two.isRecent(41)).toBe(false);
    await one.mark(41);
    clock.advanceMs(WINDOW_MS);
    expect(await two.isRecent(41)).toBe(true);
    clock.advanceMs(WINDOW_MS / 10);
    expect(await two.isRecent(41)).toBe(false);
    expect(await one.isRecent(41)).toBe(false);
  });

  it('renews the mark in Redis only once a tenth of the window has passed, still covering every write', async () => {
    const one = newProcess();
    const two = newProcess();
    const redis = new Redis(REDIS_URL);
    try {
      await one.mark(42);
      const first = await redis.get(`${prefix}42`);
      clock.advanceMs(WINDOW_MS / 20);
      await one.mark(42);
      expect(await redis.get(`${prefix}42`)).toBe(first);
      clock.advanceMs(WINDOW_MS / 10);
      await one.mark(42);
      expect(Number(await redis.get(`${prefix}42`))).toBeGreaterThan(Number(first));
      // The last write was just now: the other process sees the player as recent for a whole window.
      clock.advanceMs(WINDOW_MS - 1);
      expect(await two.isRecent(42)).toBe(true);
    } finally {
      redis.disconnect();
    }
  });

  it('answers "recent" when Redis cannot be asked: the primary is always right', async () => {
    const unreachable = new RedisRecentWriters(
      'redis://127.0.0.1:1',
      prefix,
      clock,
      WINDOW_MS,
      () => undefined,
    );
    opened.push(unreachable);
    expect(await unreachable.isRecent(43)).toBe(true);
  });
});
