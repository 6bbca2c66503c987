import { describe, expect, it } from 'vitest';
import { SMALL_JACKPOT_TIER, winnersBannerDurationMs } from './winners-banner';

describe('winners banner timers (seed §4)', () => {
  it('stays 60 s when it carries a message, whatever the winners', () => {
    expect(winnersBannerDurationMs({ message: 'Happy new year', winnerCount: 0 })).toBe(60_000);
    expect(winnersBannerDurationMs({ message: 'm', winnerCount: 9 })).toBe(60_000);
  });

  it('otherwise 10 s plus 10 s per winner', () => {
    expect(winnersBannerDurationMs({ winnerCount: 0 })).toBe(10_000);
    expect(winnersBannerDurationMs({ message: null, winnerCount: 1 })).toBe(20_000);
    expect(winnersBannerDurationMs({ message: '', winnerCount: 3 })).toBe(40_000);
  });

  it('tier 2 is the small jackpot', () => {
    expect(SMALL_JACKPOT_TIER).toBe(2);
  });
});
