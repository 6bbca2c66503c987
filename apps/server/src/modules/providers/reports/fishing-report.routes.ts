import {
  fishingReportListSchema,
  fishingReportQuerySchema,
  fishingReportTotalQuerySchema,
  fishingReportTotalSchema,
  envelope,
} from '@lotto59/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ReadDb } from '../../../db/read-db';
import type { Clock } from '../../../platform/clock';
import type { SessionCookies } from '../../auth/session.plugin';
import { FishingReportService } from './fishing-report.service';

/** `GET /api/report/fishing` and `/api/report/fishing/total` (providers.md §8), the caller's fishing sessions only. */
export function fishingReportRoutes(deps: {
  reads: ReadDb;
  clock: Clock;
  timeZone: string;
  cookies: SessionCookies;
}) {
  const report = new FishingReportService(deps.reads, deps.clock, deps.timeZone);
  return async (app: FastifyInstance) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.get(
      '/api/report/fishing',
      {
        schema: {
          tags: ['reports'],
          querystring: fishingReportQuerySchema,
          response: { 200: envelope(fishingReportListSchema) },
        },
        onRequest: deps.cookies.requirePlayer,
      },
      async (request) => ({ data: await report.list(request.auth!.playerId, request.query) }),
    );
    typed.get(
      '/api/report/fishing/total',
      {
        schema: {
          tags: ['reports'],
          querystring: fishingReportTotalQuerySchema,
          response: { 200: envelope(fishingReportTotalSchema) },
        },
        onRequest: deps.cookies.requirePlayer,
      },
      async (request) => ({ data: await report.total(request.auth!.playerId, request.query) }),
    );
  };
}
