import { z } from 'zod/mini';
import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_DETAIL_MAX,
  ANALYTICS_EVENT_TYPES,
  ANALYTICS_NAME_MAX,
  ANALYTICS_PATH_MAX,
} from './analytics.limits';

/**
 * `POST /api/analytics/events` (seed §1, §8; decisions §7): the web app sends screen views, client errors and
 * failed calls in batches. Every field is capped so one player cannot fill the table with one request.
 */
export const analyticsEventSchema = z.strictObject({
  type: z.enum(ANALYTICS_EVENT_TYPES),
  /** The screen (route path) or the error's short name (`TypeError`, `GET /api/user 503`). */
  name: z.string().check(z.minLength(1), z.maxLength(ANALYTICS_NAME_MAX)),
  /** The page the player was on. */
  path: z.optional(z.string().check(z.maxLength(ANALYTICS_PATH_MAX))),
  /** Free text: an error message, a stack excerpt. Never a password or a token. */
  detail: z.optional(z.string().check(z.maxLength(ANALYTICS_DETAIL_MAX))),
  /** When it happened on the player's device, epoch milliseconds. */
  at_ms: z.number().check(z.int(), z.minimum(0)),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

export const analyticsBatchSchema = z.strictObject({
  events: z
    .array(analyticsEventSchema)
    .check(
      z.minLength(1),
      z.maxLength(ANALYTICS_BATCH_MAX, `At most ${ANALYTICS_BATCH_MAX} events per batch.`),
    ),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

export const analyticsAcceptedSchema = z.object({ accepted: z.number().check(z.int()) });
export type AnalyticsAccepted = z.infer<typeof analyticsAcceptedSchema>;
