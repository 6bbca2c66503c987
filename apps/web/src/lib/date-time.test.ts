import { describe, expect, it } from 'vitest';
import { formatDateTimeIn } from './date-time';

describe('formatDateTimeIn (seed: DD-MM-YYYY hh:mm A, Phnom Penh time)', () => {
  it('writes the day period in Khmer in the Khmer interface', () => {
    expect(formatDateTimeIn('km', '2026-11-21T05:00:00.000Z')).toBe('21-11-2026 12:00 ល្ងាច');
    expect(formatDateTimeIn('km', '2026-11-20T20:05:00.000Z')).toBe('21-11-2026 03:05 ព្រឹក');
  });

  it('keeps AM and PM in English', () => {
    expect(formatDateTimeIn('en', '2026-11-21T05:00:00.000Z')).toBe('21-11-2026 12:00 PM');
    expect(formatDateTimeIn('en', '2026-11-20T20:05:00.000Z')).toBe('21-11-2026 03:05 AM');
  });
});
