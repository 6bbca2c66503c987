import { assert } from '../control/control';
import {
  BALL_MAX,
  BALL_MIN,
  DRAW_SIZE,
  RANGE_TOTALS,
  TOTAL_MAX,
  TOTAL_MIN,
  type RangeBetType,
} from './constants';

/** Seed §9 "1 small" … "5 big": the label a total maps to. Note 3 is both small (≤ 300) and big (301–325). */
export const RESULT_LABELS = ['SMALL_1', 'SMALL_2', 'SMALL_3', 'BIG_3', 'BIG_4', 'BIG_5'] as const;
export type ResultLabel = (typeof RESULT_LABELS)[number];

export type BandBetType = 'RANGE_1' | 'RANGE_2' | 'RANGE_3' | 'RANGE_4' | 'RANGE_5';
export type OverUnderBetType = 'RANGE_6' | 'RANGE_7';

const BAND_TYPES = [
  'RANGE_1',
  'RANGE_2',
  'RANGE_3',
  'RANGE_4',
  'RANGE_5',
] as const satisfies readonly BandBetType[];

/** Upper bound (inclusive) of each label, in order (seed §9). */
const LABEL_MAX_TOTALS: readonly { label: ResultLabel; max: number }[] = [
  { label: 'SMALL_1', max: 238 },
  { label: 'SMALL_2', max: 274 },
  { label: 'SMALL_3', max: 300 },
  { label: 'BIG_3', max: 325 },
  { label: 'BIG_4', max: 361 },
  { label: 'BIG_5', max: TOTAL_MAX },
];

/** True for a list of exactly 10 distinct integers within 1..59: the only shape a draw can have. */
export function isDraw(numbers: readonly number[]): boolean {
  return (
    numbers.length === DRAW_SIZE &&
    new Set(numbers).size === DRAW_SIZE &&
    numbers.every((n) => Number.isInteger(n) && n >= BALL_MIN && n <= BALL_MAX)
  );
}

/**
 * Sum of the balls. Accepts a partly released draw (fewer than 10 balls) so that a running total can be shown,
 * but never a list that no draw could produce.
 */
export function totalOf(numbers: readonly number[]): number {
  assert(
    numbers.length <= DRAW_SIZE &&
      new Set(numbers).size === numbers.length &&
      numbers.every((n) => Number.isInteger(n) && n >= BALL_MIN && n <= BALL_MAX),
    `not (part of) a draw: ${JSON.stringify(numbers)}`,
  );
  return numbers.reduce((sum, n) => sum + n, 0);
}

// A total outside 55..545 cannot come from a draw, so it is a bug, not an input to classify.
function assertTotal(total: number): void {
  assert(Number.isInteger(total) && total >= TOTAL_MIN && total <= TOTAL_MAX, `not a draw total: ${total}`);
}

const within = (type: RangeBetType, total: number): boolean =>
  total >= RANGE_TOTALS[type].min && total <= RANGE_TOTALS[type].max;

export function rangeTypeOf(total: number): BandBetType {
  assertTotal(total);
  const type = BAND_TYPES.find((t) => within(t, total));
  assert(type, `no band for total ${total}`);
  return type;
}

export function overUnderTypeOf(total: number): OverUnderBetType {
  assertTotal(total);
  return within('RANGE_6', total) ? 'RANGE_6' : 'RANGE_7';
}

export function resultLabelOf(total: number): ResultLabel {
  assertTotal(total);
  const found = LABEL_MAX_TOTALS.find((l) => total <= l.max);
  assert(found, `no label for total ${total}`);
  return found.label;
}

/** Exactly two types win each round: one of RANGE_1..5 and one of RANGE_6/7. */
export function winningRangeTypes(total: number): RangeBetType[] {
  return [rangeTypeOf(total), overUnderTypeOf(total)];
}
