import { err, ok, type Result } from '../control/control';
import { BET_TYPE_DIGITS, type LotteryBetType } from './constants';
import type { LotteryError, NumberTokenProblem } from './errors';

/*
 * The numbers field as agents write it (lottery.md §4): `07, 10-14 1* 112` with commas, spaces or new lines,
 * Khmer or Latin digits, `*` for any digit, and `permute` for every digit order. Lenient about separators,
 * strict about digits: `7` is not `07`, so a 2D/3D mix-up is refused instead of guessed.
 */

const KHMER_ZERO = 0x17e0; // ០; ១…៩ follow in order.
// Hyphen, non-breaking hyphen, figure dash, en dash, em dash, minus: phone keyboards substitute them for '-'.
const DASHES = /[\u2010-\u2015\u2212]/g;
const SEPARATORS = /[\s,]+/;
const SINGLE = /^[\d*]+$/;
const RANGE = /^([\d*]+)-([\d*]+)$/;

/** One `-` for every dash, with no spaces around it: `10 - 14` is one range as agents space it. */
function unifyDashes(text: string): string {
  return text.replace(DASHES, '-').replace(/[^\S\n]*-[^\S\n]*/g, '-');
}

/** Khmer digits to Latin, one character for one, so tokens split alike before and after. */
function toLatinDigits(text: string): string {
  return text.replace(/[\u17e0-\u17e9]/g, (d) => String(d.charCodeAt(0) - KHMER_ZERO));
}

/** `1*` → 10…19; every `*` is any digit. */
function expandWildcards(pattern: string): string[] {
  let numbers = [''];
  for (const char of pattern) {
    const choices = char === '*' ? ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'] : [char];
    numbers = numbers.flatMap((prefix) => choices.map((c) => prefix + c));
  }
  return numbers;
}

/** Every distinct order of a number's digits: `112` → 112, 121, 211. */
export function digitPermutations(number: string): string[] {
  if (number.length <= 1) return [number];
  const seen = new Set<string>();
  for (let i = 0; i < number.length; i++) {
    const rest = number.slice(0, i) + number.slice(i + 1);
    for (const tail of digitPermutations(rest)) seen.add(number[i]! + tail);
  }
  return [...seen];
}

function expandToken(token: string, digits: number): Result<string[], NumberTokenProblem> {
  const refuse = (problem: Exclude<NumberTokenProblem, 'EMPTY'>) => err(problem);
  if (SINGLE.test(token)) {
    return token.length === digits ? ok(expandWildcards(token)) : refuse('WRONG_DIGIT_COUNT');
  }
  const range = RANGE.exec(token);
  if (!range) return refuse('NOT_A_NUMBER');
  const [from, to] = [range[1]!, range[2]!];
  if (from.includes('*') || to.includes('*')) return refuse('WILDCARD_IN_RANGE');
  if (from.length !== digits || to.length !== digits) return refuse('WRONG_DIGIT_COUNT');
  const [a, b] = [Number(from), Number(to)];
  if (a > b) return refuse('REVERSED_RANGE');
  // Both ends have d digits, so a range is never longer than 10^d: §4's length rule holds by construction.
  return ok(Array.from({ length: b - a + 1 }, (_, i) => String(a + i).padStart(digits, '0')));
}

export interface NumbersInput {
  readonly text: string;
  readonly betType: LotteryBetType;
  readonly permute: boolean;
  /** `LOTTERY_MAX_NUMBERS_PER_ITEM_2D` / `_3D` for this bet type. */
  readonly maxNumbers: number;
}

/**
 * The expanded, de-duplicated, ascending numbers of one item, as zero-padded strings of d digits, or the first
 * refusal: `INVALID_NUMBERS` naming the offending token (the player's own text, Khmer digits included), or
 * `TOO_MANY_NUMBERS` when the expansion passes the cap.
 */
export function parseLotteryNumbers(input: NumbersInput): Result<string[], LotteryError> {
  const digits = BET_TYPE_DIGITS[input.betType];
  const typed = unifyDashes(input.text);
  // The refusal quotes the token as typed (Khmer digits kept); the parse reads its Latin twin.
  const shown = typed.split(SEPARATORS);
  const tokens = toLatinDigits(typed).split(SEPARATORS);
  const chosen = new Set<string>();
  for (const [i, token] of tokens.entries()) {
    if (token === '') continue;
    const expanded = expandToken(token, digits);
    if (!expanded.ok) {
      return err({ code: 'INVALID_NUMBERS', problem: expanded.error, token: shown[i] ?? token });
    }
    for (const number of expanded.value) {
      for (const n of input.permute ? digitPermutations(number) : [number]) chosen.add(n);
    }
  }
  if (chosen.size === 0) return err({ code: 'INVALID_NUMBERS', problem: 'EMPTY' });
  if (chosen.size > input.maxNumbers) {
    return err({ code: 'TOO_MANY_NUMBERS', count: chosen.size, max: input.maxNumbers });
  }
  // Every number has d digits, so string order is numeric order.
  return ok([...chosen].sort());
}
