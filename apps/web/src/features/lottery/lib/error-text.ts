import {
  BET_TYPE_DIGITS,
  formatRiel,
  mapBetError,
  type LotteryBetType,
  type LotteryError,
} from '@lotto59/domain';
import { isHttpError } from '@/lib/http-client';
import { getLanguage } from '@/lib/i18n';
import type { AlertOptions } from '@/lib/notifications';
import { rgRefusalAlert } from '@/lib/rg-refusal';
import type { LotteryT } from '../i18n';

/** A refusal of the preview in the player's language, naming the offending token or post. */
export function lotteryErrorText(error: LotteryError, t: LotteryT, betType: LotteryBetType): string {
  switch (error.code) {
    case 'INVALID_POST':
      if (error.problem === 'EMPTY') return t('errors.selectPosts');
      if (error.problem === 'ROLL_WITH_LETTERS') return t('errors.rollWithLetters');
      return t('errors.postNotOnLayout', { post: error.post ?? '' });
    case 'INVALID_NUMBERS': {
      const token = error.token ?? '';
      switch (error.problem) {
        case 'EMPTY':
          return t('errors.emptyNumbers');
        case 'NOT_A_NUMBER':
          return t('errors.notANumber', { token });
        case 'WRONG_DIGIT_COUNT':
          return t('errors.wrongDigitCount', { token, digits: BET_TYPE_DIGITS[betType] });
        case 'REVERSED_RANGE':
          return t('errors.reversedRange', { token });
        case 'WILDCARD_IN_RANGE':
          return t('errors.wildcardInRange', { token });
      }
      return t('errors.emptyNumbers');
    }
    case 'TOO_MANY_NUMBERS':
      return t('errors.tooManyNumbers', { count: error.count, max: error.max });
    case 'TOO_MANY_ITEMS':
      return t('errors.tooManyItems', { max: error.max });
    case 'INVALID_AMOUNT':
      return t('errors.invalidAmount');
    case 'BET_AMOUNT_TOO_LOW':
      return t('errors.minAmount', { amount: formatRiel(error.min) });
    case 'BET_AMOUNT_TOO_HIGH':
      return t('errors.maxAmount', { amount: formatRiel(error.max) });
    case 'NUMBER_EXPOSURE_LIMIT':
      return t('errors.maxAmount', { amount: formatRiel(error.remaining) });
    case 'INSUFFICIENT_FUNDS':
      return t('errors.notEnoughMoney');
    case 'BETTING_CLOSED':
      return t('errors.bettingTimeOver');
    case 'LOTTERY_DISABLED':
      return t('errors.disabled');
    case 'NO_ITEMS':
      return t('errors.emptyNumbers');
    case 'NOT_SETTLED':
      return t('errors.failed');
  }
}

/**
 * The alert for a refused ticket or change: the player's own limit, break or exclusion as every game says it
 * (the room left or when play resumes, and the link to the limits page), else the lottery's refusal text. A
 * break (403) must not read as "the lottery is off".
 */
export function serverRefusalAlert(error: unknown, t: LotteryT): AlertOptions {
  return rgRefusalAlert(error, getLanguage()) ?? { status: 'ERROR', message: serverErrorText(error, t) };
}

/**
 * A server refusal (lottery.md §5: `{message, code}`). The seed §5 table decides first, on the wire text, as
 * for lotto 59; the lottery's own codes follow; anything else is "your bet failed".
 */
export function serverErrorText(error: unknown, t: LotteryT): string {
  if (!isHttpError(error)) return t('errors.failed');
  // The lottery's codes are not in the contract's list yet (they arrive with its lottery schemas).
  const code = String(error.code ?? '');
  if (code === 'LOTTERY_DISABLED' || error.status === 403) return t('errors.disabled');
  const mapped = mapBetError(error.message);
  switch (mapped.key) {
    case 'min_amount':
      return t('errors.minAmount', { amount: formatRiel(mapped.value ?? 0) });
    case 'max_amount':
      return t('errors.maxAmount', { amount: formatRiel(mapped.value ?? 0) });
    case 'not_enough_money':
      return t('errors.notEnoughMoney');
    case 'betting_time_over':
      return t('errors.bettingTimeOver');
    default:
      break;
  }
  if (code === 'INVALID_AMOUNT') return t('errors.invalidAmount');
  if (code === 'INVALID_POST') return t('errors.selectPosts');
  if (code === 'INVALID_NUMBERS') return t('errors.emptyNumbers');
  return t('errors.failed');
}
