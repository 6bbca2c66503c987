/*
 * The ticket lottery's wire shapes (lottery.md §6), written here until the contract's lottery schemas
 * (`packages/contract/src/lottery/`, built on another branch) arrive: at the merge this file's exports are
 * replaced by the contract's, and it is the only file of the web app that knows a shape. Loaded on first use
 * (dynamic import), like the contract's schemas, so zod stays out of the start-up bundle.
 */
import { pageMetaSchema } from '@lotto59/contract';
import {
  LOTTERY_BET_TYPES,
  LOTTERY_DRAW_STATUSES,
  LOTTERY_GAME_TYPES,
  LOTTERY_ITEM_STATUSES,
  LOTTERY_RESULT_SOURCES,
  LOTTERY_TICKET_STATUSES,
  SHEET_LAYOUTS,
} from '@lotto59/domain';
import { z } from 'zod/mini';

const int = () => z.number().check(z.int());
const gameType = z.enum(LOTTERY_GAME_TYPES);
const betType = z.enum(LOTTERY_BET_TYPES);
const post = z.enum(['A', 'B', 'C', 'D', 'E', 'ROLL']);

export const lotteryDrawSchema = z.object({
  id: int(),
  type: gameType,
  code: z.string(),
  label_km: z.string(),
  label_en: z.string(),
  layout: z.enum(SHEET_LAYOUTS),
  draw_at: z.string(),
  cutoff_at: z.string(),
  status: z.enum(LOTTERY_DRAW_STATUSES),
  server_seed_hash: z.nullable(z.string()),
});

export const drawTimesSchema = z.object({
  server_time: z.string(),
  timezone: z.string(),
  draws: z.array(lotteryDrawSchema),
});

export const nextDrawsSchema = z.array(
  z.object({
    type: gameType,
    draw_id: int(),
    code: z.string(),
    draw_at: z.string(),
    cutoff_at: z.string(),
    seconds_left: int(),
  }),
);

export const resultLineSchema = z.object({
  code: z.string(),
  index: int(),
  digits: int(),
  number: z.string(),
  post: z.nullable(z.string()),
  label_km: z.string(),
  label_en: z.string(),
});

export const drawResultSchema = z.object({
  draw: lotteryDrawSchema,
  source: z.enum(LOTTERY_RESULT_SOURCES),
  algorithm: z.string(),
  server_seed_hash: z.nullable(z.string()),
  server_seed: z.nullable(z.string()),
  lines: z.array(resultLineSchema),
});

const byBetType = z.object({ '2D': int(), '3D': int() });

export const ticketLoadSchema = z.object({
  type: gameType,
  draws: z.array(lotteryDrawSchema),
  bet_types: z.array(z.object({ code: betType, digits: int(), price: int() })),
  rate: int(),
  posts: z.array(post),
  lines: z.record(z.string(), z.record(betType, z.record(z.string(), int()))),
  limits: z.object({
    min_amount: int(),
    max_amount: byBetType,
    max_numbers_per_item: byBetType,
    max_items: int(),
  }),
  balance: z.number(),
});

const hitSchema = z.object({ code: z.string(), index: int(), number: z.string() });

export const ticketItemSchema = z.object({
  id: int(),
  bet_type: betType,
  posts: z.array(post),
  numbers: z.array(z.string()),
  permute: z.boolean(),
  amount: int(),
  lines: int(),
  face_amount: int(),
  discount: int(),
  net_amount: int(),
});

export const ticketSchema = z.object({
  id: int(),
  ticket_no: z.string(),
  type: gameType,
  draw_id: int(),
  status: z.enum(LOTTERY_TICKET_STATUSES),
  total_amount: int(),
  discount: int(),
  net_amount: int(),
  created_at: z.string(),
  items: z.array(ticketItemSchema),
});

export const placeTicketResponseSchema = z.object({ ticket: ticketSchema, balance: z.number() });

export const deleteTicketResponseSchema = z.object({
  ticket_id: int(),
  refunded: int(),
  balance: z.number(),
});

export const deleteItemResponseSchema = z.object({
  item_id: int(),
  ticket_id: int(),
  refunded: int(),
  ticket: z.object({
    total_amount: int(),
    discount: int(),
    net_amount: int(),
    status: z.enum(LOTTERY_TICKET_STATUSES),
  }),
  balance: z.number(),
});

const drawRef = z.object({ id: int(), code: z.string(), draw_at: z.string() });

export const ticketRowSchema = z.object({
  id: int(),
  ticket_no: z.string(),
  type: gameType,
  draw: z.extend(drawRef, { status: z.enum(LOTTERY_DRAW_STATUSES) }),
  created_at: z.string(),
  items: int(),
  total_amount: int(),
  discount: int(),
  net_amount: int(),
  payout: int(),
  outstanding: int(),
  status: z.enum(LOTTERY_TICKET_STATUSES),
});

export const ticketListSchema = z.object({ items: z.array(ticketRowSchema), meta: pageMetaSchema });

export const ticketTotalSchema = z.object({
  tickets: int(),
  items: int(),
  total_amount: int(),
  discount: int(),
  net_amount: int(),
  payout: int(),
  win_lose: int(),
  outstanding: int(),
});

export const ticketItemsSchema = z.object({
  ticket: z.omit(ticketSchema, { items: true }),
  items: z.array(
    z.extend(ticketItemSchema, {
      status: z.enum(LOTTERY_ITEM_STATUSES),
      payout: int(),
      hits: z.array(hitSchema),
    }),
  ),
});

export const payoutRowSchema = z.object({
  item_id: int(),
  ticket_no: z.string(),
  type: gameType,
  draw: drawRef,
  bet_type: betType,
  posts: z.array(post),
  number: z.string(),
  amount: int(),
  hits: z.array(hitSchema),
  payout: int(),
  paid_at: z.string(),
});

export const payoutListSchema = z.object({
  items: z.array(payoutRowSchema),
  meta: pageMetaSchema,
  total: z.object({ count: int(), payout: int() }),
});

export type LotteryDraw = z.infer<typeof lotteryDrawSchema>;
export type DrawTimes = z.infer<typeof drawTimesSchema>;
export type NextDraws = z.infer<typeof nextDrawsSchema>;
export type DrawResult = z.infer<typeof drawResultSchema>;
export type ResultLine = z.infer<typeof resultLineSchema>;
export type TicketLoad = z.infer<typeof ticketLoadSchema>;
export type LotteryTicket = z.infer<typeof ticketSchema>;
export type PlaceTicketResponse = z.infer<typeof placeTicketResponseSchema>;
export type DeleteTicketResponse = z.infer<typeof deleteTicketResponseSchema>;
export type DeleteItemResponse = z.infer<typeof deleteItemResponseSchema>;
export type TicketRow = z.infer<typeof ticketRowSchema>;
export type TicketList = z.infer<typeof ticketListSchema>;
export type TicketTotal = z.infer<typeof ticketTotalSchema>;
export type TicketItems = z.infer<typeof ticketItemsSchema>;
export type TicketItemDetail = TicketItems['items'][number];
export type PayoutList = z.infer<typeof payoutListSchema>;

/** The bet call's body (lottery.md §6). */
export interface PlaceTicketBody {
  request_id: string;
  type: z.infer<typeof gameType>;
  draw_id: number;
  items: {
    bet_type: z.infer<typeof betType>;
    posts: string[];
    numbers: string;
    permute: boolean;
    amount: number;
  }[];
}
