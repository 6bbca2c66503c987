import { describe, expect, it } from 'vitest';
import { AssertionError } from '../control/control';
import type { LocalDate } from '../time/local-day';
import {
  DEFAULT_LOTTERY_SCHEDULE,
  checkLotterySchedule,
  fastTnDrawsAfter,
  fastTnPeriod,
  isoInTimeZone,
  lotteryDrawsOfDay,
  secondsToCutoff,
  type LotteryScheduleEntry,
} from './schedule';

const day = '2025-06-01' as LocalDate;
const iso = (ms: number) => isoInTimeZone(ms);

describe('the default schedule (lottery.md §1)', () => {
  const draws = lotteryDrawsOfDay(day);

  it('has 19 draws a day: VN 16:15 / 17:15 / 18:15, KH 16:30 / 17:30 / 18:30, TN hourly 09:00–21:00', () => {
    expect(draws).toHaveLength(19);
    const vnAndKh = draws.filter((d) => d.type !== 'TN');
    expect(
      vnAndKh.map((d) => [d.code, d.layout, iso(d.drawAtMs).slice(11, 16), iso(d.cutoffAtMs).slice(11, 16)]),
    ).toEqual([
      ['VN-S-20250601', 'VN_SOUTH', '16:15', '16:05'],
      ['KH-4-20250601', 'KH', '16:30', '16:20'],
      ['VN-C-20250601', 'VN_SOUTH', '17:15', '17:05'],
      ['KH-5-20250601', 'KH', '17:30', '17:20'],
      ['VN-N-20250601', 'VN_NORTH', '18:15', '18:05'],
      ['KH-6-20250601', 'KH', '18:30', '18:20'],
    ]);
    const tn = draws.filter((d) => d.type === 'TN');
    expect(tn).toHaveLength(13);
    expect(tn[0]).toEqual({
      code: 'TN-20250601-0900',
      type: 'TN',
      layout: 'TN',
      drawAtMs: Date.UTC(2025, 5, 1, 2, 0),
      cutoffAtMs: Date.UTC(2025, 5, 1, 1, 57),
    });
    expect(tn.at(-1)?.code).toBe('TN-20250601-2100');
  });

  it('is in Phnom Penh time (UTC+7) and prints times with the +07:00 offset', () => {
    const vnSouth = draws.find((d) => d.code === 'VN-S-20250601')!;
    expect(vnSouth.drawAtMs).toBe(Date.UTC(2025, 5, 1, 9, 15));
    expect(iso(vnSouth.drawAtMs)).toBe('2025-06-01T16:15:00.000+07:00');
    expect(isoInTimeZone(vnSouth.drawAtMs, 'UTC')).toBe('2025-06-01T09:15:00.000+00:00');
  });

  it('passes its own check', () => {
    expect(checkLotterySchedule(DEFAULT_LOTTERY_SCHEDULE)).toEqual({ ok: true, value: null });
  });
});

describe('a configured schedule', () => {
  const base: LotteryScheduleEntry = {
    code: 'VN-S',
    type: 'VN',
    layout: 'VN_SOUTH',
    drawTime: '16:15',
    cutoffMinutes: 10,
    weekdays: ['MON'],
  };

  it('keeps a draw to its weekdays', () => {
    expect(lotteryDrawsOfDay('2025-06-02' as LocalDate, [base]).map((d) => d.code)).toEqual([
      'VN-S-20250602',
    ]);
    expect(lotteryDrawsOfDay(day, [base])).toEqual([]);
  });

  it.each([
    [{ code: 'vn-s' }, 'the code'],
    [{ layout: 'KH' }, 'cannot draw on layout KH'],
    [{ drawTime: '24:00' }, 'HH:MM'],
    [{ drawTime: '9:00' }, 'HH:MM'],
    [{ cutoffMinutes: -1 }, 'cut-off minutes'],
    [{ cutoffMinutes: 1.5 }, 'cut-off minutes'],
    [{ drawTime: '00:05' }, 'the day before'],
    [{ weekdays: [] }, 'weekdays'],
    [{ weekdays: ['MONDAY'] }, 'weekdays'],
  ] as const)('refuses %j', (change, message) => {
    const result = checkLotterySchedule([{ ...base, ...change } as LotteryScheduleEntry]);
    expect(!result.ok && result.error).toContain(message);
  });

  it('refuses two draws with one code on a day, but not two TN draws at different times', () => {
    expect(checkLotterySchedule([base, { ...base, drawTime: '17:15' }]).ok).toBe(false);
    const tn: LotteryScheduleEntry = { ...base, code: 'TN', type: 'TN', layout: 'TN', cutoffMinutes: 3 };
    expect(checkLotterySchedule([tn, { ...tn, drawTime: '17:15' }]).ok).toBe(true);
    expect(checkLotterySchedule([tn, tn]).ok).toBe(false);
  });
});

describe('the fast TN schedule', () => {
  const fast = { everySeconds: 2.5, cutoffSeconds: 0.5 };

  it('draws on whole multiples of the period after the given instant, cut-off before each', () => {
    expect(fastTnDrawsAfter(fast, 10_000, 3)).toEqual([
      { drawAtMs: 12_500, cutoffAtMs: 12_000 },
      { drawAtMs: 15_000, cutoffAtMs: 14_500 },
      { drawAtMs: 17_500, cutoffAtMs: 17_000 },
    ]);
    expect(fastTnDrawsAfter(fast, 12_500, 1)).toEqual([{ drawAtMs: 15_000, cutoffAtMs: 14_500 }]);
    expect(fastTnDrawsAfter(fast, 12_499, 1)).toEqual([{ drawAtMs: 12_500, cutoffAtMs: 12_000 }]);
  });

  it('refuses a period without a betting window', () => {
    expect(fastTnPeriod({ everySeconds: 3, cutoffSeconds: 3 }).ok).toBe(false);
    expect(fastTnPeriod({ everySeconds: 0, cutoffSeconds: 0 }).ok).toBe(false);
    expect(fastTnPeriod({ everySeconds: 1, cutoffSeconds: -1 }).ok).toBe(false);
    expect(fastTnPeriod({ everySeconds: 0.25, cutoffSeconds: 0.1 })).toEqual({
      ok: true,
      value: { everyMs: 250, cutoffMs: 100 },
    });
    expect(() => fastTnDrawsAfter({ everySeconds: 3, cutoffSeconds: 3 }, 0, 1)).toThrow(AssertionError);
  });

  it('counts whole seconds to the cut-off, never below 0', () => {
    expect(secondsToCutoff(1000, 3999)).toBe(2);
    expect(secondsToCutoff(1000, 4000)).toBe(3);
    expect(secondsToCutoff(4000, 4000)).toBe(0);
    expect(secondsToCutoff(5000, 4000)).toBe(0);
  });
});
