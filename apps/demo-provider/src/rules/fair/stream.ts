import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { assertRule } from '../result';

/*
 * The per-player provably fair stream of providers.md §6, to the letter: a player re-derives any past round with
 * their own HMAC tool, so the key encoding, the message text, the word order and the rejection bound are
 * frozen. The test vectors in stream.test.ts and docs/game-rules-providers.md pin them.
 */

const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;
const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const WORDS_PER_BLOCK = 8;
const TWO_POW_32 = 2 ** 32;
/* A round takes at most a handful of words (baccarat 6, slot 5, a shot 2), and a word is rejected with
 * probability below m / 2^32; reaching this many blocks means the code, not the luck, is wrong. */
const BLOCKS_MAX = 64;

/** 64 lowercase hex characters (32 bytes): the only server seed form. */
export function isServerSeed(value: string): boolean {
  return SERVER_SEED_PATTERN.test(value);
}

/** 1–64 characters of [A-Za-z0-9_-]: the colon of the message can never appear inside a client seed. */
export function isClientSeed(value: string): boolean {
  return CLIENT_SEED_PATTERN.test(value);
}

/** Hex SHA-256 of the seed's 64 ASCII characters, shown to the player before any round uses the seed. */
export function serverSeedHash(serverSeedHex: string): string {
  assertRule(isServerSeed(serverSeedHex), 'server seed must be 64 lowercase hex characters');
  return bytesToHex(sha256(utf8ToBytes(serverSeedHex)));
}

/** The 8 big-endian 32-bit words of HMAC-SHA256(key = ASCII of `key`, msg = ASCII of `message`). */
export function hmacWords(key: string, message: string): number[] {
  return digestWords(hmac(sha256, utf8ToBytes(key), utf8ToBytes(message)));
}

function digestWords(digest: Uint8Array): number[] {
  const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  return Array.from({ length: WORDS_PER_BLOCK }, (_, i) => view.getUint32(i * 4, false));
}

/** Anything that hands out uniform 32-bit words: the fair stream in play, a fixed list in a test. */
export interface WordSource {
  nextWord(): number;
}

/** The words of one round: block i = HMAC-SHA256(server seed ASCII, `"<client_seed>:<nonce>:<i>"`). */
export function fairWordSource(serverSeedHex: string, clientSeed: string, nonce: number): WordSource {
  assertRule(isServerSeed(serverSeedHex), 'server seed must be 64 lowercase hex characters');
  assertRule(isClientSeed(clientSeed), 'client seed must be 1-64 characters of [A-Za-z0-9_-]');
  assertRule(Number.isSafeInteger(nonce) && nonce >= 0, `nonce must be a non-negative integer: ${nonce}`);
  // Keyed once; each block clones the keyed state instead of rehashing the key.
  const keyed = hmac.create(sha256, utf8ToBytes(serverSeedHex));
  let block = -1;
  let words: number[] = [];
  let wordIndex = WORDS_PER_BLOCK;
  return {
    nextWord() {
      if (wordIndex === WORDS_PER_BLOCK) {
        block += 1;
        assertRule(block < BLOCKS_MAX, 'fair word stream exhausted');
        const message = `${clientSeed}:${String(nonce)}:${String(block)}`;
        words = digestWords(keyed.clone().update(utf8ToBytes(message)).digest());
        wordIndex = 0;
      }
      const word = words[wordIndex]!;
      wordIndex += 1;
      return word;
    },
  };
}

/** The largest multiple of m not above 2^32: words below it map onto 0..m-1 without bias. */
export function rejectionBound(m: number): number {
  return m * Math.floor(TWO_POW_32 / m);
}

/** A uniform integer in 0..m-1: a word w ≥ m·floor(2^32/m) is discarded and the next one taken (decisions §3). */
export function uniform(source: WordSource, m: number): number {
  assertRule(Number.isSafeInteger(m) && m >= 1 && m <= TWO_POW_32, `uniform needs 1 ≤ m ≤ 2^32: ${m}`);
  const bound = rejectionBound(m);
  for (;;) {
    const word = source.nextWord();
    if (word < bound) return word % m;
  }
}

/** Words from a fixed list, for tests and for replaying an audit trace; running out is a bug. */
export function listWordSource(words: readonly number[]): WordSource {
  let next = 0;
  return {
    nextWord() {
      assertRule(next < words.length, 'word list exhausted');
      const word = words[next]!;
      next += 1;
      return word;
    },
  };
}
