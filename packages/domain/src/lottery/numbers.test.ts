import { describe, expect, it } from 'vitest';
import { DEFAULT_LOTTERY_LIMITS, type LotteryBetType } from './constants';
import { lotteryErrorMessage } from './errors';
import { digitPermutations, parseLotteryNumbers } from './numbers';

const parse = (text: string, betType: LotteryBetType = '2D', permute = false, maxNumbers?: number) =>
  parseLotteryNumbers({
    text,
    betType,
    permute,
    maxNumbers: maxNumbers ?? DEFAULT_LOTTERY_LIMITS.maxNumbersPerItem[betType],
  });
const numbers = (...args: Parameters<typeof parse>) => {
  const result = parse(...args);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
};

describe('number grammar (lottery.md §4)', () => {
  it('reads single numbers of exactly d digits', () => {
    expect(numbers('07')).toEqual(['07']);
    expect(numbers('386', '3D')).toEqual(['386']);
    expect(numbers('000', '3D')).toEqual(['000']);
  });

  it('reads inclusive dash ranges, also with spaces and typographic dashes around the dash', () => {
    expect(numbers('10-14')).toEqual(['10', '11', '12', '13', '14']);
    expect(numbers('10 - 12')).toEqual(['10', '11', '12']);
    expect(numbers('10–11')).toEqual(['10', '11']);
    expect(numbers('05-05')).toEqual(['05']);
    expect(numbers('00-99')).toHaveLength(100);
    expect(numbers('998-999', '3D')).toEqual(['998', '999']);
  });

  it('expands * to every digit in its place', () => {
    expect(numbers('1*')).toEqual(['10', '11', '12', '13', '14', '15', '16', '17', '18', '19']);
    expect(numbers('*5')).toEqual(['05', '15', '25', '35', '45', '55', '65', '75', '85', '95']);
    expect(numbers('1*3', '3D')).toHaveLength(10);
    expect(numbers('**')).toHaveLength(100);
  });

  it('adds every distinct digit order with permute', () => {
    expect(numbers('12', '2D', true)).toEqual(['12', '21']);
    expect(numbers('112', '3D', true)).toEqual(['112', '121', '211']);
    expect(numbers('123', '3D', true)).toEqual(['123', '132', '213', '231', '312', '321']);
    expect(numbers('33', '2D', true)).toEqual(['33']);
    expect(numbers('10-11', '2D', true)).toEqual(['01', '10', '11']);
    expect(digitPermutations('007')).toEqual(['007', '070', '700']);
  });

  it('splits on commas, spaces and new lines, de-duplicates and sorts', () => {
    expect(numbers('14, 10\n12  10,,11')).toEqual(['10', '11', '12', '14']);
    expect(numbers(' 99 ,\r\n 00 ')).toEqual(['00', '99']);
  });

  it('reads Khmer digits ០–៩ as 0–9', () => {
    expect(numbers('០៧')).toEqual(['07']);
    expect(numbers('១០-១២')).toEqual(['10', '11', '12']);
    expect(numbers('៩៨៧ ១២៣', '3D')).toEqual(['123', '987']);
    expect(numbers('៥*')).toHaveLength(10);
  });

  it.each([
    ['7', '2D', 'WRONG_DIGIT_COUNT', '7'],
    ['007', '2D', 'WRONG_DIGIT_COUNT', '007'],
    ['12', '3D', 'WRONG_DIGIT_COUNT', '12'],
    ['1*', '3D', 'WRONG_DIGIT_COUNT', '1*'],
    ['10-5', '2D', 'WRONG_DIGIT_COUNT', '10-5'],
    ['14-10', '2D', 'REVERSED_RANGE', '14-10'],
    ['1*-20', '2D', 'WILDCARD_IN_RANGE', '1*-20'],
    ['12, 1a', '2D', 'NOT_A_NUMBER', '1a'],
    ['10-12-14', '2D', 'NOT_A_NUMBER', '10-12-14'],
    ['-12', '2D', 'NOT_A_NUMBER', '-12'],
    ['12.5', '2D', 'NOT_A_NUMBER', '12.5'],
    // The token is shown as the player typed it, Khmer digits included.
    ['១០ ១២៣', '2D', 'WRONG_DIGIT_COUNT', '១២៣'],
  ] as const)('refuses %j for %s as %s naming %j', (text, betType, problem, token) => {
    const result = parse(text, betType);
    expect(result).toEqual({ ok: false, error: { code: 'INVALID_NUMBERS', problem, token } });
    expect(!result.ok && lotteryErrorMessage(result.error)).toBe(`The number "${token}" is not valid.`);
  });

  it.each(['', '  ', ',\n,'])('refuses %j as empty', (text) => {
    expect(parse(text)).toEqual({ ok: false, error: { code: 'INVALID_NUMBERS', problem: 'EMPTY' } });
  });

  it('caps the expanded count per bet type (defaults 100 / 1000), after permute and de-duplication', () => {
    expect(numbers('00-99')).toHaveLength(100);
    expect(numbers('000-999', '3D')).toHaveLength(1000);
    expect(numbers('000-999', '3D', true)).toHaveLength(1000);
    expect(numbers('10-19, 1*', '2D', false, 10)).toHaveLength(10);
    expect(parse('10-20', '2D', false, 10)).toEqual({
      ok: false,
      error: { code: 'TOO_MANY_NUMBERS', count: 11, max: 10 },
    });
    expect(parse('10-14', '2D', true, 8)).toEqual({
      ok: false,
      error: { code: 'TOO_MANY_NUMBERS', count: 9, max: 8 },
    });
  });
});
