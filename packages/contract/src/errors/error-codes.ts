/**
 * The closed set of error codes the API answers with, and the one code → HTTP status table.
 * Wire shape of every error: `{ "message": string, "code": ErrorCode }` (plus `errors` for validation).
 * Each code is documented in docs/api/errors.md; the web maps codes, never free text.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 422,
  BAD_REQUEST: 400,
  PAYLOAD_TOO_LARGE: 413,
  INVALID_CREDENTIALS: 422,
  UNAUTHENTICATED: 401,
  SESSION_REPLACED: 411,
  CSRF_TOKEN_MISMATCH: 419,
  SESSION_EXPIRED: 419,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  TOO_MANY_ATTEMPTS: 429,
  RATE_LIMITED: 429,
  INSUFFICIENT_FUNDS: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  // Lotto 59 bet refusals (seed §5): the client maps their exact messages.
  BET_AMOUNT_TOO_LOW: 422,
  BET_AMOUNT_TOO_HIGH: 422,
  BETTING_CLOSED: 422,
  ROUND_NOT_OPEN: 422,
  JACKPOT_LINE_LIMIT: 422,
  POOL_NOT_ENABLED: 403,
  MAINTENANCE: 503,
  // A money write queue is full (WRITE_QUEUE_MAX_DEPTH): nothing was written; `Retry-After` says when to retry.
  BUSY: 503,
  // Server mode: PostgreSQL is down, restarting or unreachable; nothing was written; `Retry-After` says when to retry.
  DATABASE_UNAVAILABLE: 503,
  INTERNAL: 500,
  // Ticket lottery refusals (lottery.md §4–§5); amount, money and cut-off reuse the lotto 59 codes above.
  INVALID_POST: 422,
  INVALID_NUMBERS: 422,
  TOO_MANY_NUMBERS: 422,
  NO_ITEMS: 422,
  TOO_MANY_ITEMS: 422,
  INVALID_AMOUNT: 422,
  NUMBER_EXPOSURE_LIMIT: 422,
  LOTTERY_DISABLED: 403,
  NOT_SETTLED: 409,
  // Fishing sessions and the transfer wallet (providers.md §4, §5).
  TRANSFER_IN_FLIGHT: 409,
  TRANSFER_TOO_SMALL: 422,
  NO_SESSION: 409,
  // Responsible gaming (responsible-gaming.md §3, §4): a player's own limit, break or self-exclusion.
  LIMIT_REACHED: 422,
  ON_BREAK: 403,
  SELF_EXCLUDED: 403,
  NOT_YET: 409,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/**
 * The only other statuses a code may answer with, where the spec fixes one on a route: providers.md §4 answers
 * `GET /api/fishing/token` without an ACTIVE session with 404 NO_SESSION, while §5's launch answers 409.
 */
export const ERROR_STATUS_ALSO: { readonly [C in ErrorCode]?: readonly number[] } = { NO_SESSION: [404] };
