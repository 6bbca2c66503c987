import type { Pool } from '@lotto59/domain';
import { SqliteAdapter, type Insertable } from 'kysely';
import type { Executor } from '../../../db/database';
import type { RoundOutcome, RoundsTable } from '../lotto59.table';

// All SQL of rounds. Each function takes the executor first so it runs inside the caller's transaction.

const ROUND_COLUMNS = [
  'id',
  'poll',
  'status',
  'opened_at_ms',
  'close_at_ms',
  'first_ball_at_ms',
  'ball_interval_ms',
  'reveal_at_ms',
  'settle_at_ms',
  'server_seed',
  'server_seed_hash',
  'numbers',
  'total',
  'drawn_at_ms',
  'settled_at_ms',
  'voided_at_ms',
] as const;

export function isSqlite(ex: Executor): boolean {
  return ex.getExecutor().adapter instanceof SqliteAdapter;
}

export async function insertRound(ex: Executor, row: Insertable<RoundsTable>): Promise<number> {
  const { id } = await ex.insertInto('lotto59_rounds').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function findRound(ex: Executor, id: number) {
  return ex.selectFrom('lotto59_rounds').select(ROUND_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Rounds the scheduler still has work on, oldest first. */
export function findActiveRounds(ex: Executor) {
  return ex
    .selectFrom('lotto59_rounds')
    .select(ROUND_COLUMNS)
    .where('status', 'in', ['OPEN', 'RELEASING'])
    .orderBy('id')
    .execute();
}

/** Ids below this cannot hold a pending bet (their rounds are settled or void). */
/** The oldest round not yet final (OPEN or RELEASING): only its bets and later ones can be pending. */
export async function oldestActiveRound(ex: Executor): Promise<{ id: number; openedAtMs: number } | null> {
  const row = await ex
    .selectFrom('lotto59_rounds')
    .select(['id', 'opened_at_ms'])
    .where('status', 'in', ['OPEN', 'RELEASING'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, openedAtMs: row.opened_at_ms } : null;
}

export function findOpenRound(ex: Executor, poll: Pool) {
  return ex
    .selectFrom('lotto59_rounds')
    .select(ROUND_COLUMNS)
    .where('poll', '=', poll)
    .where('status', '=', 'OPEN')
    .executeTakeFirst();
}

export function findLatestReleasing(ex: Executor, poll: Pool) {
  return ex
    .selectFrom('lotto59_rounds')
    .select(ROUND_COLUMNS)
    .where('poll', '=', poll)
    .where('status', '=', 'RELEASING')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The round a bet names, read so that it cannot close or be voided while the bet transaction runs: on
 * PostgreSQL a share lock (closing and voiding update the row, so they wait for the bet to commit); on
 * SQLite the write transaction already excludes every other writer.
 */
export function findRoundForBet(ex: Executor, id: number) {
  const q = ex
    .selectFrom('lotto59_rounds')
    .select(['id', 'poll', 'status', 'close_at_ms'])
    .where('id', '=', id);
  return (isSqlite(ex) ? q : q.forShare()).executeTakeFirst();
}

/** OPEN → RELEASING with the draw, once: the numbers are written only by the transition. */
export function startRelease(
  ex: Executor,
  id: number,
  draw: { numbers: string; total: number; nowMs: number },
) {
  return ex
    .updateTable('lotto59_rounds')
    .set({ status: 'RELEASING', numbers: draw.numbers, total: draw.total, drawn_at_ms: draw.nowMs })
    .where('id', '=', id)
    .where('status', '=', 'OPEN')
    .returning(ROUND_COLUMNS)
    .executeTakeFirst();
}

/** RELEASING → SETTLED, once: the row lock also makes a racing settler wait, then find nothing to do. */
export function markSettled(ex: Executor, id: number, nowMs: number) {
  return ex
    .updateTable('lotto59_rounds')
    .set({ status: 'SETTLED', settled_at_ms: nowMs })
    .where('id', '=', id)
    .where('status', '=', 'RELEASING')
    .where('numbers', 'is not', null)
    .returning(ROUND_COLUMNS)
    .executeTakeFirst();
}

/**
 * Writes what a settled round's bets read their outcome from (decision 0027), in the settling
 * transaction right after `markSettled`; a trigger refuses any later change.
 */
export async function recordOutcome(
  ex: Executor,
  id: number,
  outcome: { [K in keyof RoundOutcome]: NonNullable<RoundOutcome[K]> },
) {
  await ex
    .updateTable('lotto59_rounds')
    .set(outcome)
    .where('id', '=', id)
    .where('status', '=', 'SETTLED')
    .execute();
}

export function markVoid(ex: Executor, id: number, nowMs: number) {
  return ex
    .updateTable('lotto59_rounds')
    .set({ status: 'VOID', voided_at_ms: nowMs })
    .where('id', '=', id)
    .where('status', 'in', ['OPEN', 'RELEASING'])
    .returning(ROUND_COLUMNS)
    .executeTakeFirst();
}

export interface RevealedFilter {
  poll: Pool;
  nowMs: number;
  fromMs?: number | undefined;
  toMs?: number | undefined;
}

/** Rounds whose every ball is out (the result is public), newest first. */
function revealed(ex: Executor, f: RevealedFilter) {
  let q = ex
    .selectFrom('lotto59_rounds')
    .where('poll', '=', f.poll)
    .where('status', 'in', ['RELEASING', 'SETTLED'])
    .where('numbers', 'is not', null)
    .where('reveal_at_ms', '<=', f.nowMs);
  if (f.fromMs !== undefined) q = q.where('close_at_ms', '>=', f.fromMs);
  if (f.toMs !== undefined) q = q.where('close_at_ms', '<', f.toMs);
  return q;
}

export function listRevealedRounds(ex: Executor, f: RevealedFilter, page: { limit: number; offset: number }) {
  return revealed(ex, f)
    .select(ROUND_COLUMNS)
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countRevealedRounds(ex: Executor, f: RevealedFilter): Promise<number> {
  const row = await revealed(ex, f)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
