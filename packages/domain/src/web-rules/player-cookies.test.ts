import { describe, expect, it } from 'vitest';
import { requiredPollCookie, soundStateOf } from './player-cookies';
import { choosablePools, isPool } from './pools';

const user = (enableFastGamePlay: boolean, enabledPoll1: boolean) => ({
  enableFastGamePlay,
  setting: { enabled_poll_1: enabledPoll1 },
});

describe('poll cookie rule (seed §4)', () => {
  it('sets POLL_2 when the cookie is absent and fast game play is on', () => {
    expect(requiredPollCookie(null, user(true, true))).toBe('POLL_2');
    expect(requiredPollCookie(null, user(true, false))).toBe('POLL_2');
  });

  it('leaves an absent cookie absent without fast game play', () => {
    expect(requiredPollCookie(null, user(false, true))).toBeNull();
    expect(requiredPollCookie(null, user(false, false))).toBeNull();
  });

  it('moves POLL_1 to POLL_2 when the setting turns poll 1 off, and keeps it otherwise', () => {
    expect(requiredPollCookie('POLL_1', user(false, false))).toBe('POLL_2');
    expect(requiredPollCookie('POLL_1', user(true, true))).toBeNull();
  });

  it('never touches POLL_2', () => {
    for (const fast of [true, false])
      for (const poll1 of [true, false]) expect(requiredPollCookie('POLL_2', user(fast, poll1))).toBeNull();
  });

  it('offers POLL_1 only when the setting allows it', () => {
    expect(choosablePools(user(false, true))).toEqual(['POLL_1', 'POLL_2']);
    expect(choosablePools(user(true, false))).toEqual(['POLL_2']);
  });

  it('recognises the pool vocabulary', () => {
    expect(isPool('POLL_1')).toBe(true);
    expect(isPool('POLL_3')).toBe(false);
    expect(isPool(null)).toBe(false);
  });
});

describe('sound cookie (seed §4)', () => {
  it('is enabled unless it says DISABLED', () => {
    expect(soundStateOf(null)).toBe('ENABLED');
    expect(soundStateOf('ENABLED')).toBe('ENABLED');
    expect(soundStateOf('junk')).toBe('ENABLED');
    expect(soundStateOf('DISABLED')).toBe('DISABLED');
  });
});
