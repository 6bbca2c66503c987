import { z } from 'zod/mini';
import { POOLS } from '@lotto59/domain';
import { lottoConfigSchema } from '../lotto59/config.schemas';
import { userDetailSchema } from '../user/user.schemas';

/**
 * What the lotto 59 board needs first, carried by the login's answer (issue 26, decision 0053): the pool the
 * server keeps for the player (what `GET /api/poll` answers) and the game's configuration (what
 * `GET /api/v1/lotto59/config` answers, the rates the board shows). On 3G each of those calls was a round trip
 * after the login's own; with them in the answer the board's first screen asks nothing before it is usable.
 */
export const loginBoardSchema = z.object({
  poll: z.enum(POOLS),
  config: lottoConfigSchema,
});
export type LoginBoard = z.infer<typeof loginBoardSchema>;

/**
 * `POST /login`'s `data`: the user detail of seed §3 (`GET /api/user`'s shape, unchanged for readers that know
 * only it) with `board` beside its fields. Optional: a client that does not use it loses nothing.
 */
export const loginAnswerSchema = z.extend(userDetailSchema, { board: z.optional(loginBoardSchema) });
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;
