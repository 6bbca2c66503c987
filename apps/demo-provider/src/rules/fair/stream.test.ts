import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RuleAssertionError } from '../result';
import {
  fairWordSource,
  hmacWords,
  isClientSeed,
  isServerSeed,
  listWordSource,
  rejectionBound,
  serverSeedHash,
  uniform,
} from './stream';

/*
 * A second implementation of providers.md §6, written apart from stream.ts on another crypto library (Node's
 * OpenSSL instead of @noble/hashes): the test vectors must come out of both.
 */
function referenceWords(serverSeed: string, clientSeed: string, nonce: number): () => number {
  const queue: number[] = [];
  let block = 0;
  return () => {
    if (queue.length === 0) {
      const digest = createHmac('sha256', Buffer.from(serverSeed, 'ascii'))
        .update(`${clientSeed}:${nonce}:${block++}`, 'ascii')
        .digest();
      for (let i = 0; i < 32; i += 4) queue.push(digest.readUInt32BE(i));
    }
    return queue.shift()!;
  };
}

function referenceUniform(next: () => number, m: number): number {
  // m·floor(2^32/m) written as 2^32 − (2^32 mod m): the same bound reached another way.
  for (;;) {
    const w = next();
    if (w < 2 ** 32 - (2 ** 32 % m)) return w % m;
  }
}

/** Draws `count` cards from a fresh 416-card pool, removing each: the card ids of the pool (§7.2). */
function referenceCards(next: () => number, count: number): number[] {
  const pool = Array.from({ length: 416 }, (_, c) => c);
  return Array.from({ length: count }, () => pool.splice(referenceUniform(next, pool.length), 1)[0]!);
}

const SEED = '5bfd02a12d89377308d99fe3e193429a3f21347e0c9670b1a36dcc473983f277';
const CLIENT = 'player-seed';

describe('the per-player fair stream (providers.md §6)', () => {
  it('slot nonce 0 gives the stops [15, 21, 0, 9, 2] (the §6 vector), in both implementations', () => {
    const ours = fairWordSource(SEED, CLIENT, 0);
    expect(Array.from({ length: 5 }, () => uniform(ours, 32))).toEqual([15, 21, 0, 9, 2]);
    const next = referenceWords(SEED, CLIENT, 0);
    expect(Array.from({ length: 5 }, () => referenceUniform(next, 32))).toEqual([15, 21, 0, 9, 2]);
  });

  it('baccarat nonce 1 gives the card ids 302, 206, 81, 33, 155, 126 (the §6 vector), in both', () => {
    const ours = fairWordSource(SEED, CLIENT, 1);
    const pool = Array.from({ length: 416 }, (_, c) => c);
    const cards = Array.from({ length: 6 }, () => pool.splice(uniform(ours, pool.length), 1)[0]);
    expect(cards).toEqual([302, 206, 81, 33, 155, 126]);
    expect(referenceCards(referenceWords(SEED, CLIENT, 1), 6)).toEqual([302, 206, 81, 33, 155, 126]);
  });

  it('the seed hash is the SHA-256 of the 64 ASCII characters', () => {
    expect(serverSeedHash(SEED)).toBe(createHash('sha256').update(SEED, 'ascii').digest('hex'));
    expect(serverSeedHash(SEED)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('agrees with the independent implementation word by word over blocks, nonces and seeds', () => {
    for (const seed of [SEED, '00'.repeat(32), 'ff'.repeat(32)]) {
      for (const client of [CLIENT, 'a', 'Z_9-x'.repeat(12)]) {
        for (let nonce = 0; nonce < 20; nonce++) {
          const ours = fairWordSource(seed, client, nonce);
          const next = referenceWords(seed, client, nonce);
          // 20 words: the stream runs into block 2, so the block counter in the message is checked too.
          for (let i = 0; i < 20; i++) expect(ours.nextWord()).toBe(next());
        }
      }
    }
  });

  it('hmacWords is HMAC-SHA256 over ASCII, read as 8 big-endian words', () => {
    const digest = createHmac('sha256', SEED).update('fixture:17:0').digest();
    expect(hmacWords(SEED, 'fixture:17:0')).toEqual(
      Array.from({ length: 8 }, (_, i) => digest.readUInt32BE(i * 4)),
    );
  });

  it('uniform discards a word at or above m·floor(2^32/m), and takes w mod m below it', () => {
    expect(rejectionBound(32)).toBe(2 ** 32);
    expect(rejectionBound(416)).toBe(416 * Math.floor(2 ** 32 / 416));
    const bound = rejectionBound(415);
    // The bound itself and the word above are discarded; bound − 1 is the last accepted word.
    expect(uniform(listWordSource([bound, bound + 1, bound - 1]), 415)).toBe((bound - 1) % 415);
    expect(uniform(listWordSource([bound - 1]), 415)).toBe(414);
    expect(uniform(listWordSource([2 ** 32 - 1]), 32)).toBe(31);
    expect(uniform(listWordSource([7]), 1)).toBe(0);
  });

  it('refuses malformed seeds and nonces instead of keying a different stream', () => {
    expect(isServerSeed(SEED)).toBe(true);
    expect(isServerSeed(SEED.toUpperCase())).toBe(false);
    expect(isServerSeed(SEED.slice(1))).toBe(false);
    expect(() => fairWordSource(SEED.toUpperCase(), CLIENT, 0)).toThrow(RuleAssertionError);
    expect(() => fairWordSource(SEED, 'bad:seed', 0)).toThrow(RuleAssertionError);
    expect(() => fairWordSource(SEED, CLIENT, -1)).toThrow(RuleAssertionError);
    expect(() => fairWordSource(SEED, CLIENT, 1.5)).toThrow(RuleAssertionError);
  });

  it('accepts client seeds of 1–64 characters of [A-Za-z0-9_-] only', () => {
    expect(isClientSeed('a')).toBe(true);
    expect(isClientSeed('x'.repeat(64))).toBe(true);
    expect(isClientSeed('AZaz09_-')).toBe(true);
    expect(isClientSeed('')).toBe(false);
    expect(isClientSeed('x'.repeat(65))).toBe(false);
    for (const bad of ['a:b', 'a b', 'é', 'a/b', 'a.b', 'a\n']) expect(isClientSeed(bad)).toBe(false);
  });

  it('depends on the server seed, the client seed and the nonce', () => {
    const first = (seed: string, client: string, nonce: number) =>
      fairWordSource(seed, client, nonce).nextWord();
    const base = first(SEED, CLIENT, 0);
    expect(first(SEED, CLIENT, 1)).not.toBe(base);
    expect(first(SEED, 'player-seee', 0)).not.toBe(base);
    expect(first('00'.repeat(32), CLIENT, 0)).not.toBe(base);
  });
});
