import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database';
import type { SessionEndReason } from './auth.table';

export function findSession(ex: Executor, id: string) {
  return ex.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Whether the login session `sessionId` (a column of the caller's statement, or a value) has not been
 * ended, as an expression of the caller's own statement: `findSession`'s liveness without a round trip.
 */
export function sessionLiveSql(sessionId: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from sessions s where s.id = ${sessionId} and s.ended_at_ms is null)`;
}

export async function insertSession(
  ex: Executor,
  row: { id: string; playerId: number; nowMs: number; ip: string | null; userAgent: string | null },
) {
  await ex
    .insertInto('sessions')
    .values({
      id: row.id,
      player_id: row.playerId,
      created_at_ms: row.nowMs,
      last_seen_at_ms: row.nowMs,
      ended_at_ms: null,
      end_reason: null,
      ip: row.ip,
      user_agent: row.userAgent,
    })
    .execute();
}

/** Ends the player's live sessions, except `keepId`; returns how many ended. */
export async function endSessionsOfPlayer(
  ex: Executor,
  playerId: number,
  reason: SessionEndReason,
  nowMs: number,
  keepId?: string,
): Promise<number> {
  let q = ex
    .updateTable('sessions')
    .set({ ended_at_ms: nowMs, end_reason: reason })
    .where('player_id', '=', playerId)
    .where('ended_at_ms', 'is', null);
  if (keepId) q = q.where('id', '<>', keepId);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function endSession(ex: Executor, id: string, reason: SessionEndReason, nowMs: number) {
  await ex
    .updateTable('sessions')
    .set({ ended_at_ms: nowMs, end_reason: reason })
    .where('id', '=', id)
    .where('ended_at_ms', 'is', null)
    .execute();
}

export async function touchSession(ex: Executor, id: string, nowMs: number) {
  await ex.updateTable('sessions').set({ last_seen_at_ms: nowMs }).where('id', '=', id).execute();
}
