import { assert } from '../control/control';
import { BET_TYPE_DIGITS, LOTTERY_BET_TYPES, type LotteryBetType, type LotteryPricing } from './constants';

/*
 * The exact return of lottery.md §4. Every engine line is an independent uniform d-digit tail, so a number on a
 * line hits with probability 10^−d whatever the post, ROLL or count of numbers; per riel paid the return is
 * price × 10^−d ÷ (rate / 100) = price × 100 / (10^d × rate). Kept as a reduced fraction of integers so that
 * the operator's table and the start-up warning read exact figures.
 */

export interface LotteryFraction {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

function reduced(numerator: bigint, denominator: bigint): LotteryFraction {
  const divisor = gcd(numerator, denominator);
  return { numerator: numerator / divisor, denominator: denominator / divisor };
}

/** Exact return per riel paid for a bet type at a price and rate (percent). */
export function lotteryRtp(betType: LotteryBetType, price: number, rate: number): LotteryFraction {
  assert(Number.isSafeInteger(price) && price > 0, `price must be a positive integer: ${price}`);
  assert(Number.isInteger(rate) && rate >= 1 && rate <= 100, `rate must be a whole percent 1..100: ${rate}`);
  return reduced(BigInt(price) * 100n, 10n ** BigInt(BET_TYPE_DIGITS[betType]) * BigInt(rate));
}

/**
 * A fraction as a percent with `decimals` places, rounded half up, and whether that text is exact. 75/76 →
 * "98.684", inexact; 15/16 → "93.75", exact.
 */
export function fractionPercentText(
  fraction: LotteryFraction,
  decimals: number,
): { text: string; exact: boolean } {
  const scale = 10n ** BigInt(decimals);
  const scaled = fraction.numerator * 100n * scale;
  const whole = (scaled * 2n + fraction.denominator) / (2n * fraction.denominator);
  const digits = whole.toString().padStart(decimals + 1, '0');
  const text = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return { text, exact: scaled % fraction.denominator === 0n };
}

/** One cell of the §4 table: exact return, and its percent with 2 places when exact, else 3 (rounded). */
export interface LotteryRtpRow {
  betType: LotteryBetType;
  price: number;
  rate: number;
  rtp: LotteryFraction;
  percent: string;
  exact: boolean;
}

function rtpRow(betType: LotteryBetType, price: number, rate: number): LotteryRtpRow {
  const rtp = lotteryRtp(betType, price, rate);
  const twoPlaces = fractionPercentText(rtp, 2);
  const shown = twoPlaces.exact ? twoPlaces : fractionPercentText(rtp, 3);
  return { betType, price, rate, rtp, percent: shown.text, exact: shown.exact };
}

/** The §4 row of each bet type at the configured prices and rate. */
export function lotteryRtpTable(pricing: LotteryPricing): LotteryRtpRow[] {
  return LOTTERY_BET_TYPES.map((betType) => rtpRow(betType, pricing.price[betType], pricing.rate));
}

/** The rate columns of lottery.md §4's table: no discount, our default, rsokkheng's seeded package. */
export const LOTTERY_RTP_TABLE_RATES: readonly number[] = [100, 80, 76];

/**
 * lottery.md §4's whole table at the configured prices: per bet type, a row for each of the table's rates and
 * for the configured rate when it is not one of them, highest rate first; `configured` marks the rate in force.
 */
export function lotteryRtpFullTable(pricing: LotteryPricing): (LotteryRtpRow & { configured: boolean })[] {
  const rates = [...new Set([...LOTTERY_RTP_TABLE_RATES, pricing.rate])].sort((a, b) => b - a);
  return LOTTERY_BET_TYPES.flatMap((betType) =>
    rates.map((rate) => ({
      ...rtpRow(betType, pricing.price[betType], rate),
      configured: rate === pricing.rate,
    })),
  );
}

/** Bet types whose return is 100 % or more: the server warns at start (§4, as decisions §3 for lotto 59). */
export function lotteryBetTypesAtOrAbove100(pricing: LotteryPricing): LotteryBetType[] {
  return LOTTERY_BET_TYPES.filter((betType) => {
    const rtp = lotteryRtp(betType, pricing.price[betType], pricing.rate);
    return rtp.numerator >= rtp.denominator;
  });
}
