import type { ErrorBody } from '@lotto59/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, validationError } from './app-error';

interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string | undefined;
  params?: { keys?: string[] } | Record<string, unknown>;
}

/** Zod issues → Laravel-style `errors`: one list of messages per field (`bets.0.amount`). */
function fieldErrors(issues: readonly ValidationIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
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
  return errors;
}

/** Maps every error to the wire shape `{ message, code }` through the contract's one code → status table. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return validationError(fieldErrors(error.validation as unknown as ValidationIssue[]));
  }
  const fe = error as Partial<FastifyError>;
  const status = fe.statusCode ?? 500;
  if (status === 404) return new AppError('NOT_FOUND');
  if (status === 429) return new AppError('TOO_MANY_ATTEMPTS');
  if (status >= 400 && status < 500) {
    return new AppError('BAD_REQUEST', undefined, { internal: fe.message });
  }
  return new AppError('INTERNAL', undefined, { internal: fe.message });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else if (appError.options.internal) {
      request.log.info({ code: appError.code, internal: appError.options.internal }, 'request refused');
    }
    const body: ErrorBody = { message: appError.message, code: appError.code };
    if (appError.options.errors) body.errors = appError.options.errors;
    void reply
      .code(appError.status)
      .headers(appError.options.headers ?? {})
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(body));
  });
}
