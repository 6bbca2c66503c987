import { z } from 'zod/mini';
import { POOLS, RESULT_LABELS, ROUND_STATUSES } from '@lotto59/domain';
import { localDateSchema, pageMetaSchema, pageQuerySchema } from '../common/envelope';

const int = () => z.number().check(z.int());

/** Which stream a read is about; when absent the player's own pool (`/api/poll`) is used. */
export const pollQuerySchema = z.strictObject({ poll: z.optional(z.enum(POOLS)) });
export type PollQuery = z.infer<typeof pollQuerySchema>;

/**
 * A round. `numbers` holds only the balls released so far (never an unreleased one); `total`, the
 * types, the label and `server_seed` appear once every ball is out. `server_seed_hash` is published
 * when the round opens (commit-reveal).
 */
export const roundRecordSchema = z.object({
  id: int(),
  poll: z.enum(POOLS),
  status: z.enum(ROUND_STATUSES),
  opened_at: z.string(),
  close_at: z.string(),
  server_seed_hash: z.string(),
  numbers: z.array(int()),
  released_count: int(),
  total: z.nullable(int()),
  range_type: z.nullable(z.enum(['RANGE_1', 'RANGE_2', 'RANGE_3', 'RANGE_4', 'RANGE_5'])),
  ou_type: z.nullable(z.enum(['RANGE_6', 'RANGE_7'])),
  label: z.nullable(z.enum(RESULT_LABELS)),
  server_seed: z.nullable(z.string()),
  /** When the next ball comes out (null when none is left), and when the result is final. */
  next_ball_at: z.nullable(z.string()),
  settle_at: z.string(),
});
export type RoundRecord = z.infer<typeof roundRecordSchema>;

/** `GET /api/v1/result/playing`: the open round of the pool, with the server's time to count down. */
export const playingRoundSchema = z.object({
  round: z.nullable(roundRecordSchema),
  server_time: z.string(),
  seconds_left: z.number(),
});
export type PlayingRound = z.infer<typeof playingRoundSchema>;

/** `GET /api/v1/result/releasing`: the round whose balls are coming out, or null. */
export const releasingRoundSchema = z.object({
  round: z.nullable(roundRecordSchema),
  server_time: z.string(),
});
export type ReleasingRound = z.infer<typeof releasingRoundSchema>;

/** `GET /api/v1/result/recent`: the latest rounds with a final result, newest first. */
export const recentResultsSchema = z.object({ items: z.array(roundRecordSchema) });
export type RecentResults = z.infer<typeof recentResultsSchema>;

/** `GET /api/v1/result/history`: paged final results, newest first, optionally by local day. */
export const resultHistoryQuerySchema = z.strictObject({
  poll: z.optional(z.enum(POOLS)),
  from: z.optional(localDateSchema),
  to: z.optional(localDateSchema),
  ...pageQuerySchema,
});
export type ResultHistoryQuery = z.infer<typeof resultHistoryQuerySchema>;

export const resultHistoryPageSchema = z.object({ items: z.array(roundRecordSchema), meta: pageMetaSchema });
export type ResultHistoryPage = z.infer<typeof resultHistoryPageSchema>;

/**
 * `GET /api/result/history`: the grid of seed §4 (7 rows RANGE_1…RANGE_7 × the last 10 rounds), oldest
 * first. Each item is one column: `type` is the winning range (RANGE_1…RANGE_5) and `status` the
 * over/under side, so a column marks two cells.
 */
export const resultGridItemSchema = z.object({
  result_id: int(),
  type: z.enum(['RANGE_1', 'RANGE_2', 'RANGE_3', 'RANGE_4', 'RANGE_5']),
  status: z.enum(['OVER', 'UNDER']),
  total: int(),
  label: z.enum(RESULT_LABELS),
});
export const resultGridSchema = z.object({ poll: z.enum(POOLS), items: z.array(resultGridItemSchema) });
export type ResultGrid = z.infer<typeof resultGridSchema>;
