import { z } from 'zod/mini';
import { localDateSchema, pageMetaSchema, pageQuerySchema } from '../common/envelope';

export const TRANSACTION_TYPES = ['deposit', 'withdraw'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

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
  /** Whole riel, always positive; `type` says the direction. */
  amount: z.number().check(z.int()),
  /** The player's balance right after this movement. */
  balance_after: z.number().check(z.int()),
  note: z.nullable(z.string()),
  created_at: z.string(),
});
export type TransactionRecord = z.infer<typeof transactionRecordSchema>;

export const transactionListSchema = z.object({
  items: z.array(transactionRecordSchema),
  meta: pageMetaSchema,
  /** Sum of `amount` over every row matching the filter (all pages). */
  total_amount: z.number().check(z.int()),
});
export type TransactionList = z.infer<typeof transactionListSchema>;
