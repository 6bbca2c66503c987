import type { Pool } from '../lotto59/constants';

/*
 * Seed §3, §4: the `poll` and `sound` cookies the player's browser keeps, and their rules. Pure: the web app
 * reads and writes the cookies, these functions say what the values must be.
 */

/** Seed §3: the sound cookie's values; seed §4: enabled unless the player turned it off. */
export const SOUND_STATES = ['ENABLED', 'DISABLED'] as const;
export type SoundState = (typeof SOUND_STATES)[number];
export const DEFAULT_SOUND_STATE: SoundState = 'ENABLED';

/** The sound state a cookie value stands for: only an explicit DISABLED turns sound off. */
export function soundStateOf(cookieValue: string | null): SoundState {
  return cookieValue === 'DISABLED' ? 'DISABLED' : DEFAULT_SOUND_STATE;
}

/** The parts of the user detail (seed §3) the pool rules read. */
export interface PoolSettings {
  readonly enableFastGamePlay: boolean;
  readonly setting: { readonly enabled_poll_1: boolean };
}

/**
 * Seed §4: the poll cookie must become POLL_2 when it is absent and fast game play is on, or when it says
 * POLL_1 but the player's setting turns poll 1 off. Returns the value to write, or null when the cookie stays
 * as it is.
 */
export function requiredPollCookie(current: string | null, user: PoolSettings): Pool | null {
  const mustBePoll2 =
    (current === null && user.enableFastGamePlay) || (current === 'POLL_1' && !user.setting.enabled_poll_1);
  return mustBePoll2 ? 'POLL_2' : null;
}
