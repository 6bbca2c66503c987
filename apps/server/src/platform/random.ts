import { randomBytes } from 'node:crypto';

/** The one source of randomness for draws: node:crypto in production; tests may pin it. */
export interface RandomSource {
  bytes(count: number): Buffer;
}

export const cryptoRandom: RandomSource = { bytes: (count) => randomBytes(count) };
