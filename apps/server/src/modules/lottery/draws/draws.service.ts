import {
  LOTTERY_GAME_TYPES,
  fastTnDrawsAfter,
  isoInTimeZone,
  localDateOf,
  localDayStartMs,
  lotteryDrawsOfDay,
  lotteryErrorMessage,
  lotterySheet,
  secondsToCutoff,
  serverSeedHash,
  type LocalDate,
  type LotteryGameType,
  type SheetLine,
} from '@lotto59/domain';
import type { LotteryResult, LotteryResultTime, LotteryTimeout } from '@lotto59/contract';
import type { Db, Executor } from '../../../db/database';
import { retryOnConflict } from '../../../db/db-errors';
import { AppError } from '../../../errors/app-error';
import type { Clock } from '../../../platform/clock';
import type { RandomSource } from '../../../platform/random';
import type { LotterySettings } from '../lottery.settings';
import { drawView, resultView } from './draw-view';
import * as repo from './draws.repository';
import { ManualSource, type FeedSource } from './result-source';

export type Draw = repo.DrawRow;

/** The fast TN schedule keeps at least this many draws ahead (lottery.md §1). */
const FAST_TN_AHEAD = 3;
const DAY_MS = 86_400_000;
/** lottery.md §7: a feed draw with no complete sheet this long after its draw time is an operator alert. */
export const FEED_ALERT_AFTER_MS = 3 * 3_600_000;

/**
 * Draw rows: created ahead with their committed seed hash, read for the result calls, and given their sheet
 * once (engine, feed or operator). Settlement lives in settlement/; the scheduler drives both.
 */
