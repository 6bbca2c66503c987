import { assert, err, ok, type Result } from '../control/control';
import {
  BALL_MAX,
  BALL_MIN,
  JACKPOT_LINE_SIZE,
  POSTS,
  type JackpotRules,
  type Post,
  type RangeBetType,
  type RateTable,
} from './constants';
import { isDraw, totalOf, winningRangeTypes } from './result';

/** stake × rate, rounded down, stake included (decisions §3). Integer math only: 333 × 9.20 → 3063. */
export function payoutOf(stakeRiel: number, rateHundredths: number): number {
  assert(Number.isSafeInteger(stakeRiel) && stakeRiel >= 0, `stake must be whole riel: ${stakeRiel}`);
  assert(
    Number.isSafeInteger(rateHundredths) && rateHundredths >= 0,
    `rate must be hundredths: ${rateHundredths}`,
  );
  // BigInt so that a large stake times a rate cannot lose precision before the division.
  const payout = Number((BigInt(stakeRiel) * BigInt(rateHundredths)) / 100n);
  assert(Number.isSafeInteger(payout), 'payout beyond safe integers');
  return payout;
}

export interface RatedBet {
  readonly type: RangeBetType | 'NUMBER';
  readonly post?: Post | null;
  readonly number?: number | null;
  readonly amount: number;
}

/** Whether a non-jackpot bet wins on this draw. NUMBER wins when draw[postIndex] === number. */
export function betWins(bet: RatedBet, numbers: readonly number[]): boolean {
  assert(isDraw(numbers), `not a draw: ${JSON.stringify(numbers)}`);
  if (bet.type === 'NUMBER') {
    assert(bet.post != null && bet.number != null, 'a NUMBER bet needs a post and a number');
    return numbers[POSTS.indexOf(bet.post)] === bet.number;
  }
  return winningRangeTypes(totalOf(numbers)).includes(bet.type);
}

/** A settled non-jackpot bet: WON with payout, or LOST with 0. NUMBER wins when draw[postIndex] === number. */
export function settleBet(
  bet: RatedBet,
  numbers: readonly number[],
  rates: RateTable,
): { won: boolean; payoutRiel: number } {
  const won = betWins(bet, numbers);
  return { won, payoutRiel: won ? payoutOf(bet.amount, rates[bet.type]) : 0 };
}

/** How many of the line's numbers are among the 10 drawn: 0..5. */
export function jackpotMatches(line: readonly number[], numbers: readonly number[]): number {
  assert(isDraw(numbers), `not a draw: ${JSON.stringify(numbers)}`);
  assert(validateJackpotLine(line).ok, `not a jackpot line: ${JSON.stringify(line)}`);
  const drawn = new Set(numbers);
  return line.filter((n) => drawn.has(n)).length;
}

/** 5 → 1 (pool share), 4 → 2 (small jackpot), 3 → 3 (fixed win), else null. */
export function jackpotTierOf(matches: number): 1 | 2 | 3 | null {
  assert(
    Number.isInteger(matches) && matches >= 0 && matches <= JACKPOT_LINE_SIZE,
    `bad match count: ${matches}`,
  );
  if (matches === 5) return 1;
  if (matches === 4) return 2;
  if (matches === 3) return 3;
  return null;
}

/** 5 distinct numbers within 1..59, returned sorted. */
export function validateJackpotLine(
  line: readonly number[],
): Result<number[], 'SIZE' | 'OUT_OF_RANGE' | 'DUPLICATE'> {
  if (line.length !== JACKPOT_LINE_SIZE) return err('SIZE');
  if (!line.every((n) => Number.isInteger(n) && n >= BALL_MIN && n <= BALL_MAX)) return err('OUT_OF_RANGE');
  if (new Set(line).size !== line.length) return err('DUPLICATE');
  return ok([...line].sort((a, b) => a - b));
}

/** The fixed wins of tiers 2 and 3; tier 1 is a share of the progressive pool, which the server holds. */
export function jackpotFixedPayoutOf(tier: 2 | 3, rules: JackpotRules): number {
  return rules.stakeRiel * (tier === 2 ? rules.tier2Multiplier : rules.tier3Multiplier);
}
