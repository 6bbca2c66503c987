import { Redis } from 'ioredis';
import { failFastOnceConnected } from './redis-fail-fast';
import type { Clock } from './clock';

/**
 * Players who wrote within the read-your-writes window: their own reads go to the primary, not to a
 * replica that may not have their write yet (docs/decisions/0029-read-replica.md). In this process, or
 * in Redis when several processes serve (a player's write and their next read may land on different
 * processes behind the load balancer).
 */
export interface RecentWriters {
  /** Resolves once every process will see the mark (before the write's answer goes out). */
  mark(playerId: number): Promise<void>;
  isRecent(playerId: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Marks kept before the expired ones are swept (a few dozen bytes each). */
const SWEEP_AT_SIZE = 50_000;

/** This process's own marks: player → until when (ms). */
class LocalMarks {
  private readonly untilMs = new Map<number, number>();

  constructor(private readonly clock: Clock) {}

  set(playerId: number, untilMs: number): void {
    if (this.untilMs.size >= SWEEP_AT_SIZE) this.sweep();
    this.untilMs.set(playerId, untilMs);
  }

  get(playerId: number): number | undefined {
    return this.untilMs.get(playerId);
  }

  isRecent(playerId: number): boolean {
    return (this.untilMs.get(playerId) ?? 0) > this.clock.nowMs();
  }

  private sweep(): void {
    const nowMs = this.clock.nowMs();
    for (const [playerId, untilMs] of this.untilMs) if (untilMs <= nowMs) this.untilMs.delete(playerId);
  }
}

export class InProcessRecentWriters implements RecentWriters {
  private readonly marks: LocalMarks;

  constructor(
    private readonly clock: Clock,
    private readonly windowMs: number,
  ) {
    this.marks = new LocalMarks(clock);
  }

  async mark(playerId: number): Promise<void> {
    this.marks.set(playerId, this.clock.nowMs() + this.windowMs);
  }

  async isRecent(playerId: number): Promise<boolean> {
    return this.marks.isRecent(playerId);
  }

  async close(): Promise<void> {}
}

/** A Redis that does not answer in time: the write's answer goes out, the reads go to the primary. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * One key per player (`<prefix><player id>`) holding the time until which they count as a recent writer,
 * compared with the injected clock; its expiry only clears it away. A process that marked a player lately
 * does not write the key again: each mark reaches a tenth of a window further than the window and is
 * renewed once that tenth has passed, so every write is covered for at least a window (at most 1.1), with
 * at most ten Redis writes per window and player however fast they bet.
 * When Redis fails, a read cannot know and goes to the primary (always correct, only slower).
 */
export class RedisRecentWriters implements RecentWriters {
  private readonly redis: Redis;
  /** Until when this process's last Redis mark of each player reaches. */
  private readonly marks: LocalMarks;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly clock: Clock,
    private readonly windowMs: number,
    onError: (error: Error) => void,
  ) {
    // Once connected, no offline queue: with Redis away a mark or a lookup fails at once (reads go to the primary).
    this.redis = failFastOnceConnected(
      new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: REDIS_COMMAND_TIMEOUT_MS }),
    );
    this.redis.on('error', onError);
    this.marks = new LocalMarks(clock);
  }

  async mark(playerId: number): Promise<void> {
    const nowMs = this.clock.nowMs();
    const reachesMs = this.marks.get(playerId) ?? 0;
    if (reachesMs - nowMs >= this.windowMs) return;
    const untilMs = nowMs + Math.ceil(1.1 * this.windowMs);
    // This process knows at once, whatever Redis answers; a failed write is tried again at the next mark.
    this.marks.set(playerId, nowMs + this.windowMs);
    await this.redis.set(this.key(playerId), String(untilMs), 'PX', untilMs - nowMs);
    this.marks.set(playerId, untilMs);
  }

  async isRecent(playerId: number): Promise<boolean> {
    if (this.marks.isRecent(playerId)) return true;
    try {
      const untilMs = await this.redis.get(this.key(playerId));
      return untilMs !== null && Number(untilMs) > this.clock.nowMs();
    } catch {
      return true;
    }
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }

  private key(playerId: number): string {
    return `${this.prefix}${playerId}`;
  }
}

/** Redis when REDIS_URL is set (several processes), else this process's memory. */
export function createRecentWriters(deps: {
  redisUrl: string | undefined;
  redisPrefix: string;
  clock: Clock;
  windowMs: number;
  onError: (error: Error) => void;
}): RecentWriters {
  return deps.redisUrl
    ? new RedisRecentWriters(deps.redisUrl, deps.redisPrefix, deps.clock, deps.windowMs, deps.onError)
    : new InProcessRecentWriters(deps.clock, deps.windowMs);
}
