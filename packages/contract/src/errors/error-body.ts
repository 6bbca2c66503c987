import { z } from 'zod/mini';
import { ERROR_CODES } from './error-codes';

export const errorCodeSchema = z.enum(ERROR_CODES as [string, ...string[]]);

export const errorBodySchema = z.object({
  message: z.string(),
  code: errorCodeSchema,
  /** Laravel-style per-field messages, present on 422 VALIDATION_FAILED. */
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
  /** Responsible gaming (LIMIT_REACHED): the room left in riel, and the limit that decided. */
  remaining: z.optional(z.number()),
  kind: z.optional(z.enum(['LOSS', 'WAGER', 'DEPOSIT'])),
  period: z.optional(z.enum(['DAY', 'WEEK', 'MONTH'])),
  /** Responsible gaming (ON_BREAK, SELF_EXCLUDED): when play can resume, epoch milliseconds. */
  until: z.optional(z.number()),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
