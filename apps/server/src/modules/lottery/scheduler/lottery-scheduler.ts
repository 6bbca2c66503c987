import { localDateOf, localDayStartMs, type SheetLine } from '@lotto59/domain';
import type { Clock } from '../../../platform/clock';
import { parseSheet } from '../draws/draw-view';
import { FEED_ALERT_AFTER_MS, type Draw, type DrawsService } from '../draws/draws.service';
import { engineSource, type FeedSource } from '../draws/result-source';
import type { LotterySettings } from '../lottery.settings';
import type { LotterySettlementService } from '../settlement/settlement.service';

export interface LotterySchedulerLog {
  warn(obj: object, msg: string): void;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The lottery's worker: keeps draw rows created ahead, stores each draw's sheet at draw time (engine) or
 * after the feed's confirmation hold, and settles drawn draws. Every step is a conditional update in the
 * database, so a restarted worker resumes where the last one stopped. It is the job of the
 * `lottery-scheduler` worker (db/leased-worker.ts), whose lease keeps it on one process. Time comes only from
 * the injected clock; tests call the worker's `tick()`.
 */
export class LotteryScheduler {
  /** Per feed draw: when this process last asked the feed, and whether the 3-hour alert was given. */
  private readonly feedPolls = new Map<number, { atMs: number; alerted: boolean }>();
  constructor(
    private readonly draws: DrawsService,
    private readonly settlement: LotterySettlementService,
    private readonly feed: FeedSource,
    private readonly clock: Clock,
    private readonly settings: LotterySettings,
    /** The server's log; the operator CLI and the benchmarks have none. */
    private readonly log?: LotterySchedulerLog | undefined,
  ) {}

  async pass(): Promise<void> {
    const nowMs = this.clock.nowMs();
    await this.draws.ensureAhead(nowMs);
    for (const draw of await this.draws.drawsToAdvance(nowMs)) {
      if (draw.status === 'OPEN') await this.drawSheet(draw, nowMs);
      // Read again: the sheet may have just been stored by this pass.
      const current = await this.draws.byId(draw.id);
      if (current.status === 'DRAWN') await this.settlement.settle(draw.id);
    }
  }

  /** At draw time: the engine's sheet at once; a feed's after its hold, or VOID when none comes. */
  private async drawSheet(draw: Draw, nowMs: number): Promise<void> {
    if (draw.source !== 'FEED') {
      const sheet = await engineSource.sheetFor(draw);
      if (sheet) await this.draws.storeSheet(draw, sheet, 'ENGINE');
      return;
    }
    await this.advanceFeed(draw, nowMs);
  }

  private async advanceFeed(draw: Draw, nowMs: number): Promise<void> {
    const poll = this.feedPolls.get(draw.id) ?? { atMs: -Infinity, alerted: false };
    let held: SheetLine[] | null = draw.feed_sheet === null ? null : parseSheet(draw.feed_sheet);
    if (nowMs - poll.atMs >= this.settings.feedPollMs) {
      poll.atMs = nowMs;
      this.feedPolls.set(draw.id, poll);
      const sheet = await this.feed.sheetFor(draw);
      // A new or corrected sheet (re)starts the hold, so that a correction can land before settlement.
      if (sheet && JSON.stringify(sheet) !== draw.feed_sheet) {
        await this.draws.holdFeedSheet(draw, sheet, nowMs);
        return;
      }
      held = sheet ?? held;
    }
    if (held && draw.sheet_seen_at_ms !== null) {
      if (nowMs >= draw.sheet_seen_at_ms + this.settings.feedConfirmMs) {
        await this.draws.storeSheet(draw, held, 'FEED');
        this.feedPolls.delete(draw.id);
      }
      return;
    }
    if (nowMs >= voidDeadlineMs(draw, this.settings.timeZone)) {
      this.log?.warn({ draw: draw.code }, 'lottery feed: no result by noon the next day; the draw is void');
      await this.settlement.voidDraw(draw.id);
      this.feedPolls.delete(draw.id);
      return;
    }
    if (nowMs >= draw.draw_at_ms + FEED_ALERT_AFTER_MS && !poll.alerted) {
      poll.alerted = true;
      this.feedPolls.set(draw.id, poll);
      // Once per process; the lottery_feed_overdue_draws gauge holds the alert for as long as it lasts.
      this.log?.warn({ draw: draw.code }, 'lottery feed: no complete result 3 hours after the draw');
    }
  }
}

/** lottery.md §7: no complete feed sheet by 12:00 (local) the day after the draw → VOID. */
export function voidDeadlineMs(draw: Pick<Draw, 'draw_at_ms'>, timeZone: string): number {
  const nextDay = localDateOf(draw.draw_at_ms + DAY_MS, timeZone);
  return localDayStartMs(nextDay, timeZone) + 12 * HOUR_MS;
}
