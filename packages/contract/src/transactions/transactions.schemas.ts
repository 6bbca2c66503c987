import { z } from 'zod';
import { localDateSchema, pageMetaSchema, pageQuerySchema } from '../common/envelope';

export const TRANSACTION_TYPES = ['deposit', 'withdraw'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** `GET /api/transaction/list`: the caller's own deposits or withdrawals, newest first. */
export const transactionListQuerySchema = z.strictObject({
  type: z.enum(TRANSACTION_TYPES),
  from: localDateSchema.optional(),
  to: localDateSchema.optional(),
  ...pageQuerySchema,
});
export type TransactionListQuery = z.infer<typeof transactionListQuerySchema>;

export const transactionRecordSchema = z.object({
  id: z.number().int(),
  type: z.enum(TRANSACTION_TYPES),
  /** Whole riel, always positive; `type` says the direction. */
  amount: z.number().int(),
  /** The player's balance right after this movement. */
  balance_after: z.number().int(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type TransactionRecord = z.infer<typeof transactionRecordSchema>;

export const transactionListSchema = z.object({
  items: z.array(transactionRecordSchema),
  meta: pageMetaSchema,
  /** Sum of `amount` over every row matching the filter (all pages). */
  total_amount: z.number().int(),
});
export type TransactionList = z.infer<typeof transactionListSchema>;
