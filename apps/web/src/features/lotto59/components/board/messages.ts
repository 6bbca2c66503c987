import { formatRiel, type BetSlipError, type JackpotLineError } from '@lotto59/domain';
import type { BetOutcome } from '../../api/place-bet';
import type { LottoT } from '../../i18n';

/** Where a slip error is shown: beside the field it is about. */
export type SlipField = 'bets' | 'posts' | 'numbers' | 'amount';

export function fieldOfSlipError(error: BetSlipError): SlipField {
  switch (error) {
    case 'NOTHING_SELECTED':
      return 'bets';
    case 'SELECT_POSTS':
      return 'posts';
    case 'NUMBERS_REQUIRED':
    case 'EMPTY':
    case 'NOT_A_NUMBER':
    case 'OUT_OF_RANGE':
    case 'BAD_RANGE':
      return 'numbers';
    case 'INVALID_AMOUNT':
      return 'amount';
  }
}

/** Seed §5 client messages ("invalid amount", "select posts") and the board's own. */
export function slipErrorMessage(error: BetSlipError, t: LottoT): string {
  switch (error) {
    case 'NOTHING_SELECTED':
      return t('board.errors.nothingSelected');
    case 'SELECT_POSTS':
      return t('board.errors.selectPosts');
    case 'NUMBERS_REQUIRED':
      return t('board.errors.numbersRequired');
    case 'EMPTY':
      return t('board.errors.numbersRequired');
    case 'NOT_A_NUMBER':
      return t('board.errors.numbersFormat');
    case 'OUT_OF_RANGE':
      return t('board.errors.numbersOutOfRange');
    case 'BAD_RANGE':
      return t('board.errors.numbersBadRange');
    case 'INVALID_AMOUNT':
      return t('board.errors.invalidAmount');
  }
}

export function jackpotLineMessage(error: JackpotLineError, t: LottoT): string {
  switch (error) {
    case 'NOT_A_NUMBER':
    case 'SIZE':
      return t('jackpot.errors.size');
    case 'OUT_OF_RANGE':
      return t('board.errors.numbersOutOfRange');
    case 'DUPLICATE':
      return t('jackpot.errors.duplicate');
  }
}

/** Seed §5: the server's refusal, mapped (mapBetError) to the player's message. */
export function refusalMessage(outcome: Extract<BetOutcome, { kind: 'refused' }>, t: LottoT): string {
  const value = outcome.value;
  switch (outcome.reason) {
    case 'min_amount':
      return value === undefined
        ? t('betErrors.minAmountPlain')
        : t('betErrors.minAmount', { amount: formatRiel(value) });
    case 'max_amount':
      return value === undefined
        ? t('betErrors.maxAmountPlain')
        : t('betErrors.maxAmount', { amount: formatRiel(value) });
    case 'not_enough_money':
      return t('betErrors.notEnoughMoney');
    case 'betting_time_over':
      return t('betErrors.bettingTimeOver');
    case 'jackpot_limit':
      return t('betErrors.jackpotLimit', { limit: value ?? '' });
    case 'bet_failed':
      return t('betErrors.betFailed');
    case 'maintenance':
      return t('betErrors.maintenance');
  }
}
