/**
 * The cookies of seed §3 and their rules (seed §4). Only cookies the page can see are touched here; the
 * session cookie is HttpOnly and only the server (logout) can end it.
 */
import { requiredPollCookie, soundStateOf, type PoolSettings, type SoundState } from '@lotto59/domain';

export const COOKIE = {
  poll: 'poll',
  sound: 'sound',
  resetToken: 'reset_token',
  xsrf: 'XSRF-TOKEN',
} as const;

// The values and rules of the poll and sound cookies are product rules: @lotto59/domain (`POOLS`,
// `SOUND_STATES`, `requiredPollCookie`, `soundStateOf`). This file reads and writes the cookies.

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

/**
 * Seed §4: applies the poll cookie rule (`requiredPollCookie`) to a user detail that arrived. Returns the
 * value now set (null when absent).
 */
export function applyPollRule(user: PoolSettings): string | null {
  const poll = readCookie(COOKIE.poll);
  const required = requiredPollCookie(poll, user);
  if (required === null) return poll;
  writeCookie(COOKIE.poll, required);
  return required;
}

/** Seed §4: sound is enabled unless the player turned it off. */
export function readSoundState(): SoundState {
  return soundStateOf(readCookie(COOKIE.sound));
}

export function writeSoundState(state: SoundState): void {
  writeCookie(COOKIE.sound, state);
}
