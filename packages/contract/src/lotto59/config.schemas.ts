import { z } from 'zod/mini';
import { rielSchema } from '../common/money';

const riel = () => rielSchema.check(z.nonnegative());
/** Not money: multipliers, a percent and a count that share the jackpot block with the riel. */
const count = () => z.number().check(z.int(), z.nonnegative());
const hundredths = () => z.number().check(z.int(), z.positive());

/**
 * `GET /api/v1/lotto59/config`: the game's configuration as the server applies it, in the domain's
 * shapes (rates in hundredths, whole riel, seconds), so the board, the rules page and the server never
 * disagree when an operator changes a rate or a limit.
 */
export const lottoConfigSchema = z.object({
  rates: z.object({
    RANGE_1: hundredths(),
    RANGE_2: hundredths(),
    RANGE_3: hundredths(),
    RANGE_4: hundredths(),
    RANGE_5: hundredths(),
    RANGE_6: hundredths(),
    RANGE_7: hundredths(),
    NUMBER: hundredths(),
  }),
  limits: z.object({ minRiel: riel(), maxRiel: riel() }),
  jackpot: z.object({
    stakeRiel: riel(),
    tier3Multiplier: count(),
    tier2Multiplier: count(),
    poolSeedRiel: riel(),
    poolSharePercent: count(),
    linesPerPlayerRoundMax: count(),
  }),
  timing: z.object({
    openSeconds: z.object({ POLL_1: z.number(), POLL_2: z.number() }),
    releaseDelaySeconds: z.number(),
    releaseBallSeconds: z.number(),
    releaseTotalSeconds: z.number(),
  }),
});
export type LottoConfig = z.infer<typeof lottoConfigSchema>;
