import type { FastifyInstance } from 'fastify';
import type { z } from 'zod/mini';
import type { StudioContext } from '../play/context';
import { GameError } from '../play/errors';
import { authenticate } from '../play/sessions';
import { historyQuerySchema, shotRequestSchema } from '../server/schemas';
import { exitFishing, fishingHistory, liveFish, shoot } from './play';

/*
 * Ocean Dragon's page API, relative to /provider/demo: the live fish, a shot, leaving, and the shots' history
 * for the fairness check. Registered on the game routes' instance, so their error handler answers refusals.
 */

function parse<T>(schema: z.ZodMiniType<T>, value: unknown, code: 'INVALID_REQUEST' | 'INVALID_BET'): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new GameError(code, issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : undefined);
  }
  return result.data;
}

export function registerFishingRoutes(app: FastifyInstance, ctx: StudioContext): void {
  app.get('/api/fishing/fish', async (request) =>
    liveFish(ctx, await authenticate(ctx, request.headers.authorization)),
  );

  app.post('/api/fishing/shoot', async (request) => {
    const session = await authenticate(ctx, request.headers.authorization);
    return shoot(ctx, session, parse(shotRequestSchema, request.body, 'INVALID_BET'));
  });

  app.post('/api/fishing/exit', async (request) =>
    exitFishing(ctx, await authenticate(ctx, request.headers.authorization)),
  );

  app.get('/api/fishing/history', async (request) => {
    const session = await authenticate(ctx, request.headers.authorization);
    const { limit } = parse(historyQuerySchema, request.query, 'INVALID_REQUEST');
    return fishingHistory(ctx, session, limit);
  });
}
