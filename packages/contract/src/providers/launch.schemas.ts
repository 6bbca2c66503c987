import { z } from 'zod/mini';
import { rielSchema } from '../common/money';

// Launching a provider game (providers.md §5). The URL is fetched on every visit and never cached.

export const LAUNCH_PLATFORMS = ['desktop', 'mobile'] as const;
export const LAUNCH_LANGS = ['km', 'en'] as const;
/** Game codes of the demo provider (providers.md §5). */
export const SLOT_GAME_CODES = ['angkor-fortune'] as const;
export const CASINO_GAME_CODES = ['baccarat'] as const;

/**
 * A game code as studios write them (`angkor-fortune`): lowercase letters, digits and dashes. The pattern
 * also keeps control characters (a NUL, which PostgreSQL refuses in text) away from every query.
 */
export const gameCodeParamSchema = z
  .string()
  .check(z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'The game code is invalid.'));

/** `GET /api/external/{2|3}/url`: `game_code` may be omitted where the provider has one game. */
export const launchQuerySchema = z.strictObject({
  game_code: z.optional(gameCodeParamSchema),
  platform: z._default(z.enum(LAUNCH_PLATFORMS), 'mobile'),
  lang: z._default(z.enum(LAUNCH_LANGS), 'km'),
});
export type LaunchQuery = z.infer<typeof launchQuerySchema>;

export const launchReplySchema = z.object({
  /** The game page, with a one-time launch code valid 120 s. */
  url: z.string(),
  /** The game session token the provider uses in its wallet calls. */
  token: z.string(),
  /** ISO time at which that session ends if nothing renews it. */
  expires_at: z.string(),
});
export type LaunchReply = z.infer<typeof launchReplySchema>;

/** `GET /api/external/3/list`: the slot games, with the total bet per spin as the range. */
export const slotGameSchema = z.object({
  code: z.string(),
  name: z.string(),
  name_km: z.string(),
  lines: z.number().check(z.int()),
  /** Published RTP as a percentage with two decimals, e.g. "96.60". */
  rtp: z.string(),
  min_bet: rielSchema,
  max_bet: rielSchema,
  thumbnail: z.string(),
});
export type SlotGame = z.infer<typeof slotGameSchema>;
export const slotGameListSchema = z.array(slotGameSchema);
