import { performance } from 'node:perf_hooks';
import type { Writable } from 'node:stream';

/** Standard "try again later": the socket could not keep up; the client reconnects and polls meanwhile. */
export const SLOW_CONSUMER_CLOSE_CODE = 1013;

/** What the fan-out uses of a ws WebSocket (a narrow view, so that the unit tests can stand one in). */
export interface FanOutSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: Buffer, options: { binary: false }): void;
  close(code: number, reason: string): void;
}

/** One live socket: the WebSocket, and the TCP connection under it that ws writes its frames to. */
export interface Subscriber {
  readonly socket: FanOutSocket;
  /** `request.raw.socket` of the upgrade; absent when the socket did not come over a connection (inject). */
  readonly wire: Writable | undefined;
}

export interface FanOutOptions {
  /** Unsent bytes a socket may hold; past it the socket is closed instead of queueing more. */
  maxBufferedBytes: number;
  /** Sockets written in one turn of the event loop at most, before the fan-out yields (setImmediate). */
  sliceSockets: number;
}

/** A turn also ends after this long, checked every SLICE_CLOCK_EVERY sockets: a slow machine yields sooner. */
const SLICE_BUDGET_MS = 4;
const SLICE_CLOCK_EVERY = 32;
/** ws's WebSocket.OPEN. */
const OPEN = 1;

interface Delivery {
  /** The whole WebSocket frame, built once and written as it is to every socket. */
  frame: Buffer;
  payload: Buffer;
  /** The subscribers still to write: a live Set's iterator (see send). */
  targets: Iterator<Subscriber>;
  /** The next one, taken ahead so that a slice that ends on the last socket leaves no empty turn behind. */
  upcoming: IteratorResult<Subscriber>;
}

/** The turns of the event loop the fan-out wrote in, since the last reading: how many and the longest. */
export interface SliceStats {
  slices: number;
  longestSliceMs: number;
  /** The most sockets written in one turn (the slice's CPU is about that many writes). */
  mostSockets: number;
}

/**
 * Sends live events to many sockets without holding the event loop (docs/decisions/0028). Each event is
 * serialised and framed once; the same frame bytes go to every socket. The sockets are written in slices,
 * one per turn of the event loop, so a fan-out to 10,000 sockets never blocks the loop for more than a
 * slice. Events are sent strictly in the order they were given, each to all its sockets before the next
 * starts: a socket never gets a later event before an earlier one.
 */
export class FanOut {
  private readonly queue: Delivery[] = [];
  private scheduled = false;
  private idleWaiters: (() => void)[] = [];
  private stats: SliceStats = { slices: 0, longestSliceMs: 0, mostSockets: 0 };

  constructor(private readonly options: FanOutOptions) {}

  /**
   * Queues `text` for `targets`, a live Set: a socket added before the delivery reaches it gets the event
   * too (after its hello), a socket removed before that does not.
   */
  send(text: string, targets: Iterable<Subscriber>): void {
    const iterator = targets[Symbol.iterator]();
    const upcoming = iterator.next();
    if (upcoming.done) return;
    const payload = Buffer.from(text);
    this.queue.push({ frame: textFrame(payload), payload, targets: iterator, upcoming });
    this.schedule();
  }

  /** Resolves once every event given so far has been written to its sockets (handed to the kernel). */
  whenSent(): Promise<void> {
    if (this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** The slices since the last call. */
  takeSliceStats(): SliceStats {
    const taken = this.stats;
    this.stats = { slices: 0, longestSliceMs: 0, mostSockets: 0 };
    return taken;
  }

  /** Drops what is still queued (the app is closing and its sockets with it). */
  close(): void {
    this.queue.length = 0;
    this.settle();
  }

  // Always from a turn of its own, never inside the publisher's: the slice bound is the whole block.
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.writeSlice);
  }

  private readonly writeSlice = (): void => {
    this.scheduled = false;
    const startedMs = performance.now();
    let written = 0;
    while (this.queue.length > 0 && !this.sliceEnds(written, startedMs)) {
      const delivery = this.queue[0]!;
      if (delivery.upcoming.done) {
        this.queue.shift();
        continue;
      }
      this.deliver(delivery.upcoming.value, delivery);
      delivery.upcoming = delivery.targets.next();
      written += 1;
    }
    this.dropFinished();
    this.record(startedMs, written);
    if (this.queue.length > 0) this.schedule();
    else this.settle();
  };

  private dropFinished(): void {
    while (this.queue.length > 0 && this.queue[0]!.upcoming.done) this.queue.shift();
  }

  private sliceEnds(written: number, startedMs: number): boolean {
    if (written >= this.options.sliceSockets) return true;
    return (
      written > 0 && written % SLICE_CLOCK_EVERY === 0 && performance.now() - startedMs > SLICE_BUDGET_MS
    );
  }

  // A client that stops reading would make the server queue every event for it without end: past the cap
  // it is closed (memory stays under the cap plus one frame per socket).
  private deliver({ socket, wire }: Subscriber, delivery: Delivery): void {
    if (socket.readyState !== OPEN) return;
    if (socket.bufferedAmount > this.options.maxBufferedBytes) {
      socket.close(SLOW_CONSUMER_CLOSE_CODE, 'SLOW_CONSUMER');
      return;
    }
    // Straight to the connection ws writes to: ws writes each of its own frames (the hello, close, pong)
    // whole and at once (no compression is negotiated, nothing is fragmented), so a frame written here
    // lands between two of them, never inside one; and the bytes count in ws's bufferedAmount, which
    // reads the connection's write queue.
    if (wire) wire.write(delivery.frame);
    else socket.send(delivery.payload, { binary: false });
  }

  private record(startedMs: number, written: number): void {
    this.stats.slices += 1;
    this.stats.mostSockets = Math.max(this.stats.mostSockets, written);
    this.stats.longestSliceMs = Math.max(this.stats.longestSliceMs, performance.now() - startedMs);
  }

  private settle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}

/** One final, unmasked text frame (RFC 6455 §5.2), as a server sends it: header and payload in one Buffer. */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerBytes = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerBytes + length);
  frame[0] = 0x81; // FIN, opcode 1 (text)
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerBytes);
  return frame;
}
