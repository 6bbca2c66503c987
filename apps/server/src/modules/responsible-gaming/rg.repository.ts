import { sql } from 'kysely';
import type { RgKind, RgPeriod, Riel } from '@lotto59/domain';
import type { Executor } from '../../db/database';
import type { RgPendingTable } from './rg.table';
import { limitColumn } from './rg-state';

/** The player's row, created empty on first use (every change below is a conditional update of it). */
export async function ensureRow(ex: Executor, playerId: number, nowMs: number): Promise<void> {
  await ex
    .insertInto('rg_players')
    .values({ player_id: playerId, updated_at_ms: nowMs })
    .onConflict((oc) => oc.column('player_id').doNothing())
    .execute();
}

/** Sets a limit if it still is `current`; false when another change came first. */
export async function setLimitIf(
  ex: Executor,
  playerId: number,
  kind: RgKind,
  period: RgPeriod,
  current: Riel | null,
  amount: Riel | null,
  nowMs: number,
): Promise<boolean> {
  const col = limitColumn(kind, period);
  let q = ex
    .updateTable('rg_players')
    .set({ [col]: amount, updated_at_ms: nowMs })
    .where('player_id', '=', playerId);
  q = current === null ? q.where(col, 'is', null) : q.where(col, '=', current);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export function findPending(ex: Executor, playerId: number) {
  return ex.selectFrom('rg_pending').selectAll().where('player_id', '=', playerId).execute();
}

export async function upsertPending(ex: Executor, row: RgPendingTable): Promise<void> {
  await ex
    .insertInto('rg_pending')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['player_id', 'kind', 'period']).doUpdateSet({
        amount: row.amount,
        effective_at_ms: row.effective_at_ms,
        confirm_by_ms: row.confirm_by_ms,
        created_at_ms: row.created_at_ms,
      }),
    )
    .execute();
}

/** Deletes the pending change of a limit (only the one read, when `effectiveAtMs` is given). */
export async function deletePending(
  ex: Executor,
  playerId: number,
  kind: RgKind,
  period: RgPeriod,
  effectiveAtMs?: number,
): Promise<boolean> {
  let q = ex
    .deleteFrom('rg_pending')
    .where('player_id', '=', playerId)
    .where('kind', '=', kind)
    .where('period', '=', period);
  if (effectiveAtMs !== undefined) q = q.where('effective_at_ms', '=', effectiveAtMs);
  return Number((await q.executeTakeFirst()).numDeletedRows) > 0;
}

/** Moves a break or an exclusion end later, never earlier: false when it was already as late. */
export async function extendUntil(
  ex: Executor,
  playerId: number,
  column: 'break_until_ms' | 'excluded_until_ms',
  untilMs: number,
  nowMs: number,
): Promise<boolean> {
  const r = await ex
    .updateTable('rg_players')
    .set({ [column]: untilMs, updated_at_ms: nowMs })
    .where('player_id', '=', playerId)
    .where((eb) => eb.or([eb(column, 'is', null), eb(column, '<', untilMs)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function setRealityCheck(ex: Executor, playerId: number, minutes: number, nowMs: number) {
  await ex
    .updateTable('rg_players')
    .set({ reality_check_minutes: minutes, updated_at_ms: nowMs })
    .where('player_id', '=', playerId)
    .execute();
}

/** Players on a break or excluded at `nowMs` (the operator's list). */
export function listRestricted(ex: Executor, nowMs: number) {
  return ex
    .selectFrom('rg_players')
    .innerJoin('players', 'players.id', 'rg_players.player_id')
    .select(['rg_players.player_id', 'players.username', 'break_until_ms', 'excluded_until_ms'])
    .where((eb) => eb.or([eb('break_until_ms', '>', nowMs), eb('excluded_until_ms', '>', nowMs)]))
    .orderBy('rg_players.player_id')
    .execute();
}

/**
 * Payouts − stakes of a player's play since `fromMs` (the reality check's `session_net`): every transfer
 * between the player's account and the house, a provider or the jackpot; deposits and withdrawals are not play.
 */
export async function netPlaySince(ex: Executor, playerId: number, fromMs: number): Promise<number> {
  const { rows } = await sql<{ net: number | string | null }>`
    select coalesce(sum(case when t.to_account_id = a.id then t.amount else -t.amount end), 0) as net
    from accounts a join transfers t on (t.from_account_id = a.id or t.to_account_id = a.id)
    where a.player_id = ${playerId} and t.created_at_ms >= ${fromMs}
      and t.kind not in ('deposit', 'withdraw')`.execute(ex);
  return Number(rows[0]?.net ?? 0);
}
