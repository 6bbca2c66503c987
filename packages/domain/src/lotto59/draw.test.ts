import { describe, expect, it } from 'vitest';
import { AssertionError } from '../control/control';
import { drawNumbers, drawTrace, isServerSeed, serverSeedHash } from './draw';
import { isDraw } from './result';

/*
 * A second implementation of decisions §3, written apart from draw.ts and on a different crypto library: the
 * runtime's WebCrypto (Node's OpenSSL) instead of @noble/hashes. The domain's lint and tsconfig keep `node:*`
 * imports out of packages/domain, tests included, so WebCrypto is reached through the global and typed here.
 */
interface Subtle {
  importKey(
    format: 'raw',
    key: Uint8Array,
    algorithm: { name: 'HMAC'; hash: 'SHA-256' },
    extractable: false,
    usages: ['sign'],
  ): Promise<unknown>;
  sign(algorithm: 'HMAC', key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
  digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer>;
}
const { subtle } = (globalThis as unknown as { crypto: { subtle: Subtle } }).crypto;

const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

async function referenceDraw(
  seed: string,
  roundId: number,
): Promise<{ numbers: number[]; rejected: number[] }> {
  const key = await subtle.importKey('raw', ascii(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const words: number[] = [];
  let block = 0;
  const nextWord = async () => {
    if (words.length === 0) {
      const b = new Uint8Array(
        await subtle.sign('HMAC', key, ascii(`${String(roundId)}:${String(block++)}`)),
      );
      for (let i = 0; i < 32; i += 4)
        words.push(b[i]! * 2 ** 24 + b[i + 1]! * 2 ** 16 + b[i + 2]! * 2 ** 8 + b[i + 3]!);
    }
    return words.shift()!;
  };
  let pool = Array.from({ length: 59 }, (_, i) => i + 1);
  const numbers: number[] = [];
  const rejected: number[] = [];
  while (numbers.length < 10) {
    const m = pool.length;
    const w = await nextWord();
    // m·floor(2^32/m) written as 2^32 − (2^32 mod m): the same bound reached another way.
    if (w >= 2 ** 32 - (2 ** 32 % m)) {
      rejected.push(w);
      continue;
    }
    const picked = pool[w % m]!;
    numbers.push(picked);
    pool = pool.filter((n) => n !== picked);
  }
  return { numbers, rejected };
}

const ZEROS = '00'.repeat(32);
const ONES = 'ff'.repeat(32);
const MIXED = '0123456789abcdef'.repeat(4);

// Published in docs/game-rules.md: changing any of these changes every past round.
const VECTORS = [
  {
    seed: ZEROS,
    roundId: 1,
    hash: '60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55',
    numbers: [31, 28, 46, 54, 20, 11, 10, 24, 12, 30],
  },
  {
    seed: ONES,
    roundId: 42,
    hash: 'df0790f236013511e91fa4532fb7761f62320a51a3868dabf4a13fe5f53e3263',
    numbers: [42, 53, 33, 26, 43, 38, 30, 41, 2, 4],
  },
  {
    seed: MIXED,
    roundId: 123456,
    hash: 'a8ae6e6ee929abea3afcfc5258c8ccd6f85273e0d4626d26c7279f3250f77c8e',
    numbers: [15, 6, 54, 25, 7, 37, 10, 3, 56, 9],
  },
  // Found by searching: the 4th pick's word 0xffffffec ≥ 56·floor(2^32/56) = 0xffffffe0, so it is discarded.
  {
    seed: MIXED,
    roundId: 6453059,
    hash: 'a8ae6e6ee929abea3afcfc5258c8ccd6f85273e0d4626d26c7279f3250f77c8e',
    numbers: [54, 28, 3, 37, 39, 50, 41, 30, 10, 23],
  },
  // Found by searching ~770 million rounds: the 8th pick's word 0xffffffd0 equals 52·floor(2^32/52), the
  // bound itself, so it is discarded too (a `>` in place of `≥` would draw …, 7, 1, 59, 28 instead).
  {
    seed: MIXED,
    roundId: 771489388,
    hash: 'a8ae6e6ee929abea3afcfc5258c8ccd6f85273e0d4626d26c7279f3250f77c8e',
    numbers: [34, 12, 27, 37, 50, 41, 7, 39, 1, 47],
  },
] as const;

describe('provably fair draw (decisions §3)', () => {
  it.each(VECTORS)('vector: round $roundId of seed $seed', ({ seed, roundId, hash, numbers }) => {
    expect(serverSeedHash(seed)).toBe(hash);
    expect(drawNumbers(seed, roundId)).toEqual(numbers);
  });

  it.each(VECTORS)(
    'the independent implementation agrees on round $roundId',
    async ({ seed, roundId, numbers }) => {
      expect((await referenceDraw(seed, roundId)).numbers).toEqual(numbers);
      expect(hex(await subtle.digest('SHA-256', ascii(seed)))).toBe(serverSeedHash(seed));
    },
  );

  it('discards a word at or above the bound and takes the next (the rejection vector)', async () => {
    const { numbers, steps } = drawTrace(MIXED, 6453059);
    const rejected = steps.filter((s) => s.rejected);
    expect(rejected).toEqual([
      {
        block: 0,
        wordIndex: 3,
        word: 0xffffffec,
        poolSize: 56,
        bound: 0xffffffe0,
        rejected: true,
        poolIndex: null,
        ball: null,
      },
    ]);
    // 10 picks and one discarded word: the stream runs 3 words into block 1.
    expect(steps).toHaveLength(11);
    expect(steps.at(-1)).toMatchObject({ block: 1, wordIndex: 2 });
    expect(steps.filter((s) => !s.rejected).map((s) => s.ball)).toEqual(numbers);
    expect((await referenceDraw(MIXED, 6453059)).rejected).toEqual([0xffffffec]);
  });

  it('discards a word equal to the bound (the ≥ of decisions §3)', async () => {
    const rejected = drawTrace(MIXED, 771489388).steps.filter((s) => s.rejected);
    expect(rejected).toEqual([
      {
        block: 0,
        wordIndex: 7,
        word: 0xffffffd0,
        poolSize: 52,
        bound: 0xffffffd0,
        rejected: true,
        poolIndex: null,
        ball: null,
      },
    ]);
    expect((await referenceDraw(MIXED, 771489388)).rejected).toEqual([0xffffffd0]);
  });

  it('traces the words of a draw as an auditor reads them', () => {
    // Block 0 of round 1 under the zero seed is HMAC 0e6c1f1d 611e3543 …; 0x0e6c1f1d mod 59 = 30 → ball 31.
    const { steps } = drawTrace(ZEROS, 1);
    expect(steps[0]).toEqual({
      block: 0,
      wordIndex: 0,
      word: 0x0e6c1f1d,
      poolSize: 59,
      bound: 59 * Math.floor(2 ** 32 / 59),
      rejected: false,
      poolIndex: 30,
      ball: 31,
    });
    expect(steps[1]).toMatchObject({ word: 0x611e3543, poolSize: 58, poolIndex: 27, ball: 28 });
  });

  it('matches the independent implementation on many rounds and seeds', async () => {
    const seeds = [ZEROS, ONES, MIXED, 'a5'.repeat(32), 'c3b2'.repeat(16)];
    for (const seed of seeds) {
      for (let roundId = 0; roundId < 60; roundId++) {
        expect(drawNumbers(seed, roundId)).toEqual((await referenceDraw(seed, roundId)).numbers);
      }
    }
  });

  it('always draws 10 distinct numbers within 1..59', () => {
    const seen = new Set<number>();
    for (let roundId = 1; roundId <= 3000; roundId++) {
      const numbers = drawNumbers(MIXED, roundId);
      expect(isDraw(numbers)).toBe(true);
      numbers.forEach((n) => seen.add(n));
    }
    expect(seen.size).toBe(59);
  });

  it('depends on both the seed and the round id', () => {
    expect(drawNumbers(ZEROS, 2)).not.toEqual(drawNumbers(ZEROS, 1));
    expect(drawNumbers('00'.repeat(31) + '01', 1)).not.toEqual(drawNumbers(ZEROS, 1));
  });

  it('accepts only 64 lowercase hex characters as a seed', () => {
    expect(isServerSeed(MIXED)).toBe(true);
    expect(isServerSeed(MIXED.toUpperCase())).toBe(false);
    expect(isServerSeed(MIXED.slice(1))).toBe(false);
    expect(isServerSeed(`${MIXED}0`)).toBe(false);
    expect(isServerSeed(`${MIXED.slice(1)}g`)).toBe(false);
    expect(() => drawNumbers(MIXED.toUpperCase(), 1)).toThrow(AssertionError);
    expect(() => serverSeedHash('abc')).toThrow(AssertionError);
    expect(() => drawNumbers(MIXED, -1)).toThrow(AssertionError);
    expect(() => drawNumbers(MIXED, 1.5)).toThrow(AssertionError);
  });
});
