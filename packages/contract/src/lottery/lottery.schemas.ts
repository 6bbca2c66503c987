import { z } from 'zod/mini';
import {
  LOTTERY_BET_TYPES,
  LOTTERY_DRAW_STATUSES,
  LOTTERY_GAME_TYPES,
  LOTTERY_ITEM_STATUSES,
  LOTTERY_RESULT_SOURCES,
  LOTTERY_TICKET_STATUSES,
  SHEET_LAYOUTS,
} from '@lotto59/domain';
import { localDateSchema, pageMetaSchema, pageQuerySchema } from '../common/envelope';
import { rielRangeSchema, rielSchema } from '../common/money';

/*
 * The ticket lottery's calls (seed §7, wire shapes of lottery.md §6). Every time is ISO-8601 with the
 * `+07:00` offset; every money value is whole riel. One file so that the web app can take it whole.
 */

const int = () => z.number().check(z.int());
const id = () => z.coerce.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER));

export const lotteryGameTypeSchema = z.enum(LOTTERY_GAME_TYPES);
export const lotteryBetTypeSchema = z.enum(LOTTERY_BET_TYPES);
export const lotteryDrawStatusSchema = z.enum(LOTTERY_DRAW_STATUSES);
export const lotteryTicketStatusSchema = z.enum(LOTTERY_TICKET_STATUSES);
export const lotteryItemStatusSchema = z.enum(LOTTERY_ITEM_STATUSES);
/** A post on the wire: a letter A–E or ROLL (which letters a draw offers is in `ticket/load`). */
export const lotteryPostSchema = z.enum(['A', 'B', 'C', 'D', 'E', 'ROLL']);

// ---- results -----------------------------------------------------------------------------------------------

export const lotteryDrawSchema = z.object({
  id: int(),
  type: lotteryGameTypeSchema,
  code: z.string(),
  label_km: z.string(),
  label_en: z.string(),
  layout: z.enum(SHEET_LAYOUTS),
  draw_at: z.string(),
  cutoff_at: z.string(),
  status: lotteryDrawStatusSchema,
  /** Null for a feed-sourced draw (no seed). */
  server_seed_hash: z.nullable(z.string()),
});
export type LotteryDraw = z.infer<typeof lotteryDrawSchema>;

/** `GET /api/lottery/result/time?type=&date=`: one Phnom Penh day's draws (today by default). */
export const lotteryResultTimeQuerySchema = z.strictObject({
  type: z.optional(lotteryGameTypeSchema),
  date: z.optional(localDateSchema),
});
export type LotteryResultTimeQuery = z.infer<typeof lotteryResultTimeQuerySchema>;
export const lotteryResultTimeSchema = z.object({
  server_time: z.string(),
  timezone: z.string(),
  draws: z.array(lotteryDrawSchema),
});
export type LotteryResultTime = z.infer<typeof lotteryResultTimeSchema>;

/** `GET /api/lottery/result/timeout`: the next open draw of each type. */
export const lotteryTimeoutRowSchema = z.object({
  type: lotteryGameTypeSchema,
  draw_id: int(),
  code: z.string(),
  draw_at: z.string(),
  cutoff_at: z.string(),
  seconds_left: int(),
});
export const lotteryTimeoutSchema = z.array(lotteryTimeoutRowSchema);
export type LotteryTimeout = z.infer<typeof lotteryTimeoutSchema>;

export const lotteryIdParamsSchema = z.strictObject({ id: id() });

export const lotterySheetLineSchema = z.object({
  code: z.string(),
  index: int(),
  digits: int(),
  number: z.string(),
  post: z.nullable(z.enum(['A', 'B', 'C', 'D', 'E'])),
  label_km: z.string(),
  label_en: z.string(),
});
export type LotterySheetLine = z.infer<typeof lotterySheetLineSchema>;

/** `GET /api/lottery/result/{id}`: the draw, its source and, once DRAWN, the sheet and the revealed seed. */
export const lotteryResultSchema = z.object({
  draw: lotteryDrawSchema,
  source: z.enum(LOTTERY_RESULT_SOURCES),
  algorithm: z.string(),
  server_seed_hash: z.nullable(z.string()),
  server_seed: z.nullable(z.string()),
  lines: z.array(lotterySheetLineSchema),
});
export type LotteryResult = z.infer<typeof lotteryResultSchema>;

