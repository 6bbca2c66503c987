import { Readable } from 'node:stream';
import {
  envelope,
  statementCsvQuerySchema,
  statementQuerySchema,
  statementSchema,
  type StatementCsvQuery,
  type StatementRow,
} from '@lotto59/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionCookies } from '../auth/session.plugin';
import { csvHeader, csvLine } from './statement.csv';
import type { StatementService } from './statement.service';

export function statementRoutes(deps: {
  statement: StatementService;
  cookies: SessionCookies;
  timeZone: string;
}) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/api/statement',
      {
        schema: {
          tags: ['statement'],
          querystring: statementQuerySchema,
          response: { 200: envelope(statementSchema) },
        },
        onRequest: deps.cookies.requirePlayer,
      },
      async (request) => ({ data: await deps.statement.list(request.auth!.playerId, request.query) }),
    );
    routes.get(
      '/api/statement.csv',
      {
        schema: {
          tags: ['statement'],
          description:
            'The statement as CSV (UTF-8 with BOM, CRLF lines, headers in `lang`), written as it is read. ' +
            'Both dates are required and at most 366 days apart.',
          querystring: statementCsvQuerySchema,
          // No response schema: the body is a stream, never serialized (the OpenAPI document says text/csv).
          produces: ['text/csv'],
        },
        onRequest: deps.cookies.requirePlayer,
      },
      async (request, reply) => {
        const query = request.query;
        // The range and the account are checked here, before the first byte: a refusal is still a 422.
        const rows = await deps.statement.csvRows(request.auth!.playerId, query);
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="statement-${query.from}-${query.to}.csv"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(csvText(rows, query, deps.timeZone)));
      },
    );
  };
}

/** The file's text, a batch of rows at a time (never the whole file in memory). */
async function* csvText(rows: AsyncIterable<StatementRow>, query: StatementCsvQuery, timeZone: string) {
  yield csvHeader(query.lang);
  let chunk = '';
  for await (const row of rows) {
    chunk += csvLine(row, query.lang, timeZone);
    if (chunk.length > 16_384) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