export class DrawsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly random: RandomSource,
    private readonly settings: LotterySettings,
    private readonly feed: FeedSource,
  ) {}

  /**
   * Creates every scheduled draw of the next `aheadMs` (and 3 fast TN draws) that is not there yet. The
   * worker calls it every tick, so the rows already there are read with one query and nothing else runs
   * unless a draw is missing.
   */
  async ensureAhead(nowMs: number = this.clock.nowMs()): Promise<number> {
    const { timeZone, schedule, aheadMs } = this.settings;
    const wanted: Parameters<DrawsService['createDraw']>[0][] = [];
    for (let dayMs = nowMs - DAY_MS; dayMs <= nowMs + aheadMs + DAY_MS; dayMs += DAY_MS) {
      const date = localDateOf(dayMs, timeZone);
      for (const d of lotteryDrawsOfDay(date, schedule, timeZone)) {
        if (d.drawAtMs <= nowMs || d.drawAtMs > nowMs + aheadMs) continue;
        // `VN-S-20250601` → `VN-S`; `TN-20250601-0900` → `TN`.
        const series = d.code.slice(0, d.code.length - (d.type === 'TN' ? 14 : 9));
        wanted.push({ ...d, series });
      }
    }
    const fast = this.settings.fastTn;
    if (fast) {
      for (const d of fastTnDrawsAfter(fast, nowMs, FAST_TN_AHEAD)) {
        wanted.push({ ...d, series: 'TN', type: 'TN', layout: 'TN', code: '' });
      }
    }
    if (wanted.length === 0) return 0;
    const lastMs = Math.max(...wanted.map((d) => d.drawAtMs));
    const existing = new Set(
      (await repo.drawsBetween(this.db, nowMs + 1, lastMs + 1, undefined)).map(
        (d) => `${d.series}@${String(d.draw_at_ms)}`,
      ),
    );
    let created = 0;
    for (const d of wanted) {
      if (existing.has(`${d.series}@${String(d.drawAtMs)}`)) continue;
      if (await this.createDraw(d)) created += 1;
    }
    return created;
  }

  /** One draw row, once per (series, draw time); a fast TN draw is named `TN-<id>` after its insert. */
  private async createDraw(d: {
    series: string;
    code: string;
    type: LotteryGameType;
    layout: Draw['layout'];
    drawAtMs: number;
    cutoffAtMs: number;
  }): Promise<boolean> {
    const fromFeed = this.feed.servesSeries(d.series);
    // Retried when another process (a second worker while leases change hands, the operator CLI on SQLite)
    // wrote first: the existence check then finds its row.
    return retryOnConflict(() =>
      this.db.transaction().execute(async (trx) => {
        // Checked first so that no seed is drawn for a row that exists (the insert would ignore it anyway).
        const existing = await repo.drawsBetween(trx, d.drawAtMs, d.drawAtMs + 1, d.type);
        if (existing.some((e) => e.series === d.series)) return false;
        const seed = fromFeed ? null : this.random.bytes(32).toString('hex');
        const { id, created } = await repo.insertDrawIfAbsent(trx, {
          series: d.series,
          type: d.type,
          layout: d.layout,
          code: d.code === '' ? `TN-@${String(d.drawAtMs)}` : d.code,
          draw_at_ms: d.drawAtMs,
          cutoff_at_ms: d.cutoffAtMs,
          status: 'OPEN',
          source: fromFeed ? 'FEED' : 'ENGINE',
          server_seed: seed,
          server_seed_hash: seed === null ? null : serverSeedHash(seed),
          sheet: null,
          feed_sheet: null,
          sheet_seen_at_ms: null,
          drawn_at_ms: null,
          settled_at_ms: null,
          voided_at_ms: null,
          created_at_ms: this.clock.nowMs(),
        });
        if (created && d.code === '') await repo.setCode(trx, id, `TN-${String(id)}`);
        return created;
      }),
    );
  }

  /**
   * Feed draws with no complete sheet 3 hours or more after their draw time (until they are voided at noon
   * the next day): the `lottery_feed_overdue_draws` gauge an operator alerts on (docs/operations.md).
   */
  async feedDrawsOverdue(nowMs: number = this.clock.nowMs()): Promise<number> {
    return repo.countFeedDrawsWithoutSheet(this.db, nowMs - FEED_ALERT_AFTER_MS);
  }

  async byId(id: number, ex: Executor = this.db): Promise<Draw> {
    const draw = await repo.findDraw(ex, id);
    if (!draw) throw new AppError('NOT_FOUND', 'Draw not found.');
    return draw;
  }

  /**
   * Inside a bet or delete transaction: the draw, share-locked, still OPEN and before its cut-off at this
   * instant; otherwise `Request timeout.` (a void or a result that got there first wins).
   */
  async lockOpen(trx: Executor, id: number): Promise<Draw> {
    const draw = await repo.findDrawLocked(trx, id);
    if (!draw) throw new AppError('NOT_FOUND', 'Draw not found.');
    if (draw.status !== 'OPEN' || this.clock.nowMs() >= draw.cutoff_at_ms) {
      throw new AppError('BETTING_CLOSED', lotteryErrorMessage({ code: 'BETTING_CLOSED' }));
    }
    return draw;
  }

  /** A draw by its id or its code (the operator types either). */
  async byRef(ref: string): Promise<Draw> {
    const draw = /^\d+$/.test(ref)
      ? await repo.findDraw(this.db, Number(ref))
      : await repo.findDrawByCode(this.db, ref);
    if (!draw) throw new AppError('NOT_FOUND', `Draw ${ref} not found.`);
    return draw;
  }

  async ofDay(date: LocalDate, type: LotteryGameType | undefined): Promise<Draw[]> {
    const fromMs = localDayStartMs(date, this.settings.timeZone);
    return repo.drawsBetween(this.db, fromMs, fromMs + DAY_MS, type);
  }

  /** Draws taking bets now. */
  openDraws(type: LotteryGameType | undefined): Promise<Draw[]> {
    return repo.openDraws(this.db, this.clock.nowMs(), type);
  }

  drawsToAdvance(nowMs: number): Promise<Draw[]> {
    return repo.drawsToAdvance(this.db, nowMs);
  }

  /** `GET /api/lottery/result/time`. */
  async resultTime(
    type: LotteryGameType | undefined,
    date: LocalDate | undefined,
  ): Promise<LotteryResultTime> {
    const nowMs = this.clock.nowMs();
    const { timeZone } = this.settings;
    const draws = await this.ofDay(date ?? localDateOf(nowMs, timeZone), type);
    return {
      server_time: isoInTimeZone(nowMs, timeZone),
      timezone: timeZone,
      draws: draws.map((d) => drawView(d, nowMs, timeZone)),
    };
  }

  /** `GET /api/lottery/result/timeout`: the next open draw of each type. */
  async timeout(): Promise<LotteryTimeout> {
    const nowMs = this.clock.nowMs();
    const open = await repo.openDraws(this.db, nowMs, undefined);
    return LOTTERY_GAME_TYPES.flatMap((type) => {
      const next = open.find((d) => d.type === type);
      if (!next) return [];
      return [
        {
          type,
          draw_id: next.id,
          code: next.code,
          draw_at: isoInTimeZone(next.draw_at_ms, this.settings.timeZone),
          cutoff_at: isoInTimeZone(next.cutoff_at_ms, this.settings.timeZone),
          seconds_left: secondsToCutoff(nowMs, next.cutoff_at_ms),
        },
      ];
    });
  }

  async result(id: number): Promise<LotteryResult> {
    return resultView(await this.byId(id), this.clock.nowMs(), this.settings.timeZone);
  }

  /** Stores a sheet and moves the draw to DRAWN, once; false when another writer was first. */
  storeSheet(draw: Draw, sheet: readonly SheetLine[], source: Draw['source']): Promise<boolean> {
    return repo.markDrawn(this.db, draw.id, JSON.stringify(sheet), source, this.clock.nowMs());
  }

  holdFeedSheet(draw: Draw, sheet: readonly SheetLine[], nowMs: number): Promise<void> {
    return repo.holdFeedSheet(this.db, draw.id, JSON.stringify(sheet), nowMs);
  }

  /**
   * The operator's result (`ops lottery result set`): only once betting is closed (a result known while bets
   * are taken would be a leak) and only while the draw has no sheet.
   */
  async setManual(ref: string, numbers: Record<string, string[]>): Promise<Draw> {
    const draw = await this.byRef(ref);
    if (this.clock.nowMs() < draw.cutoff_at_ms) {
      throw new AppError('BETTING_CLOSED', `Draw ${draw.code} still takes bets until its cut-off.`);
    }
    if (draw.status !== 'OPEN') throw new AppError('NOT_FOUND', `Draw ${draw.code} is ${draw.status}.`);
    const sheet = await new ManualSource(numbers).sheetFor(draw).catch((error: unknown) => {
      throw new AppError('VALIDATION_FAILED', (error as Error).message);
    });
    if (!sheet || !(await this.storeSheet(draw, sheet, 'MANUAL'))) {
      throw new AppError('NOT_FOUND', `Draw ${draw.code} already has a result.`);
    }
    return this.byId(draw.id);
  }

  /**
   * `ops lottery verify`: the sheet recomputed from the revealed seed, and whether it is the stored one.
   * Only for engine draws that are DRAWN or later (the seed is secret before).
   */
  async verify(ref: string): Promise<{ draw: Draw; recomputed: SheetLine[]; matches: boolean }> {
    const draw = await this.byRef(ref);
    if (draw.source !== 'ENGINE' || draw.server_seed === null || draw.sheet === null) {
      throw new AppError('NOT_FOUND', `Draw ${draw.code} has no revealed engine seed.`);
    }
    const recomputed = lotterySheet(draw.server_seed, draw.id, draw.layout);
    return { draw, recomputed, matches: JSON.stringify(recomputed) === draw.sheet };
  }
}
