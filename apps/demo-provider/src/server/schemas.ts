import { z } from 'zod/mini';
import { BACCARAT_BET_KINDS } from '../rules';

/* Every body and query the page may send, checked before anything reads it (src/api/game-api.ts shapes). */

const int = () => z.number().check(z.int());
const requestId = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,100}$/));

export const sessionRequestSchema = z.strictObject({
  provider: z.enum(['2', '3', '4', '5', 'sport']),
  code: z.string().check(z.minLength(1), z.maxLength(255)),
});

export const spinRequestSchema = z.strictObject({ line_bet: int(), request_id: requestId });

export const dealRequestSchema = z.strictObject({
  bets: z.array(z.strictObject({ type: z.enum(BACCARAT_BET_KINDS), amount: int() })).check(z.maxLength(10)),
  request_id: requestId,
});

export const historyQuerySchema = z.strictObject({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
});

/** `{client_seed}` sets the seed; `{rotate:true}` (optionally with a new client seed) rotates the pair. */
export const fairRequestSchema = z.union([
  z.strictObject({ rotate: z.literal(true), client_seed: z.optional(z.string()) }),
  z.strictObject({ client_seed: z.string() }),
]);

/* Demo League (src/api/game-api.ts PlaceSlipRequest): odds and lines are integers (hundredths, quarter goals). */
const slipLegSchema = z.strictObject({
  fixture_id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  market: z.enum(['1X2', 'AH', 'OU']),
  pick: z.enum(['HOME', 'DRAW', 'AWAY', 'OVER', 'UNDER']),
  line_quarters: z.optional(z.nullable(int().check(z.minimum(-40), z.maximum(40)))),
  odds: int().check(z.minimum(101), z.maximum(100_000)),
});

export const placeSlipRequestSchema = z.strictObject({
  request_id: requestId,
  type: z.enum(['SINGLE', 'PARLAY']),
  stake: int(),
  legs: z.array(slipLegSchema).check(z.minLength(1), z.maxLength(8)),
});

export const slipsQuerySchema = z.strictObject({
  status: z._default(z.enum(['open', 'settled']), 'open'),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 30),
});

export const fixtureIdParamsSchema = z.strictObject({
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)),
});

export const shotRequestSchema = z.strictObject({
  fish_id: int().check(z.minimum(0), z.maximum(1_000_000)),
  level: int(),
  request_id: requestId,
});
