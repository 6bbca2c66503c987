import { z } from 'zod/mini';
import { localDateSchema, pageMetaSchema, pageQuerySchema } from '../common/envelope';
import { rielSchema } from '../common/money';

export const TRANSACTION_TYPES = ['deposit', 'withdraw'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/**
 * What a history row is, for the app to name in the player's language (the server's `note` is free text for
 * operators): a deposit or withdrawal at the cashier, or the opening balance the system deposits when an
 * account is made (the demo player's, an operator-created player's `--balance`).
 */
export const TRANSACTION_KINDS = ['deposit', 'withdraw', 'opening_balance'] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** `GET /api/transaction/list`: the caller's own deposits or withdrawals, newest first. */
export const transactionListQuerySchema = z.strictObject({
  type: z.enum(TRANSACTION_TYPES),
  from: z.optional(localDateSchema),
  to: z.optional(localDateSchema),
  ...pageQuerySchema,
});
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

export const transactionRecordSchema = z.object({
  id: z.number().check(z.int()),
  type: z.enum(TRANSACTION_TYPES),
  kind: z.enum(TRANSACTION_KINDS),
  /** Whole riel, always positive; `type` says the direction. */
  amount: rielSchema,
  /** The player's balance right after this movement. */
  balance_after: rielSchema,
  /** The operator's note on a cashier movement; null on the system's own (their note is for operators). */
  note: z.nullable(z.string()),
  created_at: z.string(),
});
export type TransactionRecord = z.infer<typeof transactionRecordSchema>;

export const transactionListSchema = z.object({
  items: z.array(transactionRecordSchema),
  meta: pageMetaSchema,
  /** Sum of `amount` over every row matching the filter (all pages). */
  total_amount: rielSchema,
});
export type TransactionList = z.infer<typeof transactionListSchema>;
