/** The few driver errors the services react to, recognised the same way on both dialects. */

function codeOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

/** A unique index refused the row (SQLite SQLITE_CONSTRAINT_UNIQUE / PRIMARYKEY, PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * The transaction lost a race and may simply be run again: PostgreSQL serialization failure or deadlock,
 * SQLite busy (another process, such as the operator command line, holds the write lock).
 */
export function isRetryableConflict(error: unknown): boolean {
  const code = codeOf(error);
  return code === '40001' || code === '40P01' || (code?.startsWith('SQLITE_BUSY') ?? false);
}

/** Runs `work` again (a bounded number of times) when it fails with a retryable conflict. */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
      await new Promise((r) => setTimeout(r, 5 * attempt));
    }
  }
}

/** Network errors of a connection that could not be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's own codes for "not now": admin shutdown (57P01, a restart or `pg_ctl stop`), crash shutdown
 * (57P02), starting up or shutting down (57P03), too many connections (53300), a statement cancelled by
 * statement_timeout (57014). Class 08 (connection exception) is matched by prefix.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);

/** The driver's own words for a connection that failed or did not answer in time (pg and pg-pool). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'Client was closed and is not queryable',
];

/**
 * The database is down, restarting or did not answer in time (server mode): the request fails with 503
 * DATABASE_UNAVAILABLE and `Retry-After` instead of 500 (docs/decisions/0030-server-mode-failure-behaviour.md).
 * Looks into AggregateError's `errors` (a connection to every address of a host refused), not into `cause`:
 * a failed `fetch` to a provider carries ECONNREFUSED there, and is not the database.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const code = codeOf(error);
  if (code !== undefined) {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
      return true;
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
  const { errors } = error as { errors?: unknown };
  return Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1));
}
