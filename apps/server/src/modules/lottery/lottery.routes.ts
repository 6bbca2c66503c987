import {
  envelope,
  lotteryBetRequestSchema,
  lotteryBetSchema,
  lotteryDeleteItemSchema,
  lotteryDeleteTicketSchema,
  lotteryHidePayoutSchema,
  lotteryIdParamsSchema,
  lotteryItemsQuerySchema,
  lotteryLoadQuerySchema,
  lotteryLoadSchema,
  lotteryPayoutListSchema,
  lotteryPayoutQuerySchema,
  lotteryResultSchema,
  lotteryResultTimeQuerySchema,
  lotteryResultTimeSchema,
  lotteryTicketItemsSchema,
  lotteryTicketListQuerySchema,
  lotteryTicketListSchema,
  lotteryTimeoutSchema,
  lotteryTotalQuerySchema,
  lotteryTotalSchema,
} from '@lotto59/contract';
import { lotteryBetTypesAtOrAbove100, parseLocalDate, type LocalDate } from '@lotto59/domain';
import type { FastifyInstance, onRequestHookHandler, preValidationAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, validationError } from '../../errors/app-error';
import type { SessionCookies } from '../auth/session.plugin';
import { maintenanceGate } from '../maintenance/maintenance.gate';
import type { MaintenanceService } from '../maintenance/maintenance.service';
import type { PlayersService } from '../players/players.service';
import type { Lottery } from './lottery.module';

/**
 * Every ticket lottery call of seed §7 (wire shapes of lottery.md §6); its worker is started and stopped by
 * the app (app.ts). Every call needs a player whose `enableLottery` flag is on (403 `LOTTERY_DISABLED` otherwise,
 * decided before the request is validated, read or written).
 */
export function lotteryRoutes(deps: {
  lottery: Lottery;
  players: PlayersService;
  maintenance: MaintenanceService;
  cookies: SessionCookies;
}) {
  const { lottery, cookies } = deps;
  const lotteryEnabled: preValidationAsyncHookHandler = async (request) => {
    const player = await deps.players.byId(request.auth!.playerId);
    if (player.enable_lottery !== 1) throw new AppError('LOTTERY_DISABLED');
  };
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const onRequest: onRequestHookHandler[] = [cookies.requirePlayer];
    const preValidation = lotteryEnabled;
    const tags = ['lottery'];
    const playerId = (request: { auth: { playerId: number } | null }) => request.auth!.playerId;

    r.get(
      '/api/lottery/result/time',
      {
        schema: {
          tags,
          querystring: lotteryResultTimeQuerySchema,
          response: { 200: envelope(lotteryResultTimeSchema) },
        },
        onRequest,
        preValidation,
      },
      async (request) => {
        let date: LocalDate | undefined;
        if (request.query.date !== undefined) {
          const parsed = parseLocalDate(request.query.date);
          if (!parsed.ok) throw validationError({ date: ['The date is not a valid date.'] });
          date = parsed.value;
        }
        return { data: await lottery.draws.resultTime(request.query.type, date) };
      },
    );
    r.get(
      '/api/lottery/result/timeout',
      { schema: { tags, response: { 200: envelope(lotteryTimeoutSchema) } }, onRequest, preValidation },
      async () => ({ data: await lottery.draws.timeout() }),
    );
    r.get(
      '/api/lottery/result/:id',
      {
        schema: { tags, params: lotteryIdParamsSchema, response: { 200: envelope(lotteryResultSchema) } },
        onRequest,
        preValidation,
      },
      async (request) => ({ data: await lottery.draws.result(request.params.id) }),
    );
    r.get(
      '/api/lottery/ticket/load',
      {
        schema: { tags, querystring: lotteryLoadQuerySchema, response: { 200: envelope(lotteryLoadSchema) } },
        onRequest,
        preValidation,
      },
      async (request) => ({ data: await lottery.tickets.load(playerId(request), request.query.type) }),
    );
    r.post(
      '/api/lottery/ticket/bet',
      {
        schema: { tags, body: lotteryBetRequestSchema, response: { 200: envelope(lotteryBetSchema) } },
        // Maintenance answers 503 before anything else, as lotto 59's bets (decisions §6).
        onRequest: [maintenanceGate(deps.maintenance), ...onRequest],
        preValidation,
      },
      async (request) => ({ data: await lottery.bets.bet(playerId(request), request.body) }),
    );
    r.delete(
      '/api/lottery/ticket/delete/:id',
      {
        schema: {
          tags,
          params: lotteryIdParamsSchema,
          response: { 200: envelope(lotteryDeleteTicketSchema) },
        },
        onRequest,
        preValidation,
      },
      async (request) => ({ data: await lottery.bets.deleteTicket(playerId(request), request.params.id) }),
    );
    r.delete(
      '/api/lottery/ticket/delete/item/:id',
      {
        schema: { tags, params: lotteryIdParamsSchema, response: { 200: envelope(lotteryDeleteItemSchema) } },
        onRequest,
        preValidation,
      },
      async (request) => ({ data: await lottery.bets.deleteItem(playerId(request), request.params.id) }),
    );
    r.delete(
      '/api/lottery/ticket/delete/payout/item/:id',
      {
        schema: { tags, params: lotteryIdParamsSchema, response: { 200: envelope(lotteryHidePayoutSchema) } },
        onRequest,
        preValidation,
      },
      async (request) => ({ data: await lottery.bets.hidePayoutItem(playerId(request), request.params.id) }),
    );
    r.get(
      '/api/lottery/ticket/payout',
      {
        schema: {
          tags,
          querystring: lotteryPayoutQuerySchema,
          response: { 200: envelope(lotteryPayoutListSchema) },
        },
        onRequest,
        preValidation,
      },
      async (request) => ({ data: await lottery.tickets.payouts(playerId(request), request.query) }),
    );
    r.get(
      '/api/lottery/ticket/list',
      {
        schema: {
          tags,
          querystring: lotteryTicketListQuerySchema,
          response: { 200: envelope(lotteryTicketListSchema) },
        },
        onRequest,
        preValidation,
      },
      async (request) => ({ data: await lottery.tickets.list(playerId(request), request.query) }),
    );
    r.get(
      '/api/lottery/ticket/total',
      {
        schema: {
          tags,
          querystring: lotteryTotalQuerySchema,
          response: { 200: envelope(lotteryTotalSchema) },
        },
        onRequest,
        preValidation,
      },
      async (request) => ({ data: await lottery.tickets.total(playerId(request), request.query) }),
    );
    r.get(
      '/api/lottery/ticket/items',
      {
        schema: {
          tags,
          querystring: lotteryItemsQuerySchema,
          response: { 200: envelope(lotteryTicketItemsSchema) },
        },
        onRequest,
        preValidation,
      },
      async (request) => ({ data: await lottery.tickets.items(playerId(request), request.query.id) }),
    );

    // lottery.md §4: say at start when a bet type returns 100 % or more with the configured prices and rate.
    const overpaying = lotteryBetTypesAtOrAbove100(lottery.settings.pricing);
    if (overpaying.length > 0) {
      app.addHook('onReady', async () =>
        app.log.warn(
          { types: overpaying },
          'lottery: these bet types return 100 % or more (see `ops lottery rtp`)',
        ),
      );
    }
  };
}
