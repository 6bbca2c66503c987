import { describe, expect, it } from 'vitest';
import { localDateOf, localDaysRangeMs, parseLocalDate, type LocalDate } from './local-day';

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
});
