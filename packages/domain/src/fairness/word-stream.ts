import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { assert } from '../control/control';

/*
 * The word stream under every provably fair draw of the house (lotto 59, decisions §3; the ticket lottery's
 * sheet, lottery.md §7): block i = HMAC-SHA256(key = the seed's ASCII characters, msg = messageOf(i)), read as 8
 * big-endian 32-bit words. Auditors re-derive it with their own HMAC tools, so nothing here may change.
 */

export const WORDS_PER_BLOCK = 8;
export const TWO_POW_32 = 2 ** 32;
/* A word is rejected with probability below 2.4e-4 in every use, so a few blocks always suffice; reaching this
 * many means the code, not the luck, is wrong. */
const BLOCKS_MAX = 64;

/** One word of the stream and where it sits: HMAC block i and its place in it (0..7). */
export interface StreamWord {
  readonly block: number;
  readonly wordIndex: number;
  readonly word: number;
}

/** The largest multiple of m not above 2^32: words below it map onto 0..m−1 without bias (w mod m). */
export function rejectionBound(modulus: number): number {
  return modulus * Math.floor(TWO_POW_32 / modulus);
}

/** The next word on each call; `name` says whose stream ran out, in the assertion. */
export function hmacWordStream(
  seed: string,
  messageOf: (block: number) => string,
  name: string,
): () => StreamWord {
  // Keyed once; each block clones the keyed state instead of rehashing the key.
  const keyed = hmac.create(sha256, utf8ToBytes(seed));
  let block = -1;
  let view = new DataView(new ArrayBuffer(0));
  let wordIndex = WORDS_PER_BLOCK;
  return () => {
    if (wordIndex === WORDS_PER_BLOCK) {
      block += 1;
      assert(block < BLOCKS_MAX, `${name} word stream exhausted`);
      const digest = keyed
        .clone()
        .update(utf8ToBytes(messageOf(block)))
        .digest();
      view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
      wordIndex = 0;
    }
    const word = view.getUint32(wordIndex * 4, false);
    wordIndex += 1;
    return { block, wordIndex: wordIndex - 1, word };
  };
}
