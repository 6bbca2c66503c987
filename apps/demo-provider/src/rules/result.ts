/** The answer of a rule that may refuse: the value, or a stable refusal code and a message for people. */
export type RuleResult<T, C extends string = string> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: C; readonly message: string };

export const accept = <T>(value: T): RuleResult<T, never> => ({ ok: true, value });

export const refuse = <C extends string>(code: C, message: string): RuleResult<never, C> => ({
  ok: false,
  code,
  message,
});

export class RuleAssertionError extends Error {
  override name = 'RuleAssertionError';
}

/** An invariant of the rules; a failure is a bug in the caller or here, never a player's error. */
export function assertRule(condition: unknown, message: string): asserts condition {
  if (!condition) throw new RuleAssertionError(message);
}
