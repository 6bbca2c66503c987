import { createHash } from 'node:crypto';
import type { RandomSource } from '../src/platform/random';

/** The label of every test app unless a test picks its own: the same draws run after run. */
export const DEFAULT_TEST_RANDOM_LABEL = 'lotto59-test';

/**
 * The random source of the test apps: a byte stream fixed by its label (SHA-256 of `label:call:block`),
 * so the seed of every round, and so its draw, is the same on every run and on both databases. A test
 * that needs a particular outcome pins the seeds of the next rounds (`pinNextSeeds`) instead of hoping.
 * Never used in production: the process has node:crypto (`cryptoRandom`).
 */
export class SeededRandom implements RandomSource {
  private calls = 0;
  private readonly pinned: string[] = [];

  constructor(readonly label: string = DEFAULT_TEST_RANDOM_LABEL) {}

  /** The next rounds opened take these seeds, in order (a round's seed is 32 bytes, 64 hex characters). */
  pinNextSeeds(...seedsHex: string[]): void {
    for (const seed of seedsHex) {
      if (!/^[0-9a-f]{64}$/.test(seed)) throw new Error(`not a server seed: ${seed}`);
    }
    this.pinned.push(...seedsHex);
  }

  /** Seeds pinned and not yet taken (a test checks it is 0 once its rounds are open). */
  get pinnedLeft(): number {
    return this.pinned.length;
  }

  bytes(count: number): Buffer {
    // A pinned call still counts, so pinning one round leaves the seeds of the others as they were.
    const call = this.calls;
    this.calls += 1;
    const pinned = this.pinned.shift();
    if (pinned !== undefined) {
      // Pinned seeds are for round seeds only: any other use would silently shift them to the wrong round.
      if (count !== 32) throw new Error(`a pinned seed is 32 bytes, ${count} were asked for`);
      return Buffer.from(pinned, 'hex');
    }
    const blocks: Buffer[] = [];
    for (let block = 0; blocks.length * 32 < count; block++) {
      blocks.push(createHash('sha256').update(`${this.label}:${call}:${block}`).digest());
    }
    return Buffer.concat(blocks).subarray(0, count);
  }
}
