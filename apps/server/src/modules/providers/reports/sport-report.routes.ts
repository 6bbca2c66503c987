import {
  envelope,
  sportReportListSchema,
  sportReportQuerySchema,
  sportReportTotalQuerySchema,
  sportReportTotalSchema,
} from '@lotto59/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ReadDb } from '../../../db/read-db';
import type { Clock } from '../../../platform/clock';
import type { SessionCookies } from '../../auth/session.plugin';
import { SportReportService } from './sport-report.service';

/** `GET /api/report/sport` and `/api/report/sport/total` (providers.md §8), the caller's slips only. */
export function sportReportRoutes(deps: {
  reads: ReadDb;
  clock: Clock;
  timeZone: string;
  cookies: SessionCookies;
}) {
  const report = new SportReportService(deps.reads, deps.clock, deps.timeZone);
  return async (app: FastifyInstance) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.get(
      '/api/report/sport',
      {
        schema: {
          tags: ['reports'],
          querystring: sportReportQuerySchema,
          response: { 200: envelope(sportReportListSchema) },
        },
        onRequest: deps.cookies.requirePlayer,
      },
      async (request) => ({ data: await report.list(request.auth!.playerId, request.query) }),
    );
    typed.get(
      '/api/report/sport/total',
      {
        schema: {
          tags: ['reports'],
          querystring: sportReportTotalQuerySchema,
          response: { 200: envelope(sportReportTotalSchema) },
        },
        onRequest: deps.cookies.requirePlayer,
      },
      async (request) => ({ data: await report.total(request.auth!.playerId, request.query) }),
    );
  };
}