// ---- ticket/load -------------------------------------------------------------------------------------------

export const lotteryLoadQuerySchema = z.strictObject({ type: lotteryGameTypeSchema });
export type LotteryLoadQuery = z.infer<typeof lotteryLoadQuerySchema>;

const perBetType = z.object({ '2D': int(), '3D': int() });
const rielPerBetType = z.object({ '2D': rielSchema, '3D': rielSchema });
export const lotteryLoadSchema = z.object({
  type: lotteryGameTypeSchema,
  draws: z.array(lotteryDrawSchema),
  bet_types: z.array(z.object({ code: lotteryBetTypeSchema, digits: int(), price: int() })),
  rate: int(),
  posts: z.array(lotteryPostSchema),
  /** Keyed by draw code prefix (`VN-S`, `KH`, `TN`), then bet type, then post: the lines a post costs. */
  lines: z.record(z.string(), z.record(z.string(), z.record(z.string(), int()))),
  limits: z.object({
    min_amount: rielSchema,
    max_amount: rielPerBetType,
    max_numbers_per_item: perBetType,
    max_items: int(),
  }),
  balance: rielSchema,
});
export type LotteryLoad = z.infer<typeof lotteryLoadSchema>;

// ---- ticket/bet --------------------------------------------------------------------------------------------

/** A 3D item may list its 1000 numbers one by one: 4 characters each with a separator. */
export const LOTTERY_NUMBERS_TEXT_MAX = 8000;

export const lotteryBetItemRequestSchema = z.strictObject({
  bet_type: lotteryBetTypeSchema,
  posts: z.array(z.string().check(z.maxLength(8))).check(z.maxLength(6)),
  numbers: z.string().check(z.maxLength(LOTTERY_NUMBERS_TEXT_MAX)),
  permute: z._default(z.boolean(), false),
  /**
   * Only the domain's range here (422 with the field past it); a fraction or a non-positive amount is the
   * server's `INVALID_AMOUNT` (lottery.md §5).
   */
  amount: rielRangeSchema,
});
export const lotteryBetRequestSchema = z.strictObject({
  request_id: z.string().check(z.minLength(8), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/)),
  type: lotteryGameTypeSchema,
  draw_id: z.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)),
  /** The count is checked by the server (`NO_ITEMS`, `TOO_MANY_ITEMS`); this only bounds the body. */
  items: z.array(lotteryBetItemRequestSchema).check(z.maxLength(500)),
});
export type LotteryBetRequest = z.infer<typeof lotteryBetRequestSchema>;

export const lotteryHitSchema = z.object({ code: z.string(), index: int(), number: z.string() });

export const lotteryItemSchema = z.object({
  id: int(),
  bet_type: lotteryBetTypeSchema,
  posts: z.array(lotteryPostSchema),
  numbers: z.array(z.string()),
  permute: z.boolean(),
  amount: rielSchema,
  lines: int(),
  face_amount: rielSchema,
  discount: rielSchema,
  net_amount: rielSchema,
});
export type LotteryItem = z.infer<typeof lotteryItemSchema>;

/** A ticket's own fields; `lotteryTicketSchema` adds its items. */
export const lotteryTicketHeadSchema = z.object({
  id: int(),
  ticket_no: z.string(),
  type: lotteryGameTypeSchema,
  draw_id: int(),
  status: lotteryTicketStatusSchema,
  total_amount: rielSchema,
  discount: rielSchema,
  net_amount: rielSchema,
  created_at: z.string(),
});
export const lotteryTicketSchema = z.object({
  ...lotteryTicketHeadSchema.shape,
  items: z.array(lotteryItemSchema),
});
export type LotteryTicket = z.infer<typeof lotteryTicketSchema>;

export const lotteryBetSchema = z.object({ ticket: lotteryTicketSchema, balance: rielSchema });
export type LotteryBet = z.infer<typeof lotteryBetSchema>;

// ---- deletes -----------------------------------------------------------------------------------------------

export const lotteryDeleteTicketSchema = z.object({
  ticket_id: int(),
  refunded: rielSchema,
  balance: rielSchema,
});
export type LotteryDeleteTicket = z.infer<typeof lotteryDeleteTicketSchema>;

