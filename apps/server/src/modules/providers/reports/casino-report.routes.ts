import {
  casinoReportListSchema,
  casinoReportQuerySchema,
  casinoReportTotalQuerySchema,
  casinoReportTotalSchema,
  envelope,
} from '@lotto59/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ReadDb } from '../../../db/read-db';
import type { Clock } from '../../../platform/clock';
import type { SessionCookies } from '../../auth/session.plugin';
import { CasinoReportService } from './casino-report.service';

/** `GET /api/report/casino` and `/api/report/casino/total` (providers.md §8), the caller's rounds only. */
export function casinoReportRoutes(deps: {
  reads: ReadDb;
  clock: Clock;
  timeZone: string;
  cookies: SessionCookies;
}) {
  const report = new CasinoReportService(deps.reads, deps.clock, deps.timeZone);
  return async (app: FastifyInstance) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.get(
      '/api/report/casino',
      {
        schema: {
          tags: ['reports'],
          querystring: casinoReportQuerySchema,
          response: { 200: envelope(casinoReportListSchema) },
        },
        onRequest: deps.cookies.requirePlayer,
      },
      async (request) => ({ data: await report.list(request.auth!.playerId, request.query) }),
    );
    typed.get(
      '/api/report/casino/total',
      {
        schema: {
          tags: ['reports'],
          querystring: casinoReportTotalQuerySchema,
          response: { 200: envelope(casinoReportTotalSchema) },
        },
        onRequest: deps.cookies.requirePlayer,
      },
      async (request) => ({ data: await report.total(request.auth!.playerId, request.query) }),
    );
  };
}
