import { describe, expect, it } from 'vitest';
import { AssertionError } from '../control/control';
import {
  isDraw,
  overUnderTypeOf,
  rangeTypeOf,
  resultLabelOf,
  totalOf,
  winningRangeTypes,
  type BandBetType,
  type OverUnderBetType,
  type ResultLabel,
} from './result';

// Every boundary of seed §9: the last total of one band and the first of the next.
const BOUNDARIES: readonly [number, BandBetType, OverUnderBetType, ResultLabel][] = [
  [55, 'RANGE_1', 'RANGE_6', 'SMALL_1'],
  [238, 'RANGE_1', 'RANGE_6', 'SMALL_1'],
  [239, 'RANGE_2', 'RANGE_6', 'SMALL_2'],
  [274, 'RANGE_2', 'RANGE_6', 'SMALL_2'],
  [275, 'RANGE_3', 'RANGE_6', 'SMALL_3'],
  [300, 'RANGE_3', 'RANGE_6', 'SMALL_3'],
  [301, 'RANGE_3', 'RANGE_7', 'BIG_3'],
  [325, 'RANGE_3', 'RANGE_7', 'BIG_3'],
  [326, 'RANGE_4', 'RANGE_7', 'BIG_4'],
  [361, 'RANGE_4', 'RANGE_7', 'BIG_4'],
  [362, 'RANGE_5', 'RANGE_7', 'BIG_5'],
  [545, 'RANGE_5', 'RANGE_7', 'BIG_5'],
];

describe('result of a total (seed §9)', () => {
  it.each(BOUNDARIES)('total %i → %s, %s, %s', (total, band, overUnder, label) => {
    expect(rangeTypeOf(total)).toBe(band);
    expect(overUnderTypeOf(total)).toBe(overUnder);
    expect(resultLabelOf(total)).toBe(label);
    expect(winningRangeTypes(total)).toEqual([band, overUnder]);
  });

  it('refuses totals no draw can have', () => {
    for (const total of [54, 546, 300.5, Number.NaN]) {
      expect(() => rangeTypeOf(total)).toThrow(AssertionError);
      expect(() => overUnderTypeOf(total)).toThrow(AssertionError);
      expect(() => resultLabelOf(total)).toThrow(AssertionError);
    }
  });

  it('sums a draw, or the balls released so far', () => {
    expect(totalOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(55);
    expect(totalOf([59, 58, 57, 56, 55, 54, 53, 52, 51, 50])).toBe(545);
    expect(totalOf([42, 7])).toBe(49);
    expect(totalOf([])).toBe(0);
    expect(() => totalOf([1, 1])).toThrow(AssertionError);
    expect(() => totalOf([0, 5])).toThrow(AssertionError);
    expect(() => totalOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])).toThrow(AssertionError);
  });

  it('recognises a draw', () => {
    expect(isDraw([31, 28, 46, 54, 20, 11, 10, 24, 12, 30])).toBe(true);
    expect(isDraw([31, 28, 46, 54, 20, 11, 10, 24, 12])).toBe(false);
    expect(isDraw([31, 31, 46, 54, 20, 11, 10, 24, 12, 30])).toBe(false);
    expect(isDraw([60, 28, 46, 54, 20, 11, 10, 24, 12, 30])).toBe(false);
    expect(isDraw([1.5, 28, 46, 54, 20, 11, 10, 24, 12, 30])).toBe(false);
  });
});
