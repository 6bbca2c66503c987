import { z } from 'zod/mini';
import { rielSchema } from '../common/money';

// The seamless-wallet protocol (providers.md §2, §3): what a provider's server sends to
// `POST /wallet/{provider}/{action}` and what it gets back. Bare JSON bodies, no `{ data }` envelope,
// every business answer HTTP 200 with a `status`. Amounts are whole riel; the currency is always KHR.

export const WALLET_ACTIONS = ['balance', 'bet', 'win', 'rollback', 'session'] as const;
export type WalletAction = (typeof WALLET_ACTIONS)[number];

/** Hub88's response statuses, plus ours (the last three; providers.md §3). */
export const WALLET_STATUSES = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_INVALID_GAME',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_LIMIT_REACHED',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
] as const;
export type WalletStatus = (typeof WALLET_STATUSES)[number];

const uuid = z
  .string()
  .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i));
/** The game session token of launch (43 characters here; Hub88 allows 10–255). */
const token = z.string().check(z.minLength(10), z.maxLength(255));
/** Our player id as a decimal string. */
const user = z.string().check(z.regex(/^[1-9]\d{0,15}$/));
// No control characters: a NUL would reach PostgreSQL, which refuses it in text (a 500 instead of a status).
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;
const gameCode = z.string().check(z.minLength(1), z.maxLength(64), z.regex(NO_CONTROL_CHARACTERS));
const roundId = z.string().check(z.minLength(1), z.maxLength(128), z.regex(NO_CONTROL_CHARACTERS));
// Bounded by the domain's riel, not by 2^53 − 1: a larger amount made the wallet's `riel()` throw (HTTP
// 500); refused by the schema it is a body the protocol answers RS_ERROR_UNKNOWN (decision 0043).
const riel = rielSchema.check(z.minimum(0));
/** Any currency text is accepted here, so that a wrong one answers RS_ERROR_WRONG_CURRENCY, not UNKNOWN. */
const currency = z.string().check(z.maxLength(8));
/** What the report shows of a bet or a win (providers.md §8); stored as sent. */
const meta = z.optional(z.record(z.string(), z.unknown()));

export const walletBalanceRequestSchema = z.object({
  request_uuid: uuid,
  token,
  user,
  game_code: gameCode,
});
export type WalletBalanceRequest = z.infer<typeof walletBalanceRequestSchema>;

export const walletBetRequestSchema = z.object({
  request_uuid: uuid,
  transaction_uuid: uuid,
  token,
  user,
  game_code: gameCode,
  round_id: roundId,
  amount: riel,
  currency,
  meta,
});
export type WalletBetRequest = z.infer<typeof walletBetRequestSchema>;

export const walletWinRequestSchema = z.object({
  request_uuid: uuid,
  transaction_uuid: uuid,
  reference_transaction_uuid: uuid,
  token,
  user,
  game_code: gameCode,
  round_id: roundId,
  amount: riel,
  round_closed: z.boolean(),
  currency,
  meta,
});
export type WalletWinRequest = z.infer<typeof walletWinRequestSchema>;

export const walletRollbackRequestSchema = z.object({
  request_uuid: uuid,
  transaction_uuid: uuid,
  reference_transaction_uuid: uuid,
  token,
  user,
  game_code: gameCode,
  round_id: roundId,
});
export type WalletRollbackRequest = z.infer<typeof walletRollbackRequestSchema>;

/** Ours (decision 0011): the game page's one-time launch code exchanged for the session token. */
export const walletSessionRequestSchema = z.object({
  request_uuid: uuid,
  code: z.string().check(z.minLength(10), z.maxLength(255)),
});
export type WalletSessionRequest = z.infer<typeof walletSessionRequestSchema>;

/** The success body of balance, bet, win and rollback (the balance after the call). */
export const walletBalanceReplySchema = z.object({
  status: z.literal('RS_OK'),
  request_uuid: z.string(),
  user: z.string(),
  currency: z.literal('KHR'),
  balance: riel,
});
export type WalletBalanceReply = z.infer<typeof walletBalanceReplySchema>;

export const walletSessionReplySchema = z.object({
  status: z.literal('RS_OK'),
  request_uuid: z.string(),
  token: z.string(),
  user: z.string(),
  game_code: z.string(),
  currency: z.literal('KHR'),
  balance: riel,
  /** ISO time at which the session ends if no wallet call renews it. */
  expires_at: z.string(),
  /** Ours (decision 0042): the largest stake one `bet` may carry (`PROVIDER_MAX_BET`). */
  max_bet: riel,
});
export type WalletSessionReply = z.infer<typeof walletSessionReplySchema>;

/** A refusal; RS_ERROR_NOT_ENOUGH_MONEY carries the actual balance (Hub88). */
export const walletErrorReplySchema = z.object({
  status: z.enum(WALLET_STATUSES),
  request_uuid: z.optional(z.string()),
  user: z.optional(z.string()),
  currency: z.optional(z.literal('KHR')),
  balance: z.optional(riel),
});
export type WalletErrorReply = z.infer<typeof walletErrorReplySchema>;

export type WalletReply = WalletBalanceReply | WalletSessionReply | WalletErrorReply;
