import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2 (an ambient const enum, so it cannot be imported here). */
const ARGON2ID = 2;

/** Hashes and checks passwords with argon2id; the cost comes from config (OWASP minimums by default). */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

export function argon2idHasher(cost: { memoryKib: number; timeCost: number }): PasswordHasher {
  const options = {
    algorithm: ARGON2ID,
    memoryCost: cost.memoryKib,
    timeCost: cost.timeCost,
    parallelism: 1,
  };
  return {
    hash: (password) => hash(password, options),
    verify: async (stored, password) => {
      try {
        return await verify(stored, password);
      } catch {
        return false;
      }
    },
  };
}
