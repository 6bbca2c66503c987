import { z } from 'zod/mini';
import { POOLS, TICKET_FILTERS } from '@lotto59/domain';
import { localDateSchema, pageMetaSchema, pageQuerySchema } from '../common/envelope';
import { rielSchema } from '../common/money';
import { betRecordSchema } from './bets.schemas';
import { roundRecordSchema } from './results.schemas';

const int = () => z.number().check(z.int());
const id = () => z.coerce.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER));

/** `GET /api/v1/ticket/list`: the caller's own bets, newest first. */
export const ticketListQuerySchema = z.strictObject({
  type: z._default(z.enum(TICKET_FILTERS), 'ALL'),
  result_id: z.optional(id()),
  from: z.optional(localDateSchema),
  to: z.optional(localDateSchema),
  ...pageQuerySchema,
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

export const ticketListSchema = z.object({
  items: z.array(betRecordSchema),
  meta: pageMetaSchema,
  /** Over every row matching the filter (all pages). */
  total_amount: rielSchema,
  total_payout: rielSchema,
});
export type TicketList = z.infer<typeof ticketListSchema>;

/** `GET /api/v1/ticket/badge`: how many of the caller's bets wait for their result. */
export const ticketBadgeSchema = z.object({ outstanding: int() });
export type TicketBadge = z.infer<typeof ticketBadgeSchema>;

/** `GET /api/bet/report`: per local day (operator's time zone), newest first, with totals. */
export const betReportQuerySchema = z.strictObject({
  from: z.optional(localDateSchema),
  to: z.optional(localDateSchema),
});
export type BetReportQuery = z.infer<typeof betReportQuerySchema>;

const reportFigures = {
  count: int(),
  turnover: rielSchema,
  payout: rielSchema,
  /** payout − turnover of settled bets: the player's net (positive = the player won). */
  win_loss: rielSchema,
  outstanding: rielSchema,
};
export const betReportRowSchema = z.object({ date: z.string(), ...reportFigures });
export const betReportSchema = z.object({
  items: z.array(betReportRowSchema),
  total: z.object(reportFigures),
});
export type BetReport = z.infer<typeof betReportSchema>;

/** `GET /api/jackpot/search?id=`: one of the caller's own tickets with its round (game recall). */
export const ticketSearchQuerySchema = z.strictObject({ id: id() });
export const ticketSearchResultSchema = z.object({ bet: betRecordSchema, round: roundRecordSchema });
export type TicketSearchResult = z.infer<typeof ticketSearchResultSchema>;

/** `GET /api/v1/jackpot/winner`: recent tier 1 and 2 winners, the operator's banner and the pool. */
export const jackpotWinnerSchema = z.object({
  bet_id: int(),
  /** The tier: 2 is the small jackpot, 1 the pool share. */
  diff: int(),
  price: rielSchema,
  result_id: int(),
  created_at: z.string(),
});
export const jackpotWinnersSchema = z.object({
  winners: z.array(jackpotWinnerSchema),
  message: z.nullable(z.string()),
  pool: rielSchema,
});
export type JackpotWinners = z.infer<typeof jackpotWinnersSchema>;

/** `GET /api/poll` and `POST|PUT /api/poll`: the player's stream (seed §4 rules). */
export const pollSchema = z.object({ poll: z.enum(POOLS) });
export const setPollRequestSchema = z.strictObject({ poll: z.enum(POOLS) });
export type PollChoice = z.infer<typeof pollSchema>;

/** `GET /api/print?group_id=` or `?id=`: the data of a printable ticket (JSON; the web app lays it out). */
export const printQuerySchema = z.strictObject({ group_id: z.optional(id()), id: z.optional(id()) });
export type PrintQuery = z.infer<typeof printQuerySchema>;
export const printTicketSchema = z.object({
  group_id: int(),
  result_id: int(),
  poll: z.enum(POOLS),
  player: z.string(),
  created_at: z.string(),
  bets: z.array(betRecordSchema),
  total_amount: rielSchema,
  round: roundRecordSchema,
});
export type PrintTicket = z.infer<typeof printTicketSchema>;

/** Live events on `/ws` (JSON text frames `{ type, data }`). */
export const LIVE_EVENT_TYPES = [
  'hello',
  'round_opened',
  'betting_closed',
  'ball_released',
  'result',
  'balance',
  'jackpot_winners',
] as const;
export const liveEventSchema = z.object({
  type: z.enum(LIVE_EVENT_TYPES),
  data: z.record(z.string(), z.unknown()),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;
