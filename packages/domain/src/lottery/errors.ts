import { BET_MESSAGES } from '../lotto59/bet-errors';

/*
 * The ticket lottery's refusals (lottery.md §4–§5) as stable codes. Where an existing code of the contract means
 * the same thing (amount limits, money, cut-off) it is reused, so that the web's seed §5 mapping serves both
 * games; the rest are new. The server puts these codes and texts on the wire as `{ message, code }`.
 */
export const LOTTERY_ERROR_CODES = [
  'INVALID_POST',
  'INVALID_NUMBERS',
  'TOO_MANY_NUMBERS',
  'NO_ITEMS',
  'TOO_MANY_ITEMS',
  'INVALID_AMOUNT',
  'BET_AMOUNT_TOO_LOW',
  'BET_AMOUNT_TOO_HIGH',
  'NUMBER_EXPOSURE_LIMIT',
  'INSUFFICIENT_FUNDS',
  'BETTING_CLOSED',
  'LOTTERY_DISABLED',
  'NOT_SETTLED',
] as const;
export type LotteryErrorCode = (typeof LOTTERY_ERROR_CODES)[number];

/** Why a numbers field was refused; `token` is the offending token as the player typed it. */
export const NUMBER_TOKEN_PROBLEMS = [
  /** Nothing but separators, or only separators around a dash. */
  'EMPTY',
  /** Characters other than digits, `*` and one dash. */
  'NOT_A_NUMBER',
  /** A number or range end without exactly d digits (`7` for 2D). */
  'WRONG_DIGIT_COUNT',
  /** `a-b` with a > b. */
  'REVERSED_RANGE',
  /** `*` inside a range. */
  'WILDCARD_IN_RANGE',
] as const;
export type NumberTokenProblem = (typeof NUMBER_TOKEN_PROBLEMS)[number];

export type PostProblem = 'EMPTY' | 'UNKNOWN' | 'NOT_ON_LAYOUT' | 'ROLL_WITH_LETTERS' | 'DUPLICATE';

export type LotteryError =
  | { code: 'INVALID_POST'; problem: PostProblem; post?: string }
  | { code: 'INVALID_NUMBERS'; problem: NumberTokenProblem; token?: string }
  | { code: 'TOO_MANY_NUMBERS'; count: number; max: number }
  | { code: 'NO_ITEMS' }
  | { code: 'TOO_MANY_ITEMS'; count: number; max: number }
  | { code: 'INVALID_AMOUNT' }
  | { code: 'BET_AMOUNT_TOO_LOW'; min: number }
  | { code: 'BET_AMOUNT_TOO_HIGH'; max: number }
  | { code: 'NUMBER_EXPOSURE_LIMIT'; number: string; lineCode: string; remaining: number }
  | { code: 'INSUFFICIENT_FUNDS' }
  | { code: 'BETTING_CLOSED' }
  | { code: 'LOTTERY_DISABLED' }
  | { code: 'NOT_SETTLED' };

/**
 * The wire message of each refusal. The amount, money and cut-off texts are seed §5's exact strings (the client
 * matches them, "enought" included); the exposure cap reuses the max-amount text with what is left on the line.
 */
export function lotteryErrorMessage(error: LotteryError): string {
  switch (error.code) {
    case 'BET_AMOUNT_TOO_LOW':
      return BET_MESSAGES.minAmount(error.min);
    case 'BET_AMOUNT_TOO_HIGH':
      return BET_MESSAGES.maxAmount(error.max);
    case 'NUMBER_EXPOSURE_LIMIT':
      return BET_MESSAGES.maxAmount(error.remaining);
    case 'INSUFFICIENT_FUNDS':
      return BET_MESSAGES.notEnoughMoney;
    case 'BETTING_CLOSED':
      return BET_MESSAGES.requestTimeout;
    case 'INVALID_POST':
      return error.post === undefined
        ? 'Select at least one post or ROLL.'
        : `The post ${error.post} cannot be used here.`;
    case 'INVALID_NUMBERS':
      return error.token === undefined
        ? 'Enter at least one number.'
        : `The number "${error.token}" is not valid.`;
    case 'TOO_MANY_NUMBERS':
      return `An item may hold at most ${String(error.max)} numbers (this one has ${String(error.count)}).`;
    case 'NO_ITEMS':
      return 'A ticket needs at least one item.';
    case 'TOO_MANY_ITEMS':
      return `A ticket may hold at most ${String(error.max)} items.`;
    case 'INVALID_AMOUNT':
      return 'The amount must be a whole positive number of riel.';
    case 'LOTTERY_DISABLED':
      return 'The lottery is not enabled for this account.';
    case 'NOT_SETTLED':
      return 'This item is not settled yet.';
  }
}
