import type { LotteryDraw } from '@lotto59/contract';

/*
 * When the result screen asks again for a draw's result (lottery.md §6 `result/{id}`, §7: the engine draws at
 * draw_at, a feed answers from draw_at to about 20 minutes later and is held 10 minutes before settling). A
 * player watching a draw sees its sheet, then its payouts, without reloading.
 */

/** Polling starts this long before draw_at, so a draw on time shows at once. */
export const RESULT_LEAD_MS = 15_000;
/** While the first minutes after draw_at pass: the engine's sheet lands within a scheduler tick. */
export const RESULT_POLL_FAST_MS = 3_000;
export const RESULT_FAST_FOR_MS = 2 * 60_000;
/** Up to 10 minutes after draw_at. */
export const RESULT_POLL_MEDIUM_MS = 10_000;
export const RESULT_MEDIUM_FOR_MS = 10 * 60_000;
/** Later (a feed result, a late worker): as often as the server polls a feed (§7). */
export const RESULT_POLL_SLOW_MS = 30_000;
/** A draw far ahead is asked again at most this much later, so a sleeping phone or a changed clock catches up. */
export const RESULT_WAKE_MAX_MS = 10 * 60_000;

/** A settled or void draw changes no more. */
const FINAL: ReadonlySet<LotteryDraw['status']> = new Set(['SETTLED', 'VOID']);

/**
 * Milliseconds until the next `result/{id}` call for a draw as last answered, or `false` to stop. `serverNowMs`
 * is the server's clock (the device's plus the offset of `result/time`). Before the lead it waits for the lead
 * (one call, not a poll); around and after draw_at it polls, faster near the draw; it stops once the draw is
 * SETTLED (sheet and payouts final) or VOID. A DRAWN draw is still polled: its payouts land at SETTLED.
 */
export function resultRefetchDelay(
  draw: Pick<LotteryDraw, 'status' | 'draw_at'>,
  serverNowMs: number,
): number | false {
  if (FINAL.has(draw.status)) return false;
  const sinceDraw = serverNowMs - Date.parse(draw.draw_at);
  if (sinceDraw < -RESULT_LEAD_MS)
    return Math.max(1_000, Math.min(-sinceDraw - RESULT_LEAD_MS, RESULT_WAKE_MAX_MS));
  if (sinceDraw < RESULT_FAST_FOR_MS) return RESULT_POLL_FAST_MS;
  if (sinceDraw < RESULT_MEDIUM_FOR_MS) return RESULT_POLL_MEDIUM_MS;
  return RESULT_POLL_SLOW_MS;
}
