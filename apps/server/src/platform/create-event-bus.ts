import { InProcessEventBus, type EventBus } from './event-bus';
import { RedisEventBus } from './redis-event-bus';

/** Redis pub/sub on `channel` when REDIS_URL is set (several API processes), else the in-process bus. */
export function createEventBus(
  redisUrl: string | undefined,
  channel?: string,
  onRedisError?: (error: Error) => void,
): EventBus {
  return redisUrl ? new RedisEventBus(redisUrl, channel, onRedisError) : new InProcessEventBus();
}
