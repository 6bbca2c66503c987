import {
  BET_MESSAGES,
  DEFAULT_BET_LIMITS,
  DEFAULT_JACKPOT_RULES,
  DEFAULT_LOTTERY_LIMITS,
} from '@lotto59/domain';

import type { ErrorCode } from './error-codes';

// A module of its own: the messages are built with the domain's bet and lottery texts, calls a bundler cannot
// prove pure, so beside ERROR_STATUS they pulled those rules into every web bundle that only needs the statuses
// (the `/login` start-up bundle: decision 0053). The web maps codes, never these texts.

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
  LIMIT_REACHED: 'This stake is over a limit you set. See Responsible gaming for the room left.',
  ON_BREAK: 'You are taking a break. Play resumes when it ends.',
  SELF_EXCLUDED: 'You have excluded yourself from play until the date shown.',
  NOT_YET: 'This change can be confirmed only once its waiting time has passed.',
};
