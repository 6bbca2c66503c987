import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatDateTime,
  formatRiel,
  formatSignedRiel,
  formatThousands,
  formatTicketId,
} from './format';

describe('formatting (seed §9)', () => {
  it('signs a win/lose with + and the one minus sign U+2212 (issue 26, item 12)', () => {
    expect(formatSignedRiel(950)).toBe('+950 ៛');
    expect(formatSignedRiel(-1_200)).toBe('\u22121,200 ៛');
    expect(formatSignedRiel(0)).toBe('0 ៛');
  });

  it('writes riel with thousands separators and the riel sign after the number', () => {
    expect(formatRiel(12500)).toBe('12,500 ៛');
    expect(formatRiel(0)).toBe('0 ៛');
    expect(formatRiel(1_000_000)).toBe('1,000,000 ៛');
    expect(formatThousands(-1234567)).toBe('-1,234,567');
    expect(formatThousands(999)).toBe('999');
  });

  it('abbreviates with K/M/B, one decimal, never rounding up', () => {
    expect(formatCompact(1500)).toBe('1.5K');
    expect(formatCompact(2_000_000)).toBe('2M');
    expect(formatCompact(3_000_000_000)).toBe('3B');
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(1999)).toBe('1.9K');
    expect(formatCompact(-2500)).toBe('-2.5K');
  });

  it('pads ticket ids to 7 digits', () => {
    expect(formatTicketId(1234)).toBe('0001234');
    expect(formatTicketId(12345678)).toBe('12345678');
  });

  it('formats dates as DD-MM-YYYY hh:mm A in Phnom Penh time', () => {
    // 2026-11-21T05:07:00Z is 12:07 PM in Phnom Penh (UTC+7).
    expect(formatDateTime(Date.UTC(2026, 10, 21, 5, 7))).toBe('21-11-2026 12:07 PM');
    expect(formatDateTime(Date.UTC(2026, 10, 20, 17, 30))).toBe('21-11-2026 12:30 AM');
    expect(formatDateTime(Date.UTC(2026, 10, 21, 14, 5))).toBe('21-11-2026 09:05 PM');
  });
});
