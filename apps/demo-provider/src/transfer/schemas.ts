import { z } from 'zod/mini';

/*
 * The bodies of the transfer wallet's calls (providers.md §4), read after the signature is checked. Unknown
 * extra fields are ignored (a caller may send more than the spec names); the named ones are strict.
 */

const positiveRiel = () => z.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER));
const id = () => z.string().check(z.minLength(1), z.maxLength(100));
const user = () => z.string().check(z.minLength(1), z.maxLength(64));

export const depositSchema = z.object({
  request_uuid: id(),
  transfer_id: id(),
  user: user(),
  amount: positiveRiel(),
  currency: z.string(),
});

export const withdrawSchema = z.union([
  z.object({ request_uuid: id(), transfer_id: id(), user: user(), all: z.literal(true) }),
  z.object({ request_uuid: id(), transfer_id: id(), user: user(), amount: positiveRiel() }),
]);

export const statusSchema = z.object({ transfer_id: id() });

export const balanceSchema = z.object({ user: user() });

export type DepositRequest = z.infer<typeof depositSchema>;
export type WithdrawRequest = z.infer<typeof withdrawSchema>;
