import type { LiveEvent } from '@lotto59/contract';

/**
 * A live event for the WebSocket endpoint: to everyone, or to one player only (`playerId`, e.g. their
 * balance). Events are hints for the screen; the HTTP calls stay the source of truth.
 */
export interface LiveBusEvent extends LiveEvent {
  playerId?: number | undefined;
}

/**
 * Between processes only, never sent to a screen: sessions of the player ended (logout, a login
 * elsewhere, a password change, expiry). Every process forgets the player's cached sessions and closes
 * the sockets whose session is no longer live.
 */
export interface SessionsEndedEvent {
  type: 'sessions_ended';
  playerId: number;
}

export type BusEvent = LiveBusEvent | SessionsEndedEvent;

export type BusHandler = (event: BusEvent) => void;

/**
 * How events reach every process's sockets. Embedded mode: in process. Server mode with REDIS_URL:
 * Redis pub/sub, so the process that draws reaches the clients of every other process.
 */
export interface EventBus {
  publish(event: BusEvent): void;
  subscribe(handler: BusHandler): () => void;
  /**
   * Whether events published now reach this process (Redis: its subscription is connected). While not,
   * the sockets are closed and refused so that the pages poll instead (decision 0030).
   */
  isLive(): boolean;
  /** Called each time `isLive()` changes; returns the unsubscribe. */
  onLiveChange(listener: (live: boolean) => void): () => void;
  close(): Promise<void>;
}

export class InProcessEventBus implements EventBus {
  private readonly handlers = new Set<BusHandler>();

  publish(event: BusEvent): void {
    // Delivered after the current call returns, as a remote bus would, so a publisher never runs
    // socket code inside its own transaction or loop.
    queueMicrotask(() => {
      for (const handler of this.handlers) handler(event);
    });
  }

  subscribe(handler: BusHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** In process: nothing between the publisher and the sockets can fail. */
  isLive(): boolean {
    return true;
  }

  onLiveChange(): () => void {
    return () => undefined;
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
