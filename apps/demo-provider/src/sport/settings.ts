/*
 * Demo League's clock settings (providers.md §7.4): a round of 4 matches every SPORT_ROUND_MINUTES (30) from
 * 08:00 to 23:30 Phnom Penh time, around the clock when the round is shorter than 30 minutes (tests, demos);
 * each match "lasts" SPORT_MATCH_MINUTES (10). Both take decimals, so a demo can run rounds of seconds.
 */

export interface SportSettings {
  /** Time between two rounds' kick-offs, whole seconds in ms (at least 1 s). */
  roundMs: number;
  /** Kick-off to full-time score. */
  matchMs: number;
  /** How many rounds are published ahead of the clock. */
  roundsAhead: number;
  /** A fixture still without a result this long after kick-off is voided (the 48 h postponement rule). */
  autoVoidMs: number;
  /** How often the sportsbook worker publishes, results, voids and settles (0: tests drive it). */
  pollMs: number;
}

export const DEFAULT_SPORT_SETTINGS: SportSettings = {
  roundMs: 30 * 60_000,
  matchMs: 10 * 60_000,
  roundsAhead: 8,
  autoVoidMs: 48 * 3_600_000,
  pollMs: 2_000,
};

/** Below this round length the league plays around the clock instead of 08:00–23:30. */
export const DAYTIME_ROUND_MS = 30 * 60_000;

function minutesToMs(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text.trim() === '') return fallback;
  const minutes = Number(text);
  if (!Number.isFinite(minutes) || minutes <= 0)
    throw new Error(`${name} must be a positive number of minutes`);
  // Whole seconds: kick-offs land on a second, and the fixture ids (which carry the kick-off time) stay unique.
  return Math.max(1_000, Math.round(minutes * 60) * 1_000);
}

/** SPORT_ROUND_MINUTES and SPORT_MATCH_MINUTES from the environment, the rest at their defaults. */
export function sportSettingsFromEnv(env: Record<string, string | undefined>): SportSettings {
  const roundMs = minutesToMs('SPORT_ROUND_MINUTES', env.SPORT_ROUND_MINUTES, DEFAULT_SPORT_SETTINGS.roundMs);
  const matchMs = minutesToMs('SPORT_MATCH_MINUTES', env.SPORT_MATCH_MINUTES, DEFAULT_SPORT_SETTINGS.matchMs);
  // A fast league needs a worker at least as fast as its rounds, or results come late.
  const pollMs = Math.min(
    DEFAULT_SPORT_SETTINGS.pollMs,
    Math.max(250, Math.floor(Math.min(roundMs, matchMs) / 4)),
  );
  return { ...DEFAULT_SPORT_SETTINGS, roundMs, matchMs, pollMs };
}
