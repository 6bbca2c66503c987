/**
 * The cookies of seed §3 and their rules (seed §4). Only cookies the page can see are touched here; the
 * session cookie is HttpOnly and only the server (logout) can end it.
 */

export const COOKIE = {
  poll: 'poll',
  sound: 'sound',
  resetToken: 'reset_token',
  xsrf: 'XSRF-TOKEN',
} as const;

export const POLLS = ['POLL_1', 'POLL_2'] as const;
export type Poll = (typeof POLLS)[number];
export const SOUND_STATES = ['ENABLED', 'DISABLED'] as const;
export type SoundState = (typeof SOUND_STATES)[number];

/**
 * The value of the reset-token cookie. Seed §4: on the first load (no such cookie, or one from an older
 * release) every cookie is cleared once, then this is written so it never happens again. Changing it
 * makes every browser start clean once more.
 */
export const RESET_TOKEN_VALUE = 'v1';

/** Cookies live a year unless said otherwise; all on path `/`. */
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

export function readCookie(name: string): string | null {
  for (const pair of document.cookie.split(';')) {
    const [rawName, ...rest] = pair.trim().split('=');
    if (rawName !== name) continue;
    const raw = rest.join('=');
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

export function writeCookie(name: string, value: string, maxAgeSeconds = COOKIE_MAX_AGE_SECONDS): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; samesite=lax`;
}

export function removeCookie(name: string): void {
  document.cookie = `${name}=; path=/; max-age=0; samesite=lax`;
}

/** Every cookie this page can see (logout, first load). */
export function clearAllCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) removeCookie(name);
  }
}

/** Seed §4: on first load, clear all cookies once and set the reset token. Returns whether it cleared. */
export function resetCookiesOnFirstLoad(): boolean {
  if (readCookie(COOKIE.resetToken) === RESET_TOKEN_VALUE) return false;
  clearAllCookies();
  writeCookie(COOKIE.resetToken, RESET_TOKEN_VALUE);
  return true;
}

/** The parts of the user detail (seed §3) the poll rule reads. */
export interface PollSettings {
  enableFastGamePlay: boolean;
  setting: { enabled_poll_1: boolean };
}

/**
 * Seed §4: the poll cookie becomes POLL_2 when it is absent and fast game play is on, or when it says
 * POLL_1 but the player's setting turns poll 1 off. Otherwise it stays as it is. Returns the value now set.
 */
export function applyPollRule(user: PollSettings): string | null {
  const poll = readCookie(COOKIE.poll);
  const mustBePoll2 =
    (poll === null && user.enableFastGamePlay) || (poll === 'POLL_1' && !user.setting.enabled_poll_1);
  if (mustBePoll2) {
    writeCookie(COOKIE.poll, 'POLL_2');
    return 'POLL_2';
  }
  return poll;
}

/** Seed §4: sound is enabled unless the player turned it off. */
export function readSoundState(): SoundState {
  return readCookie(COOKIE.sound) === 'DISABLED' ? 'DISABLED' : 'ENABLED';
}

export function writeSoundState(state: SoundState): void {
  writeCookie(COOKIE.sound, state);
}
