import { err, ok, type Result } from '../control/control';
import { BALL_MAX, BALL_MIN, JACKPOT_LINE_SIZE, type Post, type RangeBetType } from './constants';
import { parseNumberList } from './number-list';
import { validateJackpotLine } from './payout';

/*
 * The player's bet slip before it is sent (seed §5 client messages, decisions §3): what the board checks
 * itself ("invalid amount", "select posts") and the total stake the confirm dialog shows. Limits that are
 * configuration (minimum, maximum, balance, jackpot lines per round) are the server's to refuse, with the
 * seed §5 messages the client maps (bet-errors.ts).
 */

const KHMER_ZERO = 0x17e0; // ០; ១…៩ follow in order.
const toLatinDigits = (text: string) =>
  text.replace(/[\u17e0-\u17e9]/g, (d) => String(d.charCodeAt(0) - KHMER_ZERO));

/** The largest amount a slip can carry: any more is a typing accident, and totals stay exact integers. */
export const SLIP_AMOUNT_MAX_RIEL = 1_000_000_000_000;

/**
 * An amount as typed on a phone: digits (Latin or Khmer), optional thousands separators (`,` `.` or
 * spaces) and an optional riel sign. A whole, positive number of riel or `INVALID_AMOUNT`.
 */
export function parseAmount(text: string): Result<number, 'INVALID_AMOUNT'> {
  const cleaned = toLatinDigits(text).replace(/៛/g, '').trim();
  if (!/^\d{1,3}(?:[,.\s]\d{3})*$|^\d+$/.test(cleaned)) return err('INVALID_AMOUNT');
  const amount = Number(cleaned.replace(/[,.\s]/g, ''));
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > SLIP_AMOUNT_MAX_RIEL)
    return err('INVALID_AMOUNT');
  return ok(amount);
}

export const BET_SLIP_ERRORS = [
  'NOTHING_SELECTED',
  'SELECT_POSTS',
  'NUMBERS_REQUIRED',
  'EMPTY',
  'NOT_A_NUMBER',
  'OUT_OF_RANGE',
  'BAD_RANGE',
  'INVALID_AMOUNT',
] as const;
/** NUMBERS_REQUIRED: posts chosen but no number typed; the number-list codes come from number-list.ts. */
export type BetSlipError = (typeof BET_SLIP_ERRORS)[number];

export interface BetSlipInput {
  /** RANGE_1…RANGE_7 chosen on the board. */
  readonly ranges: readonly RangeBetType[];
  readonly posts: readonly Post[];
  /** The NUMBER list as typed: `5, 10-15, 59` (Khmer digits allowed); blank = no NUMBER bet. */
  readonly numbersText: string;
  readonly amountText: string;
}

export interface BetSlip {
  readonly ranges: RangeBetType[];
  /** The NUMBER item: every (post, number) pair is one bet. */
  readonly number: { readonly posts: Post[]; readonly numbers: number[] } | null;
  /** The stake of each bet. */
  readonly amountRiel: number;
  readonly betCount: number;
  /** What the submission takes from the balance: betCount × amount. */
  readonly totalRiel: number;
}

function numberItem(input: BetSlipInput): Result<BetSlip['number'], BetSlipError> {
  const typed = input.numbersText.trim() !== '';
  if (!typed && input.posts.length === 0) return ok(null);
  if (!typed) return err('NUMBERS_REQUIRED');
  // Seed §5: at least one post must be chosen.
  if (input.posts.length === 0) return err('SELECT_POSTS');
  const numbers = parseNumberList(input.numbersText);
  if (!numbers.ok) return err(numbers.error);
  return ok({ posts: [...new Set(input.posts)], numbers: numbers.value });
}

/** Checks the slip in the order a player reads the board: the bets, then the amount. */
export function buildBetSlip(input: BetSlipInput): Result<BetSlip, BetSlipError> {
  const number = numberItem(input);
  if (!number.ok) return number;
  const ranges = [...new Set(input.ranges)];
  if (ranges.length === 0 && number.value === null) return err('NOTHING_SELECTED');
  const amount = parseAmount(input.amountText);
  if (!amount.ok) return amount;
  const betCount =
    ranges.length + (number.value ? number.value.posts.length * number.value.numbers.length : 0);
  return ok({
    ranges,
    number: number.value,
    amountRiel: amount.value,
    betCount,
    totalRiel: betCount * amount.value,
  });
}

export const JACKPOT_LINE_ERRORS = ['NOT_A_NUMBER', 'SIZE', 'OUT_OF_RANGE', 'DUPLICATE'] as const;
export type JackpotLineError = (typeof JACKPOT_LINE_ERRORS)[number];

/** One jackpot line as typed: 5 numbers separated by spaces or commas (`3 14 15 26 59`, Khmer digits too). */
export function parseJackpotLine(text: string): Result<number[], JackpotLineError> {
  const tokens = toLatinDigits(text)
    .split(/[\s,]+/)
    .filter((t) => t !== '');
  if (!tokens.every((t) => /^\d{1,2}$/.test(t))) return err('NOT_A_NUMBER');
  const line = tokens.map(Number);
  if (line.length !== JACKPOT_LINE_SIZE) return err('SIZE');
  return validateJackpotLine(line);
}

/** `[3, 14, 15, 26, 59]` → `3 14 15 26 59`: how a line is shown and typed. */
export function formatJackpotLine(line: readonly number[]): string {
  return line.join(' ');
}

export interface JackpotSlip {
  readonly lines: number[][];
  readonly totalRiel: number;
}

/**
 * The jackpot lines typed on the board (blank rows ignored) at the fixed stake per line. The first bad line
 * is reported by its index in `lineTexts`.
 */
export function buildJackpotSlip(
  lineTexts: readonly string[],
  stakeRiel: number,
): Result<JackpotSlip, { index: number; error: JackpotLineError } | 'NO_LINES'> {
  const lines: number[][] = [];
  for (const [index, text] of lineTexts.entries()) {
    if (text.trim() === '') continue;
    const line = parseJackpotLine(text);
    if (!line.ok) return err({ index, error: line.error });
    lines.push(line.value);
  }
  if (lines.length === 0) return err('NO_LINES');
  return ok({ lines, totalRiel: lines.length * stakeRiel });
}

/**
 * A quick pick: 5 distinct numbers 1–59 from the given random source (0 ≤ r < 1), ascending. The caller owns the
 * randomness (the domain has none of its own).
 */
export function quickPickLine(random: () => number): number[] {
  const pool = Array.from({ length: BALL_MAX - BALL_MIN + 1 }, (_, i) => BALL_MIN + i);
  const line: number[] = [];
  while (line.length < JACKPOT_LINE_SIZE) {
    const index = Math.min(pool.length - 1, Math.floor(random() * pool.length));
    line.push(pool.splice(index, 1)[0]!);
  }
  return line.sort((a, b) => a - b);
}
