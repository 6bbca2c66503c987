import {
  BET_MESSAGES,
  DEFAULT_BET_LIMITS,
  DEFAULT_JACKPOT_RULES,
  DEFAULT_LOTTERY_LIMITS,
} from '@lotto59/domain';

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
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** Default wire messages. Some are fixed by the seed (§5) and by the original client, so keep their spelling. */
export const ERROR_MESSAGE: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'The given data was invalid.',
  BAD_REQUEST: 'The request could not be read.',
  PAYLOAD_TOO_LARGE: 'The request body is too large.',
  INVALID_CREDENTIALS: 'These credentials do not match our records.',
  UNAUTHENTICATED: 'Unauthenticated.',
  SESSION_REPLACED: 'This device was logged out because the account signed in elsewhere.',
  CSRF_TOKEN_MISMATCH: 'CSRF token mismatch.',
  SESSION_EXPIRED: 'Session expired.',
  FORBIDDEN: 'This action is unauthorized.',
  NOT_FOUND: 'Not found.',
  TOO_MANY_ATTEMPTS: 'Too many attempts. Please try again later.',
  RATE_LIMITED: 'Too many requests. Please try again later.',
  // Seed §5: the client matches this exact text, misspelling included.
  INSUFFICIENT_FUNDS: 'Not enought money.',
  IDEMPOTENCY_KEY_REUSED: 'This idempotency key was already used for a different request.',
  // Defaults only: the server puts the configured limit in the text (`BET_MESSAGES` of the domain).
  BET_AMOUNT_TOO_LOW: BET_MESSAGES.minAmount(DEFAULT_BET_LIMITS.minRiel),
  BET_AMOUNT_TOO_HIGH: BET_MESSAGES.maxAmount(DEFAULT_BET_LIMITS.maxRiel),
  BETTING_CLOSED: BET_MESSAGES.requestTimeout,
  ROUND_NOT_OPEN: BET_MESSAGES.requestTimeout,
  JACKPOT_LINE_LIMIT: BET_MESSAGES.jackpotOverLimit(DEFAULT_JACKPOT_RULES.linesPerPlayerRoundMax),
  POOL_NOT_ENABLED: 'Pool 1 is not enabled for this account.',
  MAINTENANCE: 'The system is under maintenance.',
  BUSY: 'The server is busy. Please try again shortly.',
  DATABASE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly.',
  INTERNAL: 'Server error.',
  // Defaults only: the server sends the domain's text for the refusal (`lotteryErrorMessage`).
  INVALID_POST: 'Select at least one post or ROLL.',
  INVALID_NUMBERS: 'Enter at least one number.',
  TOO_MANY_NUMBERS: 'An item holds too many numbers.',
  NO_ITEMS: 'A ticket needs at least one item.',
  TOO_MANY_ITEMS: `A ticket may hold at most ${DEFAULT_LOTTERY_LIMITS.maxItemsPerTicket} items.`,
  INVALID_AMOUNT: 'The amount must be a whole positive number of riel.',
  NUMBER_EXPOSURE_LIMIT: BET_MESSAGES.maxAmount(0),
  LOTTERY_DISABLED: 'The lottery is not enabled for this account.',
  NOT_SETTLED: 'This item is not settled yet.',
  TRANSFER_IN_FLIGHT: 'A transfer to the game is still in progress. Please wait.',
  TRANSFER_TOO_SMALL: 'The amount is below the minimum transfer of 1,000 riel.',
  NO_SESSION: 'Open a game session first.',
};
