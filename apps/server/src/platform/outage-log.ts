import { isDatabaseUnavailable } from '../db/db-errors';

/** How often a worker's "database unavailable" is logged while it lasts. */
export const OUTAGE_LOG_EVERY_MS = 10_000;

/**
 * A background loop's error logger that says a database outage once per `everyMs`, with how many failures it
 * silenced, instead of one line with a stack per tick (5 a second per worker at LOTTO_TICK_MS=200); every
 * other error is logged each time (decision 0030).
 */
export function workerErrorLog(
  log: { error(obj: object, msg: string): void },
  nowMs: () => number = Date.now,
  everyMs = OUTAGE_LOG_EVERY_MS,
): (error: unknown, msg: string) => void {
  let loggedAtMs = -Infinity;
  let silenced = 0;
  return (error, msg) => {
    if (!isDatabaseUnavailable(error)) {
      log.error({ err: error }, msg);
      return;
    }
    const now = nowMs();
    if (now - loggedAtMs < everyMs) {
      silenced += 1;
      return;
    }
    const { code, message } = error as { code?: unknown; message?: unknown };
    log.error(
      { database: 'unavailable', code, reason: message, silenced },
      `${msg}: database unavailable (the same failure is logged again in ${everyMs / 1000} s at most)`,
    );
    loggedAtMs = now;
    silenced = 0;
  };
}
