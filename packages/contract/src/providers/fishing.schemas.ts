import { z } from 'zod/mini';
import { localDateSchema, pageMetaSchema, pageQuerySchema } from '../common/envelope';
import { rielSchema } from '../common/money';

// Fishing sessions (providers.md §4) and the fishing report (§8). Provider 4 plays on money moved into
// the game (transfer wallet), provider 5 on the main balance (seamless wallet). Amounts are whole riel.

export const FISHING_PROVIDERS = ['4', '5'] as const;
export type FishingProvider = (typeof FISHING_PROVIDERS)[number];
/** The smallest transfer into the game (providers.md §4). */
export const MIN_FISHING_TRANSFER = 1_000;
export const FISHING_STATES = ['NONE', 'OPENING', 'ACTIVE', 'CLOSING', 'UNKNOWN'] as const;
export type FishingState = (typeof FISHING_STATES)[number];
export const TRANSFER_DIRECTIONS = ['IN', 'OUT'] as const;
export const TRANSFER_STATES = ['INITIATED', 'COMPLETED', 'FAILED', 'UNKNOWN'] as const;

const riel = () => rielSchema;
/** Query values arrive as text: `?provider=4`. */
const providerParam = z.enum(FISHING_PROVIDERS);

export const fishingProviderQuerySchema = z.strictObject({ provider: providerParam });
export type FishingProviderQuery = z.infer<typeof fishingProviderQuerySchema>;

export const fishingInformationSchema = z.object({
  provider: z.number().check(z.int()),
  mode: z.enum(['TRANSFER', 'SEAMLESS']),
  state: z.enum(FISHING_STATES),
  /** Provider 4: the provider's in-game balance (null when it did not answer); provider 5: the main balance. */
  in_game_balance: z.nullable(riel()),
  is_loading: z.union([z.literal(0), z.literal(1)]),
  transfer: z.nullable(
    z.object({ id: z.string(), direction: z.enum(TRANSFER_DIRECTIONS), state: z.enum(TRANSFER_STATES) }),
  ),
  min_transfer: riel(),
});
export type FishingInformation = z.infer<typeof fishingInformationSchema>;

/**
 * `POST /api/fishing/settoken`: `{provider, amount?}` opens a session, `{provider, token: null}` closes it.
 * The provider arrives as a number or as text (`4` or `"4"`), as the seed's clients send it.
 */
export const fishingSetTokenSchema = z.strictObject({
  provider: z.union([z.enum(FISHING_PROVIDERS), z.literal(4), z.literal(5)]),
  amount: z.optional(riel().check(z.positive())),
  token: z.optional(z.null()),
});
export type FishingSetToken = z.infer<typeof fishingSetTokenSchema>;

export const fishingOpenReplySchema = z.object({
  token: z.nullable(z.string()),
  transfer_id: z.nullable(z.string()),
  state: z.enum(FISHING_STATES),
});
export type FishingOpenReply = z.infer<typeof fishingOpenReplySchema>;

export const fishingCloseReplySchema = z.object({
  state: z.enum(FISHING_STATES),
  transfer_id: z.nullable(z.string()),
  /** What came back to the main balance (0 while the withdraw is in flight, and for provider 5). */
  amount: riel(),
  /** The main balance after. */
  balance: riel(),
});
export type FishingCloseReply = z.infer<typeof fishingCloseReplySchema>;

export const fishingTokenReplySchema = z.object({
  token: z.string(),
  state: z.enum(FISHING_STATES),
  expires_at: z.string(),
});
export type FishingTokenReply = z.infer<typeof fishingTokenReplySchema>;

export const FISHING_SESSION_STATUSES = ['ACTIVE', 'CLOSED', 'UNKNOWN'] as const;

const fishingFilter = {
  from: z.optional(localDateSchema),
  to: z.optional(localDateSchema),
  status: z.optional(z.enum(FISHING_SESSION_STATUSES)),
  game_code: z.optional(z.string().check(z.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'The game code is invalid.'))),
};
export const fishingReportQuerySchema = z.strictObject({ ...fishingFilter, ...pageQuerySchema });
export type FishingReportQuery = z.infer<typeof fishingReportQuerySchema>;
export const fishingReportTotalQuerySchema = z.strictObject({ ...fishingFilter, ...pageQuerySchema });

export const fishingReportRowSchema = z.object({
  session_id: z.number().check(z.int()),
  provider: z.number().check(z.int()),
  game_code: z.string(),
  started_at: z.string(),
  ended_at: z.nullable(z.string()),
  transfer_in: riel(),
  transfer_out: riel(),
  shots: riel(),
  stake: riel(),
  payout: riel(),
  win_lose: riel(),
  status: z.enum(FISHING_SESSION_STATUSES),
});
export type FishingReportRow = z.infer<typeof fishingReportRowSchema>;

export const fishingReportListSchema = z.object({
  items: z.array(fishingReportRowSchema),
  meta: pageMetaSchema,
});
export type FishingReportList = z.infer<typeof fishingReportListSchema>;

export const fishingReportTotalSchema = z.object({
  count: riel(),
  shots: riel(),
  stake: riel(),
  payout: riel(),
  win_lose: riel(),
  transfer_in: riel(),
  transfer_out: riel(),
});
export type FishingReportTotal = z.infer<typeof fishingReportTotalSchema>;
