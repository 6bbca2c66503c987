import { z } from 'zod/mini';
import { localDateSchema, pageMetaSchema, pageQuerySchema } from '../common/envelope';
import { rielSchema } from '../common/money';
import { gameCodeParamSchema } from './launch.schemas';

// `/api/report/casino` and `/api/report/casino/total` (providers.md §8): the caller's baccarat and slot
// rounds, newest first. `win_lose` = payout − stake, from the player's side. Sums are whole riel.

export const CASINO_REPORT_PROVIDERS = [2, 3] as const;
export const CASINO_ROUND_STATUSES = ['OPEN', 'CLOSED', 'ROLLED_BACK'] as const;
export type CasinoRoundStatus = (typeof CASINO_ROUND_STATUSES)[number];

const casinoFilter = {
  from: z.optional(localDateSchema),
  to: z.optional(localDateSchema),
  status: z.optional(z.enum(CASINO_ROUND_STATUSES)),
  game_code: z.optional(gameCodeParamSchema),
};
export const casinoReportQuerySchema = z.strictObject({ ...casinoFilter, ...pageQuerySchema });
export type CasinoReportQuery = z.infer<typeof casinoReportQuerySchema>;
/** `/total` takes the same filters and ignores paging (a page given is accepted and ignored). */
export const casinoReportTotalQuerySchema = z.strictObject({ ...casinoFilter, ...pageQuerySchema });

export const BACCARAT_BET_TYPES = ['PLAYER', 'BANKER', 'TIE', 'PLAYER_PAIR', 'BANKER_PAIR'] as const;

export const baccaratDetailSchema = z.object({
  kind: z.literal('baccarat'),
  bets: z.array(
    z.object({
      type: z.enum(BACCARAT_BET_TYPES),
      amount: rielSchema,
      payout: rielSchema,
    }),
  ),
  /** Cards as pool indexes 0..415 (providers.md §7.2), in the order each hand received them. */
  player_cards: z.array(z.number().check(z.int())),
  banker_cards: z.array(z.number().check(z.int())),
  player_score: z.number().check(z.int()),
  banker_score: z.number().check(z.int()),
});

export const slotDetailSchema = z.object({
  kind: z.literal('slot'),
  stops: z.array(z.number().check(z.int())),
  lines: z.array(
    z.object({
      line: z.number().check(z.int()),
      symbol: z.string(),
      count: z.number().check(z.int()),
      win: rielSchema,
    }),
  ),
  scatter: z.object({ count: z.number().check(z.int()), win: rielSchema }),
});

export const casinoReportRowSchema = z.object({
  round_id: z.string(),
  provider: z.number().check(z.int()),
  game_code: z.string(),
  game_name: z.string(),
  created_at: z.string(),
  /** Null while the round is open or when it was rolled back before any detail arrived. */
  detail: z.nullable(z.union([baccaratDetailSchema, slotDetailSchema])),
  stake: rielSchema,
  payout: rielSchema,
  win_lose: rielSchema,
  status: z.enum(CASINO_ROUND_STATUSES),
});
export type CasinoReportRow = z.infer<typeof casinoReportRowSchema>;

export const casinoReportListSchema = z.object({
  items: z.array(casinoReportRowSchema),
  meta: pageMetaSchema,
});
export type CasinoReportList = z.infer<typeof casinoReportListSchema>;

export const casinoReportTotalSchema = z.object({
  count: z.number().check(z.int()),
  stake: rielSchema,
  payout: rielSchema,
  win_lose: rielSchema,
});
export type CasinoReportTotal = z.infer<typeof casinoReportTotalSchema>;
