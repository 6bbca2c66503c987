import {
  betReportQuerySchema,
  betReportSchema,
  envelope,
  jackpotWinnersSchema,
  pollSchema,
  printQuerySchema,
  printTicketSchema,
  setPollRequestSchema,
  ticketBadgeSchema,
  ticketListQuerySchema,
  ticketListSchema,
  ticketSearchQuerySchema,
  ticketSearchResultSchema,
} from '@lotto59/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionCookies } from '../../auth/session.plugin';
import type { JackpotService } from '../settlement/jackpot.service';
import type { PoolsService } from '../rounds/pools.service';
import type { ReportsService } from '../reports/reports.service';
import type { TicketsService } from './tickets.service';

/** Tickets, report, jackpot lookups, the player's pool and the printable ticket (seed §7). */
export function ticketsRoutes(deps: {
  tickets: TicketsService;
  reports: ReportsService;
  jackpot: JackpotService;
  pools: PoolsService;
  cookies: SessionCookies;
}) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const onRequest = deps.cookies.requirePlayer;
    const tags = ['lotto59'];

    r.get(
      '/api/v1/ticket/list',
      {
        schema: { tags, querystring: ticketListQuerySchema, response: { 200: envelope(ticketListSchema) } },
        onRequest,
      },
      async (request) => ({ data: await deps.tickets.list(request.auth!.playerId, request.query) }),
    );
    r.get(
      '/api/v1/ticket/badge',
      { schema: { tags, response: { 200: envelope(ticketBadgeSchema) } }, onRequest },
      async (request) => ({ data: await deps.tickets.badge(request.auth!.playerId) }),
    );
    r.get(
      '/api/bet/report',
      {
        schema: { tags, querystring: betReportQuerySchema, response: { 200: envelope(betReportSchema) } },
        onRequest,
      },
      async (request) => ({ data: await deps.reports.report(request.auth!.playerId, request.query) }),
    );
    r.get(
      '/api/jackpot/search',
      {
        schema: {
          tags,
          querystring: ticketSearchQuerySchema,
          response: { 200: envelope(ticketSearchResultSchema) },
        },
        onRequest,
      },
      async (request) => ({ data: await deps.tickets.search(request.auth!.playerId, request.query.id) }),
    );
    r.get(
      '/api/v1/jackpot/winner',
      { schema: { tags, response: { 200: envelope(jackpotWinnersSchema) } }, onRequest },
      async () => ({ data: await deps.jackpot.winners() }),
    );
    r.get(
      '/api/poll',
      { schema: { tags, response: { 200: envelope(pollSchema) } }, onRequest },
      async (request) => ({ data: { poll: await deps.pools.poolOf(request.auth!.playerId) } }),
    );
    for (const method of ['POST', 'PUT'] as const) {
      r.route({
        method,
        url: '/api/poll',
        schema: { tags, body: setPollRequestSchema, response: { 200: envelope(pollSchema) } },
        onRequest,
        handler: async (request) => ({
          data: { poll: await deps.pools.setPool(request.auth!.playerId, request.body.poll) },
        }),
      });
    }
    r.get(
      '/api/print',
      {
        schema: { tags, querystring: printQuerySchema, response: { 200: envelope(printTicketSchema) } },
        onRequest,
      },
      async (request) => ({ data: await deps.tickets.print(request.auth!.playerId, request.query) }),
    );
  };
}
