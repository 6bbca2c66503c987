import type { Redis } from 'ioredis';

/**
 * A Redis client that queues commands until its first connection (the process's start, where a count or
 * a mark must not be lost to a connection a few milliseconds away), then fails them at once whenever Redis
 * is away: with the offline queue every command would wait out its timeout instead (decision 0030).
 */
export function failFastOnceConnected<T extends Redis>(redis: T): T {
  redis.once('ready', () => {
    redis.options.enableOfflineQueue = false;
  });
  return redis;
}
