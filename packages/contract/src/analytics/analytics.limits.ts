/**
 * The vocabulary and caps of `POST /api/analytics/events`, apart from the zod schemas so a client can use
 * them without loading zod.
 */
export const ANALYTICS_EVENT_TYPES = ['screen_view', 'client_error', 'http_error'] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

export const ANALYTICS_BATCH_MAX = 50;
export const ANALYTICS_NAME_MAX = 200;
export const ANALYTICS_PATH_MAX = 500;
export const ANALYTICS_DETAIL_MAX = 2_000;
