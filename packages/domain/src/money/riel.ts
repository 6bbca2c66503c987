import { err, ok, type Result } from '../control/control';

/**
 * An amount of Cambodian riel. Whole riel only: money is never a float anywhere in the product.
 * The brand keeps a plain number (a count, an id) from being passed where money is expected.
 */
export type Riel = number & { readonly __brand: 'riel' };

/** Largest amount the product handles: well inside Number.MAX_SAFE_INTEGER, so sums stay exact. */
export const RIEL_MAX = 1_000_000_000_000_000 as Riel;
/** Smallest amount: a debit or a loss is the same magnitude as the largest credit. */
export const RIEL_MIN = -RIEL_MAX as Riel;

export function isRiel(value: unknown): value is Riel {
  return Number.isSafeInteger(value) && (value as number) >= RIEL_MIN && (value as number) <= RIEL_MAX;
}

/** Parses an untrusted amount (a number or a digit string) into riel. */
export function parseRiel(value: unknown): Result<Riel> {
  const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : value;
  return isRiel(n) ? ok(n) : err('amount must be a whole number of riel');
}

/** Converts a trusted integer to riel, throwing on anything else (a bug, not user input). */
export function riel(value: number): Riel {
  if (!isRiel(value)) throw new RangeError(`not a whole riel amount: ${value}`);
  return value;
}
