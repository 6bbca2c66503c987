/**
 * What playwright.config.ts passes to the server for the provider games' browser tests, and what those tests
 * wait with (e2e/fishing-live.spec.ts, e2e/sport-live.spec.ts).
 */
export const FISHING_E2E = {
  /**
   * TRANSFER_FAULT_LOSE_ANSWERS_MS: the studio acts on each deposit and withdraw, but its answers about the
   * transfer are lost for this long. The worker asks `status` 1, 3 and 7 s after the call, so the transfer is
   * resolved by the third: about 7 s in flight, two or three refetches of /api/user 3 s apart.
   */
  loseAnswersMs: 5_000,
} as const;

export const SPORT_E2E = {
  /** SPORT_ROUND_MINUTES: a round of four matches every 30 s. */
  roundMinutes: 0.5,
  /** SPORT_MATCH_MINUTES: the full-time score 6 s after kick-off. */
  matchMinutes: 0.1,
  /**
   * The test bets only on a round at least this far from kick-off: picking and placing two slips fit before it
   * even on two loaded cores (12 s did not: the parlay met its kick-off).
   */
  betLeadMs: 25_000,
} as const;
