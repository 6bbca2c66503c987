import type { ErrorCode } from '@lotto59/contract';
import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import { toAppError } from '../errors/error-handler';

/**
 * 4xx statuses worth a line whatever their code: authentication refused (401 no session, 403, 411
 * replaced, 419 expired or CSRF) and rate limits (429). A 503 (busy, maintenance) is thrown, so the
 * error handler logs it.
 */
const LOGGED_STATUSES: ReadonlySet<number> = new Set([401, 403, 411, 419, 429]);
/** 422s worth a line: a login refused, and money refused. Other 422s are a form's ordinary answer. */
const LOGGED_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'INVALID_CREDENTIALS',
  'INSUFFICIENT_FUNDS',
  'IDEMPOTENCY_KEY_REUSED',
]);

/**
 * Fastify's own request lines: off (`registerRequestLog` writes the ones worth reading), and its line
 * per request refused while the server closes at `debug` (under load that is one line per request for
 * the length of the shutdown, which the "shutting down" line already explains).
 */
export class RequestLogController extends LogController {
  constructor() {
    super({ disableRequestLogging: true });
  }

  override serviceUnavailable(logger: FastifyBaseLogger): void {
    logger.debug({ res: { statusCode: 503 } }, 'request refused: the server is closing');
  }
}

/**
 * The request log, in one place (docs/operations.md, "Logs"). Fastify's line per request is off
 * (RequestLogController): at thousands of bets a second it is most of the server's output and a real
 * share of its CPU. Instead, one structured line per response that an operator wants to see:
 *
 * - a refusal of interest (LOGGED_STATUSES, LOGGED_CODES), at `info`, with its error code;
 * - a request slower than `slowRequestMs`, at `warn`;
 * - a 5xx that no error explains (the error handler already logs every thrown 5xx, with its stack, so
 *   that one stays its only line).
 *
 * The error code comes from the `onError` hook (the same mapping as the error handler), so nothing is
 * parsed back from the body. Successful fast requests cost one comparison.
 */
export function registerRequestLog(app: FastifyInstance, options: { slowRequestMs: number }): void {
  const failures = new WeakMap<FastifyRequest, ErrorCode>();

  app.addHook('onError', (request, _reply, error, done) => {
    failures.set(request, toAppError(error).code);
    done();
  });

  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    if (status < 400 && ms < options.slowRequestMs) return done();
    const code = failures.get(request);
    const line = {
      method: request.method,
      route: request.routeOptions.url,
      url: request.url,
      status,
      code,
      ms: Math.round(ms),
    };
    if (ms >= options.slowRequestMs) request.log.warn(line, 'slow request');
    else if (status >= 500) {
      // A thrown 5xx was logged by the error handler, with its stack: one line per error, not two.
      if (code === undefined) request.log.error(line, 'request failed');
    } else if (LOGGED_STATUSES.has(status) || (code !== undefined && LOGGED_CODES.has(code))) {
      request.log.info(line, 'request refused');
    }
    done();
  });
}
