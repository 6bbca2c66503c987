import { z } from 'zod/mini';
import { RG_LIMIT_MAX, RG_LIMIT_MIN } from '@lotto59/domain';
import { rielSchema } from '../common/money';

// Responsible gaming, the player's API (shared/spec/responsible-gaming.md §4).

export const rgKindSchema = z.enum(['LOSS', 'WAGER', 'DEPOSIT']);
export const rgPeriodSchema = z.enum(['DAY', 'WEEK', 'MONTH']);

const LIMIT_RANGE_MESSAGE = `The amount must be between ${RG_LIMIT_MIN} and ${RG_LIMIT_MAX} riel.`;
/** A limit: whole riel, 1,000 ៛ to 10,000,000,000 ៛. */
export const rgLimitAmountSchema = z
  .number()
  .check(z.int(), z.minimum(RG_LIMIT_MIN, LIMIT_RANGE_MESSAGE), z.maximum(RG_LIMIT_MAX, LIMIT_RANGE_MESSAGE));

export const rgLimitSchema = z.object({
  kind: rgKindSchema,
  period: rgPeriodSchema,
  /** null: no limit in force (only a pending one). */
  amount: z.nullable(rielSchema),
  /** Wager, deposits, or loss (wager − payouts, negative in a winning period) in the current period. */
  used: rielSchema,
  remaining: z.nullable(rielSchema),
  /** When the period ends and `used` starts again from zero (epoch ms, Phnom Penh calendar). */
  resets_at: z.number(),
  pending: z.nullable(
    z.object({ amount: z.nullable(rielSchema), effective_at: z.number(), confirm_by: z.number() }),
  ),
});
export type RgLimit = z.infer<typeof rgLimitSchema>;

export const rgStateSchema = z.object({
  limits: z.array(rgLimitSchema),
  break_until: z.nullable(z.number()),
  excluded_until: z.nullable(z.number()),
  reality_check_minutes: z.union([z.literal(0), z.literal(15), z.literal(30), z.literal(60)]),
  session_started_at: z.nullable(z.number()),
  /** Payouts − stakes since this login. */
  session_net: rielSchema,
});
export type RgState = z.infer<typeof rgStateSchema>;

export const rgSetLimitRequestSchema = z.strictObject({
  kind: rgKindSchema,
  period: rgPeriodSchema,
  /** null removes the limit (a pending change, like a raise). */
  amount: z.nullable(rgLimitAmountSchema),
});
export type RgSetLimitRequest = z.infer<typeof rgSetLimitRequestSchema>;

export const rgLimitRefRequestSchema = z.strictObject({ kind: rgKindSchema, period: rgPeriodSchema });
export type RgLimitRefRequest = z.infer<typeof rgLimitRefRequestSchema>;

export const rgBreakRequestSchema = z.strictObject({
  days: z.union([z.literal(1), z.literal(7), z.literal(30), z.literal(42)]),
});
export type RgBreakRequest = z.infer<typeof rgBreakRequestSchema>;

export const rgSelfExclusionRequestSchema = z.strictObject({
  months: z.union([z.literal(6), z.literal(12), z.literal(60)]),
  password: z.string().check(z.minLength(1), z.maxLength(200)),
});
export type RgSelfExclusionRequest = z.infer<typeof rgSelfExclusionRequestSchema>;

export const rgRealityCheckRequestSchema = z.strictObject({
  minutes: z.union([z.literal(0), z.literal(15), z.literal(30), z.literal(60)]),
});
export type RgRealityCheckRequest = z.infer<typeof rgRealityCheckRequestSchema>;
