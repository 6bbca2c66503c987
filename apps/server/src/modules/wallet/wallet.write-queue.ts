import { AppError } from '../../errors/app-error';

/** Seconds a refused caller is told to wait: a full queue empties within a few batches. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * The group-commit queue every money writer shares: submissions wait here for their batch. Its depth is
 * every submission accepted and not yet answered (waiting, or in the batch being written). It never
 * grows past `maxDepth`: a submission that would is refused at once with `BUSY` (503, `Retry-After`)
 * before anything of it is written, so a flood gets a fast answer instead of an unbounded wait.
 */
export class WriteQueue<E> {
  private waiting: E[] = [];
  private inFlight = 0;
  private closed = false;
  private idle: (() => void)[] = [];

  constructor(readonly maxDepth: number) {
    if (!Number.isSafeInteger(maxDepth) || maxDepth < 1) throw new RangeError('maxDepth must be ≥ 1');
  }

  /** Submissions accepted and not yet answered (read by the `write_queue_depth` gauge). */
  get depth(): number {
    return this.waiting.length + this.inFlight;
  }

  /** Submissions waiting for a batch (not yet being written). */
  get waitingCount(): number {
    return this.waiting.length;
  }

  /** Queues a submission, or throws `BUSY` (nothing queued) when full or closing. */
  push(entry: E): void {
    this.admit();
    this.waiting.push(entry);
  }

  /**
   * Runs a write that bypasses batching (it still counts toward the depth, so the limit covers every
   * money write in flight).
   */
  async run<T>(write: () => Promise<T>): Promise<T> {
    this.admit();
    this.inFlight++;
    try {
      return await write();
    } finally {
      this.settled(1);
    }
  }

  /**
   * Takes the next batch out of the waiting list (all of it, or what `pick` chooses; the rest keeps its
   * order). The caller must call `settled(batch.length)` once the batch is answered.
   */
  take(pick?: (waiting: readonly E[]) => { batch: E[]; rest: E[] }): E[] {
    if (!pick) {
      const batch = this.waiting;
      this.waiting = [];
      this.inFlight += batch.length;
      return batch;
    }
    const { batch, rest } = pick(this.waiting);
    this.waiting = rest;
    this.inFlight += batch.length;
    return batch;
  }

  /** `count` submissions of a taken batch have their answers. */
  settled(count: number): void {
    this.inFlight -= count;
    if (this.depth === 0) for (const resolve of this.idle.splice(0)) resolve();
  }

  /** Resolves when every accepted submission has its answer. */
  drain(): Promise<void> {
    if (this.depth === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /** Stops accepting (new submissions get `BUSY`) and waits for the accepted ones (graceful shutdown). */
  close(): Promise<void> {
    this.closed = true;
    return this.drain();
  }

  private admit(): void {
    if (this.closed || this.depth >= this.maxDepth) {
      throw new AppError('BUSY', undefined, {
        headers: { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
        internal: this.closed ? 'write queue closed' : `write queue full (${this.maxDepth})`,
      });
    }
  }
}
