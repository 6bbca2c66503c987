import { Redis } from 'ioredis';
import { failFastOnceConnected } from './redis-fail-fast';
import type { BusEvent, BusHandler, EventBus } from './event-bus';

const CHANNEL = 'lotto59:events';

/**
 * Redis pub/sub: every process publishes to one channel and forwards what it receives to its own
 * sockets (its own events included, so delivery is the same wherever an event was raised).
 *
 * Redis away (decision 0030): nothing waits on it. A publish while the connection is down fails at once
 * and is dropped (no offline queue: a screen catches up at its next poll, and a queue would replay stale
 * balls later); the subscriber reconnects and subscribes again by itself; `isLive()` is false meanwhile, so
 * the sockets are closed and the pages poll until it is back.
 */
export class RedisEventBus implements EventBus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Set<BusHandler>();
  private readonly liveListeners = new Set<(live: boolean) => void>();
  private readonly ready: Promise<unknown>;
  private live = false;
  private subscribed = false;
  private closing = false;

  constructor(
    url: string,
    private readonly channel = CHANNEL,
    onError: (error: Error) => void = () => undefined,
  ) {
    this.pub = failFastOnceConnected(new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1 }));
    this.sub = new Redis(url, { lazyConnect: false });
    // Unheard, ioredis prints every failed reconnection to stderr; heard, it is one log line per attempt.
    this.pub.on('error', onError);
    this.sub.on('error', onError);
    this.sub.on('message', (_channel: string, text: string) => {
      let event: BusEvent;
      try {
        event = JSON.parse(text) as BusEvent;
      } catch {
        return;
      }
      for (const handler of this.handlers) handler(event);
    });
    // Live only while both connections are up: with the subscriber back but the publisher still reconnecting,
    // what this process publishes would be dropped while its pages, told "live", had stopped polling.
    this.sub.on('close', () => {
      this.subscribed = false;
      this.updateLive();
    });
    this.pub.on('ready', () => this.updateLive());
    this.pub.on('close', () => this.updateLive());
    const subscribed = this.sub.subscribe(this.channel).then(() => {
      this.subscribed = true;
      this.updateLive();
      // Each reconnection subscribes again (ioredis' autoResubscribe) right after 'ready'.
      this.sub.on('ready', () => {
        this.subscribed = true;
        this.updateLive();
      });
    });
    // Ready once live: subscribed, and the publisher connected too.
    this.ready = subscribed.then(() =>
      this.live
        ? undefined
        : new Promise<void>((resolve) => {
            const stop = this.onLiveChange((live) => {
              if (!live) return;
              stop();
              resolve();
            });
          }),
    );
  }

  private updateLive(): void {
    this.setLive(this.subscribed && this.pub.status === 'ready');
  }

  isLive(): boolean {
    return this.live;
  }

  onLiveChange(listener: (live: boolean) => void): () => void {
    this.liveListeners.add(listener);
    return () => this.liveListeners.delete(listener);
  }

  private setLive(live: boolean): void {
    if (this.closing || live === this.live) return;
    this.live = live;
    for (const listener of this.liveListeners) listener(live);
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
    this.closing = true;
    this.handlers.clear();
    this.liveListeners.clear();
    await Promise.allSettled([this.sub.quit(), this.pub.quit()]);
  }
}
