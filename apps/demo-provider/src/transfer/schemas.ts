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

// A status or balance answer is bound to its question by the echoed request_uuid (decision 0041), as the
// deposit's and the withdraw's are.
export const statusSchema = z.object({ request_uuid: id(), transfer_id: id() });

export const balanceSchema = z.object({ request_uuid: id(), user: user() });

export type DepositRequest = z.infer<typeof depositSchema>;
export type WithdrawRequest = z.infer<typeof withdrawSchema>;
