import { describe, expect, it } from 'vitest';
import {
  applyPollRule,
  clearAllCookies,
  readCookie,
  readSoundState,
  RESET_TOKEN_VALUE,
  resetCookiesOnFirstLoad,
  writeCookie,
  writeSoundState,
} from './cookies';

const cookieNames = () =>
  document.cookie
    .split(';')
    .map((pair) => pair.split('=')[0]?.trim())
    .filter(Boolean)
    .sort();

describe('first load (seed §4)', () => {
  it('clears every cookie once and sets the reset token; later loads clear nothing', () => {
    writeCookie('poll', 'POLL_1');
    writeCookie('sound', 'DISABLED');
    writeCookie('XSRF-TOKEN', 'stale');

    expect(resetCookiesOnFirstLoad()).toBe(true);
    expect(cookieNames()).toEqual(['reset_token']);
    expect(readCookie('reset_token')).toBe(RESET_TOKEN_VALUE);

    writeCookie('poll', 'POLL_2');
    expect(resetCookiesOnFirstLoad()).toBe(false);
    expect(readCookie('poll')).toBe('POLL_2');
  });

  it('clears again when the reset token is from an older release', () => {
    writeCookie('reset_token', 'v0');
    writeCookie('poll', 'POLL_1');
    expect(resetCookiesOnFirstLoad()).toBe(true);
    expect(readCookie('poll')).toBeNull();
  });

  it('clearAllCookies removes everything the page can see', () => {
    writeCookie('a', '1');
    writeCookie('b', '2');
    clearAllCookies();
    expect(cookieNames()).toEqual([]);
  });
});

describe('poll cookie (seed §4)', () => {
  const user = (enableFastGamePlay: boolean, enabledPoll1: boolean) => ({
    enableFastGamePlay,
    setting: { enabled_poll_1: enabledPoll1 },
  });

  it('sets POLL_2 when absent and fast game play is on', () => {
    expect(applyPollRule(user(true, true))).toBe('POLL_2');
    expect(readCookie('poll')).toBe('POLL_2');
  });

  it('leaves it absent when fast game play is off', () => {
    expect(applyPollRule(user(false, true))).toBeNull();
    expect(applyPollRule(user(false, false))).toBeNull();
    expect(readCookie('poll')).toBeNull();
  });

  it('moves POLL_1 to POLL_2 when the setting turns poll 1 off, and keeps it otherwise', () => {
    writeCookie('poll', 'POLL_1');
    expect(applyPollRule(user(true, true))).toBe('POLL_1');
    expect(applyPollRule(user(false, false))).toBe('POLL_2');
    expect(readCookie('poll')).toBe('POLL_2');
  });

  it('keeps POLL_2 whatever the settings', () => {
    writeCookie('poll', 'POLL_2');
    expect(applyPollRule(user(false, true))).toBe('POLL_2');
  });
});

describe('sound cookie (seed §4)', () => {
  it('is ENABLED by default and keeps the player’s choice', () => {
    expect(readSoundState()).toBe('ENABLED');
    writeSoundState('DISABLED');
    expect(readCookie('sound')).toBe('DISABLED');
    expect(readSoundState()).toBe('DISABLED');
    writeSoundState('ENABLED');
    expect(readSoundState()).toBe('ENABLED');
  });
});
