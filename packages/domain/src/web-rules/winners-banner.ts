/*
 * Seed §2, §4, §9: the scrolling winners banner. A winner announcement's `diff` is the jackpot tier
 * (decisions §3); the banner hides itself after a time that depends on what it carries.
 */

/** Seed §3: a winner announcement whose `diff` is 2 won the small jackpot (4 of 5 numbers). */
export const SMALL_JACKPOT_TIER = 2;

/** Seed §4, §9: 60 s with a message, otherwise 10 s plus 10 s per winner line. */
export const WINNERS_BANNER_TIMING = {
  withMessageMs: 60_000,
  baseMs: 10_000,
  perWinnerMs: 10_000,
} as const;

/** How long the banner stays: 60 s when it carries the operator's message, else 10 s + 10 s per winner. */
export function winnersBannerDurationMs(banner: { message?: string | null; winnerCount: number }): number {
  if (banner.message) return WINNERS_BANNER_TIMING.withMessageMs;
  const winners = Math.max(0, Math.trunc(banner.winnerCount));
  return WINNERS_BANNER_TIMING.baseMs + WINNERS_BANNER_TIMING.perWinnerMs * winners;
}
