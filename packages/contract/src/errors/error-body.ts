import { z } from 'zod/mini';
import { ERROR_CODES } from './error-codes';

export const errorCodeSchema = z.enum(ERROR_CODES as [string, ...string[]]);

export const errorBodySchema = z.object({
  message: z.string(),
  code: errorCodeSchema,
  /** Laravel-style per-field messages, present on 422 VALIDATION_FAILED. */
  errors: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