export const lotteryDeleteItemSchema = z.object({
  item_id: int(),
  ticket_id: int(),
  refunded: rielSchema,
  ticket: z.object({
    total_amount: rielSchema,
    discount: rielSchema,
    net_amount: rielSchema,
    status: lotteryTicketStatusSchema,
  }),
  balance: rielSchema,
});
export type LotteryDeleteItem = z.infer<typeof lotteryDeleteItemSchema>;

export const lotteryHidePayoutSchema = z.object({ item_id: int(), hidden_at: z.string() });
export type LotteryHidePayout = z.infer<typeof lotteryHidePayoutSchema>;

// ---- lists -------------------------------------------------------------------------------------------------

/** Date range (Phnom Penh days, at most 31) and paging, as every list of the project. */
const listFilters = {
  type: z.optional(lotteryGameTypeSchema),
  from: z.optional(localDateSchema),
  to: z.optional(localDateSchema),
};

export const lotteryPayoutQuerySchema = z.strictObject({ ...listFilters, ...pageQuerySchema });
export type LotteryPayoutQuery = z.infer<typeof lotteryPayoutQuerySchema>;

export const lotteryPayoutRowSchema = z.object({
  item_id: int(),
  ticket_no: z.string(),
  type: lotteryGameTypeSchema,
  draw: z.object({ id: int(), code: z.string(), draw_at: z.string() }),
  bet_type: lotteryBetTypeSchema,
  posts: z.array(lotteryPostSchema),
  /** The item's numbers that hit, comma-separated. */
  number: z.string(),
  amount: rielSchema,
  hits: z.array(lotteryHitSchema),
  payout: rielSchema,
  paid_at: z.string(),
});
export const lotteryPayoutListSchema = z.object({
  items: z.array(lotteryPayoutRowSchema),
  meta: pageMetaSchema,
  total: z.object({ count: int(), payout: rielSchema }),
});
export type LotteryPayoutList = z.infer<typeof lotteryPayoutListSchema>;

export const lotteryTicketListQuerySchema = z.strictObject({
  ...listFilters,
  status: z.optional(lotteryTicketStatusSchema),
  ...pageQuerySchema,
});
export type LotteryTicketListQuery = z.infer<typeof lotteryTicketListQuerySchema>;

export const lotteryTicketRowSchema = z.object({
  id: int(),
  ticket_no: z.string(),
  type: lotteryGameTypeSchema,
  draw: z.object({ id: int(), code: z.string(), draw_at: z.string(), status: lotteryDrawStatusSchema }),
  created_at: z.string(),
  /** How many live items the ticket holds. */
  items: int(),
  total_amount: rielSchema,
  discount: rielSchema,
  net_amount: rielSchema,
  payout: rielSchema,
  outstanding: rielSchema,
  status: lotteryTicketStatusSchema,
});
export type LotteryTicketRow = z.infer<typeof lotteryTicketRowSchema>;
export const lotteryTicketListSchema = z.object({
  items: z.array(lotteryTicketRowSchema),
  meta: pageMetaSchema,
});
export type LotteryTicketList = z.infer<typeof lotteryTicketListSchema>;

export const lotteryTotalQuerySchema = z.strictObject({
  ...listFilters,
  status: z.optional(lotteryTicketStatusSchema),
});
export type LotteryTotalQuery = z.infer<typeof lotteryTotalQuerySchema>;
export const lotteryTotalSchema = z.object({
  tickets: int(),
  items: int(),
  total_amount: rielSchema,
  discount: rielSchema,
  net_amount: rielSchema,
  payout: rielSchema,
  /** payout − net_amount of settled tickets. */
  win_lose: rielSchema,
  outstanding: rielSchema,
});
export type LotteryTotal = z.infer<typeof lotteryTotalSchema>;

/** `GET /api/lottery/ticket/items?id=`: one of the caller's tickets with every item. */
export const lotteryItemsQuerySchema = z.strictObject({ id: id() });
export const lotteryTicketItemSchema = z.object({
  ...lotteryItemSchema.shape,
  status: lotteryItemStatusSchema,
  payout: rielSchema,
  hits: z.array(lotteryHitSchema),
});
export const lotteryTicketItemsSchema = z.object({
  ticket: lotteryTicketHeadSchema,
  items: z.array(lotteryTicketItemSchema),
});
export type LotteryTicketItems = z.infer<typeof lotteryTicketItemsSchema>;
