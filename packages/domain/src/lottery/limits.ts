import { err, ok, type Result } from '../control/control';
import { isRiel, type Riel } from '../money/riel';
import type { LotteryBetType, LotteryLimits } from './constants';
import type { LotteryError } from './errors';

/*
 * The pure checks of lottery.md §5. The server runs them on the whole ticket before it moves money (a refusal
 * changes nothing); the exposure and balance checks are repeated inside its transaction with the locked
 * figures, so these only decide, they never read.
 */

/** A positive whole riel amount per number per line, within the bet type's bounds. */
export function checkLotteryAmount(
  amount: unknown,
  betType: LotteryBetType,
  limits: LotteryLimits,
): Result<Riel, LotteryError> {
  if (!isRiel(amount) || amount <= 0) return err({ code: 'INVALID_AMOUNT' });
  if (amount < limits.minAmount) return err({ code: 'BET_AMOUNT_TOO_LOW', min: limits.minAmount });
  const max = limits.maxAmount[betType];
  if (amount > max) return err({ code: 'BET_AMOUNT_TOO_HIGH', max });
  return ok(amount);
}

export function checkItemCount(count: number, limits: LotteryLimits): Result<number, LotteryError> {
  if (count <= 0) return err({ code: 'NO_ITEMS' });
  if (count > limits.maxItemsPerTicket) {
    return err({ code: 'TOO_MANY_ITEMS', count, max: limits.maxItemsPerTicket });
  }
  return ok(count);
}

/** Bets, deletes and item deletes are allowed strictly before the cut-off: at cutoff_at exactly they are late. */
export function checkBeforeCutoff(nowMs: number, cutoffAtMs: number): Result<null, LotteryError> {
  return nowMs < cutoffAtMs ? ok(null) : err({ code: 'BETTING_CLOSED' });
}

export function checkBalance(balance: Riel, ticketNet: Riel): Result<null, LotteryError> {
  return balance >= ticketNet ? ok(null) : err({ code: 'INSUFFICIENT_FUNDS' });
}

/**
 * The per-number cap: all players' amounts on one number on one line code of one draw, for one bet type. What is
 * already there plus this amount must stay within the cap; the refusal names what is left (floored at 0).
 */
export function checkNumberExposure(input: {
  readonly betType: LotteryBetType;
  readonly number: string;
  readonly lineCode: string;
  readonly placed: Riel;
  readonly amount: Riel;
  readonly limits: LotteryLimits;
}): Result<null, LotteryError> {
  const cap = input.limits.maxFacePerNumber[input.betType];
  if (input.placed + input.amount <= cap) return ok(null);
  return err({
    code: 'NUMBER_EXPOSURE_LIMIT',
    number: input.number,
    lineCode: input.lineCode,
    remaining: Math.max(0, cap - input.placed),
  });
}

/** The house's worst loss on one line: the cap times the price (2D 150,000,000 ៛, 3D 130,000,000 ៛ by default). */
export function worstLinePayout(betType: LotteryBetType, price: number, limits: LotteryLimits): number {
  return limits.maxFacePerNumber[betType] * price;
}
