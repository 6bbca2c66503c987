import { describe, expect, it } from 'vitest';
import { fixtureIdOf, kickoffOf, nextRoundIndex, slotsPerDay } from './calendar';
import { DEFAULT_SPORT_SETTINGS, sportSettingsFromEnv } from './settings';

const at = (iso: string) => Date.parse(iso);

describe('the Demo League calendar (providers.md §7.4)', () => {
  const daily = { roundMs: 30 * 60_000 };

  it('plays 08:00 to 23:30 Phnom Penh (UTC+7) every 30 minutes: 32 rounds a day', () => {
    expect(slotsPerDay(daily)).toBe(32);
    // 07:59 local → the day's first round at 08:00 local = 01:00 UTC.
    const first = nextRoundIndex(at('2026-11-23T00:59:00Z'), daily);
    expect(new Date(kickoffOf(first, daily)).toISOString()).toBe('2026-11-23T01:00:00.000Z');
    // A round kicking off now is closed: the next one is 30 minutes later.
    expect(kickoffOf(nextRoundIndex(at('2026-11-23T01:00:00Z'), daily), daily)).toBe(
      at('2026-11-23T01:30:00Z'),
    );
    // After the 23:30 round, the next is 08:00 the next day.
    const late = nextRoundIndex(at('2026-11-23T16:30:00Z'), daily);
    expect(new Date(kickoffOf(late, daily)).toISOString()).toBe('2026-11-24T01:00:00.000Z');
    expect(kickoffOf(late - 1, daily)).toBe(at('2026-11-23T16:30:00Z'));
  });

  it('plays around the clock when rounds are shorter than 30 minutes, in whole seconds', () => {
    const fast = sportSettingsFromEnv({ SPORT_ROUND_MINUTES: '0.2', SPORT_MATCH_MINUTES: '0.1' });
    expect(fast).toMatchObject({ roundMs: 12_000, matchMs: 6_000, roundsAhead: 8 });
    expect(fast.pollMs).toBeLessThanOrEqual(1_500);
    const now = at('2026-11-23T20:00:05Z'); // 03:00:05 local, outside the daytime window
    const next = nextRoundIndex(now, fast);
    expect(kickoffOf(next, fast)).toBe(at('2026-11-23T20:00:12Z'));
    expect(fixtureIdOf(kickoffOf(next, fast), 2)).toBe('20261124-030012-2');
  });

  it('names fixtures by Phnom Penh kick-off and match number, and reads the defaults', () => {
    expect(fixtureIdOf(at('2026-11-23T01:00:00Z'), 1)).toBe('20261123-0800-1');
    expect(sportSettingsFromEnv({})).toEqual(DEFAULT_SPORT_SETTINGS);
    expect(() => sportSettingsFromEnv({ SPORT_ROUND_MINUTES: '0' })).toThrow();
  });
});
