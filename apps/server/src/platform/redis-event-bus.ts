import { Redis } from 'ioredis';
import type { BusEvent, BusHandler, EventBus } from './event-bus';

const CHANNEL = 'lotto59:events';

/**
 * Redis pub/sub: every process publishes to one channel and forwards what it receives to its own
 * sockets (its own events included, so delivery is the same wherever an event was raised).
 */
export class RedisEventBus implements EventBus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Set<BusHandler>();
  private readonly ready: Promise<unknown>;

  constructor(
    url: string,
    private readonly channel = CHANNEL,
  ) {
    this.pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
    this.sub = new Redis(url, { lazyConnect: false });
    this.sub.on('message', (_channel: string, text: string) => {
      let event: BusEvent;
      try {
        event = JSON.parse(text) as BusEvent;
      } catch {
        return;
      }
      for (const handler of this.handlers) handler(event);
    });
    this.ready = this.sub.subscribe(this.channel);
  }

  /** Resolves once the subscription is live (tests wait for it before publishing). */
  whenReady(): Promise<unknown> {
    return this.ready;
  }

  publish(event: BusEvent): void {
    // Fire and forget: a lost event only delays a screen until its next poll.
    this.pub.publish(this.channel, JSON.stringify(event)).catch(() => undefined);
  }

  subscribe(handler: BusHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}
