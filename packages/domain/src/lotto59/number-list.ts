import { assert, err, ok, type Result } from '../control/control';
import { BALL_MAX, BALL_MIN } from './constants';

/*
 * The NUMBER bet's list of numbers (decisions §3): `5, 10-15, 59`. Players type it on phones with Khmer or Latin
 * digits, so the parser is lenient about separators and strict about values.
 */

export const NUMBER_LIST_ERRORS = ['EMPTY', 'NOT_A_NUMBER', 'OUT_OF_RANGE', 'BAD_RANGE'] as const;
/** EMPTY: nothing but separators; NOT_A_NUMBER: a token that is neither `n` nor `a-b`; OUT_OF_RANGE: outside
 *  1..59; BAD_RANGE: `a-b` with a > b. Duplicates are merged, never an error. */
export type NumberListError = (typeof NUMBER_LIST_ERRORS)[number];

const KHMER_ZERO = 0x17e0; // ០; ១…៩ follow in order.
// Hyphen, non-breaking hyphen, figure dash, en dash, em dash, minus: phone keyboards substitute them for '-'.
const DASHES = /[\u2010-\u2015\u2212]/g;

function toLatinDigits(text: string): string {
  return text.replace(/[\u17e0-\u17e9]/g, (d) => String(d.charCodeAt(0) - KHMER_ZERO));
}

type Token = { from: number; to: number } | NumberListError;

function parseToken(token: string): Token {
  const match = /^(\d+)(?:-(\d+))?$/.exec(token);
  if (!match) return 'NOT_A_NUMBER';
  const from = Number(match[1]);
  const to = match[2] === undefined ? from : Number(match[2]);
  const inRange = (n: number) => n >= BALL_MIN && n <= BALL_MAX;
  if (!inRange(from) || !inRange(to)) return 'OUT_OF_RANGE';
  if (from > to) return 'BAD_RANGE';
  return { from, to };
}

/** "5, 10-15, 59" → [5,10,11,12,13,14,15,59]; Khmer digits ០–៩ accepted; spaces/commas; ascending, unique. */
export function parseNumberList(text: string): Result<number[], NumberListError> {
  const normalized = toLatinDigits(text)
    .replace(DASHES, '-')
    .replace(/\s*-\s*/g, '-');
  const tokens = normalized.split(/[\s,]+/).filter((t) => t !== '');
  if (tokens.length === 0) return err('EMPTY');
  const chosen = new Set<number>();
  for (const token of tokens) {
    const parsed = parseToken(token);
    if (typeof parsed === 'string') return err(parsed);
    for (let n = parsed.from; n <= parsed.to; n++) chosen.add(n);
  }
  return ok([...chosen].sort((a, b) => a - b));
}

/** A run this long or longer is written as `a-b`; shorter runs are listed, so `10, 11` stays readable. */
const RUN_MIN = 3;

/** [5,10,11,12] → "5, 10-12". Input order and duplicates do not matter. */
export function formatNumberList(numbers: readonly number[]): string {
  for (const n of numbers) {
    assert(Number.isInteger(n) && n >= BALL_MIN && n <= BALL_MAX, `not a ball number: ${n}`);
  }
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  const parts: string[] = [];
  let start = 0;
  while (start < sorted.length) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end++;
    const run = sorted.slice(start, end + 1);
    parts.push(...(run.length >= RUN_MIN ? [`${String(run[0])}-${String(run.at(-1))}`] : run.map(String)));
    start = end + 1;
  }
  return parts.join(', ');
}
