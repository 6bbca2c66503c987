import { z } from 'zod/mini';
import { BET_STATUSES, BET_TYPES, POOLS, POSTS, RANGE_BET_TYPES } from '@lotto59/domain';
import { rielSchema } from '../common/money';

const int = () => z.number().check(z.int());
const id = () => z.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER));

/** Items of one submission; a NUMBER item expands to posts × numbers bets, capped below. */
export const BET_ITEMS_MAX = 50;
/** Bets one submission may create after NUMBER expansion (5 posts × 59 numbers fits). */
export const BETS_PER_SUBMISSION_MAX = 500;
export const JACKPOT_LINES_PER_SUBMISSION_MAX = 50;

// Amounts are only checked to be riel the domain can hold here: the minimum and maximum are configuration,
// and their refusals must carry the exact seed §5 messages, which the server builds.
const amountSchema = rielSchema;

export const rangeBetItemSchema = z.strictObject({
  type: z.enum(RANGE_BET_TYPES),
  amount: amountSchema,
});

/** `numbers` uses the client's notation: `"5, 10-15, 59"` (an array of numbers is accepted too). */
export const numberBetItemSchema = z.strictObject({
  type: z.literal('NUMBER'),
  posts: z.array(z.enum(POSTS)).check(z.minLength(1, 'Select posts.'), z.maxLength(POSTS.length)),
  numbers: z.union([
    z.string().check(z.minLength(1), z.maxLength(400)),
    z.array(int()).check(z.minLength(1), z.maxLength(59)),
  ]),
  amount: amountSchema,
});

export const betItemSchema = z.discriminatedUnion('type', [rangeBetItemSchema, numberBetItemSchema]);
export type BetItem = z.infer<typeof betItemSchema>;

/** `POST /api/bet` (header `Idempotency-Key: <client uuid>`). */
export const placeBetRequestSchema = z.strictObject({
  poll: z.enum(POOLS),
  /** The round the player saw open (`/api/v1/result/playing`). */
  result_id: id(),
  bets: z.array(betItemSchema).check(z.minLength(1), z.maxLength(BET_ITEMS_MAX)),
});
export type PlaceBetRequest = z.infer<typeof placeBetRequestSchema>;

/** `POST /api/bet/jackpot` (same header): lines of 5 distinct numbers 1–59 at the configured stake. */
export const placeJackpotRequestSchema = z.strictObject({
  poll: z.enum(POOLS),
  result_id: id(),
  lines: z
    .array(z.array(int()).check(z.length(5, 'A jackpot line has 5 numbers.')))
    .check(z.minLength(1), z.maxLength(JACKPOT_LINES_PER_SUBMISSION_MAX)),
});
export type PlaceJackpotRequest = z.infer<typeof placeJackpotRequestSchema>;

/** The client-generated key of a money-moving call (a UUID); a retry with it is answered, not re-run. */
export const idempotencyKeyHeaderSchema = z.object({
  'idempotency-key': z
    .string()
    .check(z.regex(/^[A-Za-z0-9-]{16,64}$/, 'The Idempotency-Key header must be a UUID.')),
});

/** A bet (ticket) record: seed §3 names; `payout` is the total returned, stake included. */
export const betRecordSchema = z.object({
  id: int(),
  result_id: int(),
  group_id: int(),
  poll: z.enum(POOLS),
  type: z.enum(BET_TYPES),
  post: z.nullable(z.enum(POSTS)),
  number: z.nullable(int()),
  /** The 5 numbers of a jackpot line, ascending; null for other types. */
  numbers: z.nullable(z.array(int())),
  amount: rielSchema,
  payout: rielSchema,
  jackpot_win_amount: rielSchema,
  /** Matches of a settled jackpot line (0–5); null otherwise. */
  jackpot_result: z.nullable(int()),
  /** 1 (pool share), 2 (small jackpot), 3 (fixed win) or null. */
  jackpot_tier: z.nullable(int()),
  outstanding: z.boolean(),
  status: z.enum(BET_STATUSES),
  created_at: z.string(),
  settled_at: z.nullable(z.string()),
});
export type BetRecord = z.infer<typeof betRecordSchema>;

export const placeBetResponseSchema = z.object({
  group_id: int(),
  bets: z.array(betRecordSchema),
  /** The player's balance right after the stake was taken. */
  balance: rielSchema,
});
export type PlaceBetResponse = z.infer<typeof placeBetResponseSchema>;
