import {
  envelope,
  type LottoConfig,
  lottoConfigSchema,
  numberStatsSchema,
  playingRoundSchema,
  pollQuerySchema,
  recentResultsSchema,
  releasingRoundSchema,
  resultGridSchema,
  resultHistoryPageSchema,
  resultHistoryQuerySchema,
} from '@lotto59/contract';
import type { Pool } from '@lotto59/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionCookies } from '../../auth/session.plugin';
import type { Lotto59Settings } from '../lotto59.settings';
import type { PoolsService } from '../rounds/pools.service';
import type { ResultsService } from './results.service';

/**
 * `GET /api/v1/lotto59/config`'s answer: the settings in the contract's shape (also carried by the login's
 * answer, decision 0053).
 */
export function lottoConfigOf(settings: Lotto59Settings): LottoConfig {
  const seconds = (ms: number) => ms / 1000;
  const { rates, limits, jackpot, openMs } = settings;
  return {
    rates,
    limits,
    jackpot,
    timing: {
      openSeconds: { POLL_1: seconds(openMs.POLL_1), POLL_2: seconds(openMs.POLL_2) },
      releaseDelaySeconds: seconds(settings.releaseDelayMs),
      releaseBallSeconds: seconds(settings.ballIntervalMs),
      releaseTotalSeconds: seconds(settings.releaseTotalMs),
    },
  };
}

/** The result calls of seed §7; `?poll=` picks the stream, else the player's own pool (`/api/poll`). */
export function resultsRoutes(deps: {
  results: ResultsService;
  pools: PoolsService;
  cookies: SessionCookies;
  settings: Lotto59Settings;
}) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const onRequest = deps.cookies.requirePlayer;
    const poolOf = (request: FastifyRequest, poll: Pool | undefined) =>
      poll ? Promise.resolve(poll) : deps.pools.poolOf(request.auth!.playerId);
    const tags = ['lotto59'];

    const config = lottoConfigOf(deps.settings);
    r.get(
      '/api/v1/lotto59/config',
      { schema: { tags, response: { 200: envelope(lottoConfigSchema) } }, onRequest },
      async () => ({ data: config }),
    );
    r.get(
      '/api/v1/lotto59/stats',
      {
        schema: { tags, querystring: pollQuerySchema, response: { 200: envelope(numberStatsSchema) } },
        onRequest,
      },
      async (request) => ({
        data: await deps.results.numberStats(await poolOf(request, request.query.poll)),
      }),
    );
    r.get(
      '/api/result/history',
      {
        schema: { tags, querystring: pollQuerySchema, response: { 200: envelope(resultGridSchema) } },
        onRequest,
      },
      async (request) => ({ data: await deps.results.grid(await poolOf(request, request.query.poll)) }),
    );
    r.get(
      '/api/v1/result/recent',
      {
        schema: { tags, querystring: pollQuerySchema, response: { 200: envelope(recentResultsSchema) } },
        onRequest,
      },
      async (request) => ({ data: await deps.results.recent(await poolOf(request, request.query.poll)) }),
    );
    r.get(
      '/api/v1/result/history',
      {
        schema: {
          tags,
          querystring: resultHistoryQuerySchema,
          response: { 200: envelope(resultHistoryPageSchema) },
        },
        onRequest,
      },
      async (request) => ({
        data: await deps.results.history(await poolOf(request, request.query.poll), request.query),
      }),
    );
    r.get(
      '/api/v1/result/playing',
      {
        schema: { tags, querystring: pollQuerySchema, response: { 200: envelope(playingRoundSchema) } },
        onRequest,
      },
      async (request) => ({ data: await deps.results.playing(await poolOf(request, request.query.poll)) }),
    );
    r.get(
      '/api/v1/result/releasing',
      {
        schema: { tags, querystring: pollQuerySchema, response: { 200: envelope(releasingRoundSchema) } },
        onRequest,
      },
      async (request) => ({ data: await deps.results.releasing(await poolOf(request, request.query.poll)) }),
    );
  };
}
