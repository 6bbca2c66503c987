import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod/mini';
import type { StudioContext } from '../play/context';
import { settleMagazinesOf } from '../fishing/play';
import { registerFishingRoutes } from '../fishing/routes';
import { GameError } from '../play/errors';
import { changeClientSeed, ensureSeedPair, fairStateOf, rotateSeedPair } from '../play/fair';
import { deal, history, spin } from '../play/rounds';
import { authenticate, me, openSession } from '../play/sessions';
import { fixtureView, verification } from '../sport/fixtures';
import { listSlips, placeSlip } from '../sport/slips';
import { openFixtures, recentFixtures } from '../sport/store';
import {
  dealRequestSchema,
  fairRequestSchema,
  fixtureIdParamsSchema,
  historyQuerySchema,
  placeSlipRequestSchema,
  sessionRequestSchema,
  slipsQuerySchema,
  spinRequestSchema,
} from './schemas';

/* The page-facing game API (src/api/game-api.ts) and the fairness endpoints, relative to /provider/demo. */

function parse<T>(schema: z.ZodMiniType<T>, value: unknown, code: 'INVALID_REQUEST' | 'INVALID_BET'): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new GameError(code, issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : undefined);
  }
  return result.data;
}

const isHostError = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as { status?: unknown }).status === 'number' &&
  typeof (error as { code?: unknown }).code === 'string' &&
  (error as { statusCode?: unknown }).statusCode === undefined;

export function registerGameRoutes(app: FastifyInstance, ctx: StudioContext): void {
  app.setErrorHandler((error, request, reply: FastifyReply) => {
    if (error instanceof GameError) return reply.status(error.status).send(error.toBody());
    // An error with its own HTTP status and code is the host's (mounted in the casino's server, its rate
    // limiter answers 429 from its hooks): thrown on, so the host's error handler answers it in its shape.
    if (isHostError(error)) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    // Fastify's own refusals (unparsable JSON, body too large) are the caller's fault and carry no detail.
    if (status !== undefined && status >= 400 && status < 500)
      return reply.status(400).send(new GameError('INVALID_REQUEST').toBody());
    request.log.error({ err: error }, 'demo provider: unexpected error');
    return reply.status(500).send({ code: 'INTERNAL', message: 'Something went wrong.' });
  });

  app.post('/api/session', async (request) => {
    const body = parse(sessionRequestSchema, request.body, 'INVALID_REQUEST');
    const opened = await openSession(ctx, body.provider, body.code);
    // Ocean Dragon, seamless: magazines an earlier page left open are settled, so this page starts whole.
    if (body.provider === '5') {
      await settleMagazinesOf(ctx, opened.user);
      return {
        ...opened,
        balance: (await me(ctx, await authenticate(ctx, `Bearer ${opened.session}`))).balance,
      };
    }
    return opened;
  });

  app.get('/api/me', async (request) => me(ctx, await authenticate(ctx, request.headers.authorization)));

  app.post('/api/slot/spin', async (request) => {
    const session = await authenticate(ctx, request.headers.authorization);
    return spin(ctx, session, parse(spinRequestSchema, request.body, 'INVALID_BET'));
  });

  app.post('/api/baccarat/deal', async (request) => {
    const session = await authenticate(ctx, request.headers.authorization);
    return deal(ctx, session, parse(dealRequestSchema, request.body, 'INVALID_BET'));
  });

  app.get('/api/history', async (request) => {
    const session = await authenticate(ctx, request.headers.authorization);
    const { limit } = parse(historyQuerySchema, request.query, 'INVALID_REQUEST');
    return history(ctx, session, limit);
  });

  app.get('/api/sport/fixtures', async (request) => {
    await authenticate(ctx, request.headers.authorization);
    const now = ctx.clock();
    const [open, recent] = await Promise.all([openFixtures(ctx.db, now), recentFixtures(ctx.db, now, 12)]);
    return { now: new Date(now).toISOString(), open: open.map(fixtureView), recent: recent.map(fixtureView) };
  });

  app.post('/api/sport/slips', async (request) => {
    const session = await authenticate(ctx, request.headers.authorization);
    return placeSlip(ctx, session, parse(placeSlipRequestSchema, request.body, 'INVALID_BET'));
  });

  app.get('/api/sport/slips', async (request) => {
    const session = await authenticate(ctx, request.headers.authorization);
    const { status, limit } = parse(slipsQuerySchema, request.query, 'INVALID_REQUEST');
    return listSlips(ctx, session, status, limit);
  });

  // Public, like the commitments it checks: anyone may re-derive a result from the published fixture.
  app.get('/api/sport/verify/:id', async (request, reply) => {
    const { id } = parse(fixtureIdParamsSchema, request.params, 'INVALID_REQUEST');
    const found = await verification(ctx, id);
    if (found === null) return reply.status(404).send({ code: 'NOT_FOUND', message: 'No such fixture.' });
    return found;
  });
  registerFishingRoutes(app, ctx);

  app.get('/fair', async (request) => {
    const session = await authenticate(ctx, request.headers.authorization);
    return fairStateOf(await ensureSeedPair(ctx, session.user_id, session.provider));
  });

  app.post('/fair', async (request) => {
    const session = await authenticate(ctx, request.headers.authorization);
    const body = parse(fairRequestSchema, request.body, 'INVALID_REQUEST');
    return 'rotate' in body
      ? rotateSeedPair(ctx, session.user_id, session.provider, body.client_seed)
      : changeClientSeed(ctx, session.user_id, session.provider, body.client_seed);
  });
}
