import { POOLS } from '@lotto59/domain';
import { z } from 'zod/mini';

const count = () => z.number().check(z.int(), z.nonnegative());
const ball = () => z.number().check(z.int(), z.gte(1), z.lte(59));

/**
 * `GET /api/v1/lotto59/stats?poll=`: how often each ball came out over the pool's last (up to) 100 fully drawn
 * rounds, and the hot and cold numbers (the domain's `numberStats`). `result_id` is the newest round counted
 * (null before the first draw): the answer changes only when a new draw is public.
 */
export const numberStatsSchema = z.object({
  poll: z.enum(POOLS),
  result_id: z.nullable(z.number().check(z.int())),
  draws: count(),
  /** `counts[n - 1]` for ball n, 59 entries. */
  counts: z.array(count()),
  hot: z.array(ball()),
  cold: z.array(ball()),
});
export type NumberStatsAnswer = z.infer<typeof numberStatsSchema>;
