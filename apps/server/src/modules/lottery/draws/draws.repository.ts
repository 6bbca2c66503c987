import type { LotteryGameType } from '@lotto59/domain';
import { SqliteAdapter, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '../../../db/database';
import type { LotteryDrawsTable } from '../lottery.table';

// All SQL of the lottery's draw rows. Every state change is one conditional update, so two workers (or a
// restarted one) can never move a draw twice.

export type DrawRow = Selectable<LotteryDrawsTable>;

/** Inserts a scheduled draw unless (series, draw_at) exists; its id either way. */
export async function insertDrawIfAbsent(
  ex: Executor,
  row: Insertable<LotteryDrawsTable>,
): Promise<{ id: number; created: boolean }> {
  const inserted = await ex
    .insertInto('lottery_draws')
    .values(row)
    .onConflict((oc) => oc.columns(['series', 'draw_at_ms']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: Number(inserted.id), created: true };
  const existing = await ex
    .selectFrom('lottery_draws')
    .select('id')
    .where('series', '=', row.series)
    .where('draw_at_ms', '=', row.draw_at_ms)
    .executeTakeFirstOrThrow();
  return { id: Number(existing.id), created: false };
}

export async function setCode(ex: Executor, id: number, code: string): Promise<void> {
  await ex.updateTable('lottery_draws').set({ code }).where('id', '=', id).execute();
}

export async function findDraw(ex: Executor, id: number): Promise<DrawRow | undefined> {
  return ex.selectFrom('lottery_draws').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * The draw read inside a bet or delete transaction, share-locked on PostgreSQL: a void or a sheet (which
 * update the row) waits for the bet to commit, and a bet after them sees their status. SQLite runs one
 * writing transaction at a time, so the read alone is enough there.
 */
export async function findDrawLocked(ex: Executor, id: number): Promise<DrawRow | undefined> {
  const q = ex.selectFrom('lottery_draws').selectAll().where('id', '=', id);
  return (ex.getExecutor().adapter instanceof SqliteAdapter ? q : q.forShare()).executeTakeFirst();
}

export async function findDrawByCode(ex: Executor, code: string): Promise<DrawRow | undefined> {
  return ex.selectFrom('lottery_draws').selectAll().where('code', '=', code).executeTakeFirst();
}

/** Draws whose draw time falls in [fromMs, toMs), by draw time. */
export async function drawsBetween(
  ex: Executor,
  fromMs: number,
  toMs: number,
  type: LotteryGameType | undefined,
): Promise<DrawRow[]> {
  let q = ex
    .selectFrom('lottery_draws')
    .selectAll()
    .where('draw_at_ms', '>=', fromMs)
    .where('draw_at_ms', '<', toMs);
  if (type) q = q.where('type', '=', type);
  return q.orderBy('draw_at_ms').orderBy('id').execute();
}

/**
 * Feed draws whose draw time is at or before `drawnByMs` and that have neither an accepted sheet (still
 * OPEN) nor a complete one held: what the 3-hour operator alert counts (lottery.md §7).
 */
export async function countFeedDrawsWithoutSheet(ex: Executor, drawnByMs: number): Promise<number> {
  const row = await ex
    .selectFrom('lottery_draws')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('source', '=', 'FEED')
    .where('status', '=', 'OPEN')
    .where('feed_sheet', 'is', null)
    .where('draw_at_ms', '<=', drawnByMs)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Draws still taking bets at `nowMs` (OPEN and before the cut-off), by cut-off. */
export async function openDraws(
  ex: Executor,
  nowMs: number,
  type: LotteryGameType | undefined,
): Promise<DrawRow[]> {
  let q = ex
    .selectFrom('lottery_draws')
    .selectAll()
    .where('status', '=', 'OPEN')
    .where('cutoff_at_ms', '>', nowMs);
  if (type) q = q.where('type', '=', type);
  return q.orderBy('cutoff_at_ms').orderBy('id').execute();
}

/** Draws past their draw time still without a sheet, and drawn draws still unsettled. */
export async function drawsToAdvance(ex: Executor, nowMs: number): Promise<DrawRow[]> {
  return ex
    .selectFrom('lottery_draws')
    .selectAll()
    .where((eb) =>
      eb.or([eb.and([eb('status', '=', 'OPEN'), eb('draw_at_ms', '<=', nowMs)]), eb('status', '=', 'DRAWN')]),
    )
    .orderBy('draw_at_ms')
    .orderBy('id')
    .execute();
}

/** OPEN → DRAWN with its sheet, once: the sheet is written only by this transition. */
export async function markDrawn(
  ex: Executor,
  id: number,
  sheetJson: string,
  source: DrawRow['source'],
  nowMs: number,
): Promise<boolean> {
  const res = await ex
    .updateTable('lottery_draws')
    .set({ status: 'DRAWN', sheet: sheetJson, source, drawn_at_ms: nowMs })
    .where('id', '=', id)
    .where('status', '=', 'OPEN')
    .where('sheet', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** DRAWN → SETTLED, once: the settling transaction starts with it, so a second settler does nothing. */
export async function markSettled(ex: Executor, id: number, nowMs: number): Promise<DrawRow | undefined> {
  return ex
    .updateTable('lottery_draws')
    .set({ status: 'SETTLED', settled_at_ms: nowMs })
    .where('id', '=', id)
    .where('status', '=', 'DRAWN')
    .returningAll()
    .executeTakeFirst();
}

/** OPEN or DRAWN → VOID, once. */
export async function markVoid(ex: Executor, id: number, nowMs: number): Promise<boolean> {
  const res = await ex
    .updateTable('lottery_draws')
    .set({ status: 'VOID', voided_at_ms: nowMs })
    .where('id', '=', id)
    .where('status', 'in', ['OPEN', 'DRAWN'])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A feed's complete sheet enters (or, corrected, restarts) its confirmation hold. */
export async function holdFeedSheet(ex: Executor, id: number, sheetJson: string, nowMs: number) {
  await ex
    .updateTable('lottery_draws')
    .set({ feed_sheet: sheetJson, sheet_seen_at_ms: nowMs })
    .where('id', '=', id)
    .where('status', '=', 'OPEN')
    .execute();
}
