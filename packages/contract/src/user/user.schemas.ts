import { z } from 'zod/mini';
import { rielSchema } from '../common/money';

/** The user detail of seed §3, served by `GET /api/user` inside `{ "data": … }`. */
export const userDetailSchema = z.object({
  auth: z.object({ id: z.number().check(z.int()), username: z.string() }),
  /** Whole riel, from the ledger. */
  balance: rielSchema,
  setting: z.object({ enabled_poll_1: z.boolean() }),
  enableFastGamePlay: z.boolean(),
  /** 1 while a transfer to a provider game is in flight (decisions §5), else 0. */
  is_loading: z.union([z.literal(0), z.literal(1)]),
  enableLottery: z.boolean(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;
