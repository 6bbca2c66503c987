import { describe, expect, it } from 'vitest';
import { formatDayMonthYear, parseDayMonthYear } from './day-month-year';

describe('DD-MM-YYYY dates (seed)', () => {
  it.each([
    ['01-11-2026', '2026-11-01'],
    ['1-11-2026', '2026-11-01'],
    ['1/11/2026', '2026-11-01'],
    [' 29.02.2028 ', '2028-02-29'],
    ['01112026', '2026-11-01'],
    ['០១-១១-២០២៦', '2026-11-01'],
    ['', ''],
  ])('reads %j as %j', (typed, iso) => {
    expect(parseDayMonthYear(typed)).toBe(iso);
  });

  it.each(['2026-11-01', '31-11-2026', '29-02-2027', '00-01-2026', '1-1-26', 'yesterday', '12-13-2026'])(
    'refuses %j',
    (typed) => {
      expect(parseDayMonthYear(typed)).toBeNull();
    },
  );

  it('shows the API date as DD-MM-YYYY, and back', () => {
    expect(formatDayMonthYear('2026-11-01')).toBe('01-11-2026');
    expect(parseDayMonthYear(formatDayMonthYear('2026-02-28'))).toBe('2026-02-28');
  });
});
