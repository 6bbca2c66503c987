/**
 * The fast TN schedule of the browser tests (playwright.config.ts passes it to the server, e2e/lottery.spec.ts
 * waits with it): a draw every minute leaves the test time to fill a slip before a cut-off and sees the draw
 * within the minute after.
 */
export const LOTTERY_E2E = {
  tnEverySeconds: 60,
  /** The test bets only on a draw whose cut-off is at least this far: the slip, the bet and a delete fit. */
  betSeconds: 40,
  testTimeoutMs: 240_000,
} as const;
