import { z } from 'zod/mini';
import { localDateSchema, pageMetaSchema, pageQuerySchema } from '../common/envelope';
import { rielSchema } from '../common/money';
import { gameCodeParamSchema } from './launch.schemas';

// `/api/report/sport` and `/api/report/sport/total` (providers.md §8): the caller's sportsbook slips,
// newest first, one row per slip (one `bet` of the seamless wallet, round_id = slip id). `win_lose` =
// payout − stake from the player's side; sums are whole riel. Decision 0025 fixes how a row is read
// from the wallet's stored meta.

/** A slip is PENDING until its one `win` arrives; the rest come from that win's meta (providers.md §7.4). */
export const SPORT_SLIP_STATUSES = [
  'PENDING',
  'WON',
  'LOST',
  'HALF_WON',
  'HALF_LOST',
  'PUSH',
  'VOID',
] as const;
export type SportSlipStatus = (typeof SPORT_SLIP_STATUSES)[number];
export const SPORT_SLIP_TYPES = ['SINGLE', 'PARLAY'] as const;
export type SportSlipType = (typeof SPORT_SLIP_TYPES)[number];
/** A leg's result (providers.md §7.4, quarter lines split the stake); null while the fixture is unsettled. */
export const SPORT_LEG_RESULTS = ['WIN', 'HALF_WIN', 'PUSH', 'HALF_LOSS', 'LOSS', 'VOID'] as const;
export type SportLegResult = (typeof SPORT_LEG_RESULTS)[number];

const sportFilter = {
  from: z.optional(localDateSchema),
  to: z.optional(localDateSchema),
  status: z.optional(z.enum(SPORT_SLIP_STATUSES)),
  /** Accepted as on every provider report; the sportsbook has one game (`demo-league`). */
  game_code: z.optional(gameCodeParamSchema),
};
export const sportReportQuerySchema = z.strictObject({ ...sportFilter, ...pageQuerySchema });
export type SportReportQuery = z.infer<typeof sportReportQuerySchema>;
/** `/total` takes the same filters and ignores paging (a page given is accepted and ignored). */
export const sportReportTotalQuerySchema = z.strictObject({ ...sportFilter, ...pageQuerySchema });

/** Decimal odds with two decimals, as text so that "2.50" keeps its zero ("1.43", "12.07"). */
const oddsText = z.string().check(z.regex(/^\d+\.\d{2}$/));

export const sportLegSchema = z.object({
  /** The match as the sportsbook names it ("Mekong Tigers v Koh Kong Dolphins"). */
  fixture: z.string(),
  kickoff_at: z.nullable(z.string()),
  /** 1X2, AH (Asian handicap) or OU (over/under), as the sportsbook sent it. */
  market: z.string(),
  selection: z.string(),
  /** The handicap or total line ("-1.25", "2.5"); null for 1X2. */
  line: z.nullable(z.string()),
  odds: oddsText,
  result: z.nullable(z.enum(SPORT_LEG_RESULTS)),
  /** Full-time score "home-away"; null until it is known (or for a void fixture). */
  score: z.nullable(z.string()),
});
export type SportLeg = z.infer<typeof sportLegSchema>;

export const sportReportRowSchema = z.object({
  /** The sportsbook's slip id (the wallet's round id). */
  id: z.string(),
  /** The slip number shown to the player, 7 digits (seed §9: ids padded to 7 digits). */
  slip_no: z.string().check(z.regex(/^\d{7,}$/)),
  created_at: z.string(),
  type: z.enum(SPORT_SLIP_TYPES),
  legs: z.array(sportLegSchema),
  /** Combined odds of the slip (a single: its leg's). */
  odds: oddsText,
  stake: rielSchema,
  payout: rielSchema,
  win_lose: rielSchema,
  status: z.enum(SPORT_SLIP_STATUSES),
  settled_at: z.nullable(z.string()),
});
export type SportReportRow = z.infer<typeof sportReportRowSchema>;

export const sportReportListSchema = z.object({
  items: z.array(sportReportRowSchema),
  meta: pageMetaSchema,
});
export type SportReportList = z.infer<typeof sportReportListSchema>;

export const sportReportTotalSchema = z.object({
  count: z.number().check(z.int()),
  stake: rielSchema,
  payout: rielSchema,
  win_lose: rielSchema,
  pending_count: z.number().check(z.int()),
  pending_stake: rielSchema,
});
export type SportReportTotal = z.infer<typeof sportReportTotalSchema>;
