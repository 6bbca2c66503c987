import type { Socket } from 'node:net';
import { ERROR_MESSAGE, ERROR_STATUS, type ErrorBody, type ErrorCode } from '@lotto59/contract';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/db-errors';
import { AppError, validationError } from './app-error';

/**
 * The `Retry-After` of 503 DATABASE_UNAVAILABLE: a restart of PostgreSQL takes seconds, and a client that
 * retries sooner only adds to the queue of failing requests.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string | undefined;
  params?: { keys?: string[] } | Record<string, unknown>;
}

/** Zod issues → Laravel-style `errors`: one list of messages per field (`bets.0.amount`). */
function fieldErrors(issues: readonly ValidationIssue[]): Record<string, string[]> {
  // A Map, not `{}`: field names come from the caller, and `constructor` or `__proto__` would find the
  // object's own prototype members.
  const errors = new Map<string, string[]>();
  const add = (field: string, message: string) => {
    const messages = errors.get(field) ?? [];
    messages.push(message);
    errors.set(field, messages);
  };
  for (const issue of issues) {
    const base = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const keys = (issue.params as { keys?: unknown }).keys;
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(keys)) {
      for (const key of keys)
        add(base ? `${base}.${String(key)}` : String(key), `The ${String(key)} field is not allowed.`);
    } else {
      add(base || 'request', issue.message ?? 'The value is invalid.');
    }
  }
  return Object.fromEntries(errors);
}

/**
 * Fastify's own errors (`FST_*`) by code → our code. Everything the framework refuses before a handler
 * runs answers in our shape with the contract's status: a request that cannot be read is 400
 * `BAD_REQUEST` (bad URL encoding, bad or empty JSON, a wrong content type or length, a path segment over
 * the router's limit), a body over the route's cap is 413 `PAYLOAD_TOO_LARGE`. A framework code missing
 * here falls back on its status class below, so a new Fastify error never leaks its own body.
 */
const FRAMEWORK_ERROR_CODES: Readonly<Record<string, ErrorCode>> = {
  FST_ERR_BAD_URL: 'BAD_REQUEST',
  FST_ERR_MAX_PARAM_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_NOT_FOUND: 'NOT_FOUND',
  // An async route constraint that failed is our fault, not the caller's.
  FST_ERR_ASYNC_CONSTRAINT: 'INTERNAL',
};

/**
 * The security headers of an answer: the table `plugins/security-headers.ts` builds once, passed in
 * (not imported) so that `errors/` depends on nothing above it.
 */
export interface AnswerHeaders {
  /** The strictest set, for an answer whose URL is unknown. */
  readonly api: Readonly<Record<string, string>>;
  of(method: string, url: string): Readonly<Record<string, string>>;
}

/** Maps every error to the wire shape `{ message, code }` through the contract's one code → status table. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationError(fieldErrors(error.validation as unknown as ValidationIssue[]));
  }
  const fe = error as Partial<FastifyError>;
  const known =
    fe.code !== undefined && Object.hasOwn(FRAMEWORK_ERROR_CODES, fe.code)
      ? FRAMEWORK_ERROR_CODES[fe.code]
      : undefined;
  if (known) return new AppError(known, undefined, { internal: `${fe.code}: ${fe.message}` });
  // PostgreSQL down, restarting or too slow: a stable 503 the client may retry, never a 500 or a hang.
  if (isDatabaseUnavailable(error)) {
    return new AppError('DATABASE_UNAVAILABLE', undefined, {
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
      internal: `${fe.code ?? ''} ${fe.message ?? ''}`.trim(),
    });
  }
  const status = fe.statusCode ?? 500;
  if (status === 404) return new AppError('NOT_FOUND');
  if (status === 429) return new AppError('TOO_MANY_ATTEMPTS');
  // A body over the route's `bodyLimit` (the content-type parser refuses it before the handler).
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE');
  if (status >= 400 && status < 500) {
    return new AppError('BAD_REQUEST', undefined, { internal: fe.message });
  }
  return new AppError('INTERNAL', undefined, { internal: fe.message });
}

/**
 * Writes one error answer: status from the contract's table, `{ message, code }` (+ `errors`), the
 * request id and the security headers. The headers are set here too, not only by the `onRequest` hooks,
 * because some answers never pass those hooks (routing failed, or a hook before them threw).
 */
function sendError(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  headers: AnswerHeaders,
): void {
  let appError: AppError;
  try {
    appError = toAppError(error);
  } catch (mappingError) {
    // A bug in the mapping must not hand the answer back to Fastify's own error body.
    request.log.error({ err: mappingError, cause: error }, 'error mapping failed');
    appError = new AppError('INTERNAL');
  }
  if (appError.code === 'DATABASE_UNAVAILABLE') {
    // One line, no stack: during an outage every request says the same.
    request.log.warn({ code: appError.code, internal: appError.options.internal }, 'database unavailable');
  } else if (appError.status >= 500) {
    request.log.error({ err: error }, 'request failed');
  } else if (appError.options.internal) {
    request.log.info({ code: appError.code, internal: appError.options.internal }, 'request refused');
  }
  const body: ErrorBody = { message: appError.message, code: appError.code };
  if (appError.options.errors) body.errors = appError.options.errors;
  if (appError.options.details) Object.assign(body, appError.options.details);
  void reply
    .code(appError.status)
    .headers(headers.of(request.method, request.url))
    .header('x-request-id', request.id)
    .headers(appError.options.headers ?? {})
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body));
}

/** The error handler of every route, the not-found handler and every hook. */
export function registerErrorHandler(app: FastifyInstance, headers: AnswerHeaders): void {
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply, headers));
}

/**
 * Fastify's `frameworkErrors` option: errors raised while routing (a path with broken percent-encoding,
 * a path segment over the limit), before any hook runs, answer through the same `sendError`.
 */
export function frameworkErrorHandler(
  headers: AnswerHeaders,
): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (error, request, reply) => sendError(error, request, reply, headers);
}

/**
 * Fastify's `clientErrorHandler` option: Node's HTTP parser refused the bytes (a broken request line,
 * headers over the size limit, a request that timed out), so there is no request object; the answer is
 * written on the socket by hand, still in our shape with the API's headers (the URL is unknown, so the
 * strictest set).
 */
export function clientErrorHandler(
  headers: AnswerHeaders,
): (error: Error & { code?: string }, socket: Socket) => void {
  return (error, socket) => {
    // A reset connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (socket.writable) {
      const status = ERROR_STATUS.BAD_REQUEST;
      const body = JSON.stringify({
        message: ERROR_MESSAGE.BAD_REQUEST,
        code: 'BAD_REQUEST',
      } satisfies ErrorBody);
      const answerHeaders = {
        ...headers.api,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        connection: 'close',
      };
      const head = Object.entries(answerHeaders).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`HTTP/1.1 ${status} Bad Request\r\n${head.join('')}\r\n${body}`);
    }
    socket.destroy(error);
  };
}
