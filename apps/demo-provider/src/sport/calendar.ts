import { DAYTIME_ROUND_MS, type SportSettings } from './settings';

/*
 * When Demo League's rounds kick off. Round numbers are global and increase with time, so round n's pairings are
 * roundRobinRound(n) wherever the clock is. Around the clock (rounds shorter than 30 min): round n kicks off at
 * n × round length since the Unix epoch. By day: round n is slot n mod S of Phnom Penh day ⌊n / S⌋, slot k at
 * 08:00 + k × round length, S the number of slots up to 23:30. Phnom Penh keeps UTC+7 all year.
 */

export const PHNOM_PENH_OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;
const FIRST_KICKOFF_MS = 8 * 3_600_000;
const LAST_KICKOFF_MS = 23 * 3_600_000 + 30 * 60_000;

type Timing = Pick<SportSettings, 'roundMs'>;

const aroundTheClock = ({ roundMs }: Timing) => roundMs < DAYTIME_ROUND_MS;

export function slotsPerDay({ roundMs }: Timing): number {
  return Math.floor((LAST_KICKOFF_MS - FIRST_KICKOFF_MS) / roundMs) + 1;
}

export function kickoffOf(roundIndex: number, timing: Timing): number {
  if (aroundTheClock(timing)) return roundIndex * timing.roundMs;
  const perDay = slotsPerDay(timing);
  const day = Math.floor(roundIndex / perDay);
  return day * DAY_MS - PHNOM_PENH_OFFSET_MS + FIRST_KICKOFF_MS + (roundIndex % perDay) * timing.roundMs;
}

/** The first round whose kick-off is strictly after `now` (a round kicking off now is closed). */
export function nextRoundIndex(now: number, timing: Timing): number {
  if (aroundTheClock(timing)) return Math.floor(now / timing.roundMs) + 1;
  const perDay = slotsPerDay(timing);
  const local = now + PHNOM_PENH_OFFSET_MS;
  const day = Math.floor(local / DAY_MS);
  const timeOfDay = local - day * DAY_MS;
  if (timeOfDay < FIRST_KICKOFF_MS) return day * perDay;
  const slot = Math.floor((timeOfDay - FIRST_KICKOFF_MS) / timing.roundMs) + 1;
  return slot >= perDay ? (day + 1) * perDay : day * perDay + slot;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYYMMDD-HHMM-n` in Phnom Penh time (`YYYYMMDD-HHMMSS-n` when the kick-off is not on a whole minute). */
export function fixtureIdOf(kickoffAt: number, matchNo: number): string {
  const t = new Date(kickoffAt + PHNOM_PENH_OFFSET_MS);
  const date = `${t.getUTCFullYear()}${pad(t.getUTCMonth() + 1)}${pad(t.getUTCDate())}`;
  const seconds = t.getUTCSeconds();
  const time = `${pad(t.getUTCHours())}${pad(t.getUTCMinutes())}${seconds === 0 ? '' : pad(seconds)}`;
  return `${date}-${time}-${matchNo}`;
}
