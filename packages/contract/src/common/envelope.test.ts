import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { LOCAL_DATE_MAX, LOCAL_DATE_MIN, localDateSchema } from './envelope';

const messagesOf = (value: unknown) => {
  const parsed = localDateSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('localDateSchema (every date parameter of the API)', () => {
  it('accepts the bounds and the days between them', () => {
    for (const date of [LOCAL_DATE_MIN, '2026-11-23', LOCAL_DATE_MAX]) {
      expect(localDateSchema.safeParse(date)).toEqual({ success: true, data: date });
    }
  });

  it('refuses far dates with one message', () => {
    for (const date of ['9999-12-31', '0000-01-01', '1999-12-31', '2101-01-01']) {
      expect(messagesOf(date)).toEqual(['The date must be between 2000-01-01 and 2100-12-31.']);
    }
  });

  it('refuses what is not YYYY-MM-DD with the form message only', () => {
    for (const value of ['', '2026-1-01', '+10000-01-01', '2026-11-23T00:00', 'abc']) {
      expect(messagesOf(value)).toEqual(['The date must be YYYY-MM-DD.']);
    }
    expect(z.safeParse(localDateSchema, 20261123).success).toBe(false);
  });
});
