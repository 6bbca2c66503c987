import {
  envelope,
  idempotencyKeyHeaderSchema,
  placeBetRequestSchema,
  placeBetResponseSchema,
  placeJackpotRequestSchema,
} from '@lotto59/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionCookies } from '../../auth/session.plugin';
import type { MaintenanceService } from '../../maintenance/maintenance.service';
import type { BetsService } from './bets.service';
import { maintenanceGate } from '../../maintenance/maintenance.gate';

/**
 * `POST /api/bet` and `POST /api/bet/jackpot`: header `Idempotency-Key` (a client UUID) required; a
 * replay answers the first answer. Maintenance answers 503 before anything else is looked at.
 */
export function betsRoutes(deps: {
  bets: BetsService;
  maintenance: MaintenanceService;
  cookies: SessionCookies;
}) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const onRequest = [maintenanceGate(deps.maintenance), deps.cookies.requirePlayer];

    r.post(
      '/api/bet',
      {
        schema: {
          tags: ['lotto59'],
          headers: idempotencyKeyHeaderSchema,
          body: placeBetRequestSchema,
          response: { 200: envelope(placeBetResponseSchema) },
        },
        onRequest,
      },
      async (request) => ({
        data: await deps.bets.place(request.auth!.playerId, request.headers['idempotency-key'], request.body),
      }),
    );

    r.post(
      '/api/bet/jackpot',
      {
        schema: {
          tags: ['lotto59'],
          headers: idempotencyKeyHeaderSchema,
          body: placeJackpotRequestSchema,
          response: { 200: envelope(placeBetResponseSchema) },
        },
        onRequest,
      },
      async (request) => ({
        data: await deps.bets.placeJackpot(
          request.auth!.playerId,
          request.headers['idempotency-key'],
          request.body,
        ),
      }),
    );
  };
}
