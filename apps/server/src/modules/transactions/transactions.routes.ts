import { envelope, transactionListQuerySchema, transactionListSchema } from '@lotto59/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionCookies } from '../auth/session.plugin';
import type { TransactionsService } from './transactions.service';

export function transactionsRoutes(deps: { transactions: TransactionsService; cookies: SessionCookies }) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/transaction/list',
      {
        schema: {
          tags: ['transactions'],
          querystring: transactionListQuerySchema,
          response: { 200: envelope(transactionListSchema) },
        },
        onRequest: deps.cookies.requirePlayer,
      },
      async (request) => ({ data: await deps.transactions.list(request.auth!.playerId, request.query) }),
    );
  };
}
