import { describe, expect, it } from 'vitest';
import {
  localDateOf,
  localDaysRangeMs,
  uncachedTimeZoneOffsetMs,
  parseLocalDate,
  timeZoneOffsetMs,
  type LocalDate,
} from './local-day';

describe('local days', () => {
  it('parses real dates only', () => {
    expect(parseLocalDate('2026-11-21').ok).toBe(true);
    expect(parseLocalDate('2026-02-30').ok).toBe(false);
    expect(parseLocalDate('21-11-2026').ok).toBe(false);
  });

  it('turns a range of Phnom Penh days into a half-open UTC range', () => {
    const r = localDaysRangeMs('2026-11-21' as LocalDate, '2026-11-22' as LocalDate, 'Asia/Phnom_Penh');
    expect(new Date(r.fromMs).toISOString()).toBe('2026-11-20T17:00:00.000Z');
    expect(new Date(r.toMs).toISOString()).toBe('2026-11-22T17:00:00.000Z');
  });

  it('handles a daylight-saving day', () => {
    // Europe/London springs forward on 2026-03-29: that day has 23 hours.
    const r = localDaysRangeMs('2026-03-29' as LocalDate, '2026-03-29' as LocalDate, 'Europe/London');
    expect((r.toMs - r.fromMs) / 3_600_000).toBe(23);
  });

  it('finds the local date of an instant', () => {
    expect(localDateOf(Date.UTC(2026, 10, 20, 17, 0), 'Asia/Phnom_Penh')).toBe('2026-11-21');
    expect(localDateOf(Date.UTC(2026, 10, 20, 16, 59), 'Asia/Phnom_Penh')).toBe('2026-11-20');
  });

  it('remembers offsets per quarter hour without ever answering a different one than Intl', () => {
    const cases: [string, string][] = [
      ['America/New_York', '2026-03-08T06:00:00Z'], // spring forward at 07:00 UTC
      ['America/New_York', '2026-11-01T05:00:00Z'], // fall back at 06:00 UTC
      ['Australia/Lord_Howe', '2026-04-04T14:00:00Z'], // a half-hour daylight saving change
      ['Asia/Kathmandu', '2026-06-01T00:00:00Z'], // +05:45
      ['Asia/Bangkok', '1920-03-31T17:17:56Z'], // Bangkok mean time (+06:42:04) to +07:00, off the quarter hour
    ];
    for (const [zone, around] of cases) {
      const centre = Date.parse(around);
      for (let atMs = centre - 2 * 3_600_000; atMs <= centre + 2 * 3_600_000; atMs += 61_000) {
        const expected = uncachedTimeZoneOffsetMs(atMs, zone);
        // Twice: the first call may fill the memory, the second is answered from it.
        expect([timeZoneOffsetMs(atMs, zone), timeZoneOffsetMs(atMs, zone)], `${zone} ${atMs}`).toEqual([
          expected,
          expected,
        ]);
      }
    }
  });
});
