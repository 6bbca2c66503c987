/** Small control helpers shared by every package (after tldraw's `control.ts`). */

export type Result<T, E = string> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });

export class AssertionError extends Error {
  override name = 'AssertionError';
}

/** Asserts an invariant; a failure is a bug, never a user error. */
export function assert(condition: unknown, message = 'assertion failed'): asserts condition {
  if (!condition) throw new AssertionError(message);
}

/** Ends every `switch` over a union so that a new member is a compile error. */
export function exhaustiveSwitchError(value: never): never {
  throw new AssertionError(`unhandled case: ${JSON.stringify(value)}`);
}
