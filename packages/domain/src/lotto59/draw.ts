import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { assert } from '../control/control';
import { hmacWordStream, rejectionBound, type StreamWord } from '../fairness/word-stream';
import { BALL_MAX, BALL_MIN, DRAW_SIZE } from './constants';

/*
 * The provably fair draw of decisions §3, to the letter: auditors re-derive draws with their own HMAC tools, so
 * any change here (key encoding, message text, word order, rejection bound) breaks every published round. The
 * test vectors in draw.test.ts and docs/game-rules.md pin it.
 */

const SERVER_SEED_PATTERN = /^[0-9a-f]{64}$/;

/** 64 lowercase hex characters: the only seed form (uppercase would hash and key differently). */
export function isServerSeed(value: string): boolean {
  return SERVER_SEED_PATTERN.test(value);
}

/** hex SHA-256 of the 64-char lowercase hex seed string (ASCII), published when the round opens. */
export function serverSeedHash(serverSeedHex: string): string {
  assert(isServerSeed(serverSeedHex), 'server seed must be 64 lowercase hex characters');
  return bytesToHex(sha256(utf8ToBytes(serverSeedHex)));
}

/** One word taken from the stream, as an auditor would list it. */
export interface DrawStep {
  /** HMAC block i (message `"<round id>:<i>"`) and the word's place in it (0..7). */
  readonly block: number;
  readonly wordIndex: number;
  readonly word: number;
  /** Pool size m before this pick and the bound m·floor(2^32/m); a word at or above it is discarded. */
  readonly poolSize: number;
  readonly bound: number;
  readonly rejected: boolean;
  /** When accepted: index w mod m into the pool, and the ball removed there. */
  readonly poolIndex: number | null;
  readonly ball: number | null;
}

function assertRoundId(roundId: number): void {
  assert(
    Number.isSafeInteger(roundId) && roundId >= 0,
    `round id must be a non-negative integer: ${roundId}`,
  );
}

/** The round's word stream: message `"<round id>:<i>"` for block i. */
function wordStream(serverSeedHex: string, roundId: number): () => StreamWord {
  assert(isServerSeed(serverSeedHex), 'server seed must be 64 lowercase hex characters');
  assertRoundId(roundId);
  return hmacWordStream(serverSeedHex, (block) => `${String(roundId)}:${String(block)}`, 'draw');
}

function draw(serverSeedHex: string, roundId: number, onStep?: (step: DrawStep) => void): number[] {
  const next = wordStream(serverSeedHex, roundId);
  const pool = Array.from({ length: BALL_MAX - BALL_MIN + 1 }, (_, i) => BALL_MIN + i);
  const picks: number[] = [];
  while (picks.length < DRAW_SIZE) {
    const poolSize = pool.length;
    // The largest multiple of m not above 2^32: words below it map onto the pool without bias.
    const bound = rejectionBound(poolSize);
    const { block, wordIndex, word } = next();
    if (word >= bound) {
      onStep?.({ block, wordIndex, word, poolSize, bound, rejected: true, poolIndex: null, ball: null });
      continue;
    }
    const poolIndex = word % poolSize;
    const ball = pool.splice(poolIndex, 1)[0];
    assert(ball !== undefined, 'pool index out of range');
    picks.push(ball);
    onStep?.({ block, wordIndex, word, poolSize, bound, rejected: false, poolIndex, ball });
  }
  return picks;
}

/**
 * The 10 numbers of round `roundId` from its seed, in draw order (positions 1–10; posts A–E are 1–5):
 * HMAC-SHA256(key = seed ASCII, msg = `${roundId}:${i}`), 8 big-endian u32 words per block, rejection sampling
 * `w >= m*floor(2^32/m)`, pool 1..59 ascending, remove at w mod m.
 */
export function drawNumbers(serverSeedHex: string, roundId: number): number[] {
  return draw(serverSeedHex, roundId);
}

/** The same draw with every word taken, for the verify screen and the audit command. */
export function drawTrace(serverSeedHex: string, roundId: number): { numbers: number[]; steps: DrawStep[] } {
  const steps: DrawStep[] = [];
  const numbers = draw(serverSeedHex, roundId, (step) => steps.push(step));
  return { numbers, steps };
}
