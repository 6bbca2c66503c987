import type { Riel } from '@lotto59/domain';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../../db/database';
import type {
  FishingSessionState,
  FishingSessionsTable,
  ProviderTransferTable,
  TransferState,
} from './fishing.table';

// All SQL of the transfer wallet and the fishing sessions. Each function takes the executor first, so that
// it runs inside the caller's transaction.

export type TransferRow = Selectable<ProviderTransferTable>;
export type SessionRow = Selectable<FishingSessionsTable>;

export const IN_FLIGHT: TransferState[] = ['INITIATED', 'UNKNOWN'];
export const OPEN_SESSION: FishingSessionState[] = ['OPENING', 'ACTIVE', 'CLOSING', 'UNKNOWN'];

export async function insertTransfer(ex: Executor, row: Insertable<ProviderTransferTable>): Promise<void> {
  await ex.insertInto('provider_transfer').values(row).execute();
}

export function findTransfer(ex: Executor, id: string) {
  return ex.selectFrom('provider_transfer').selectAll().where('id', '=', id).executeTakeFirst();
}

export function inFlightTransferOf(ex: Executor, playerId: number) {
  return ex
    .selectFrom('provider_transfer')
    .selectAll()
    .where('player_id', '=', playerId)
    .where('state', 'in', IN_FLIGHT)
    .executeTakeFirst();
}

/**
 * Moves a transfer out of flight: one conditional update, so that of the call's answer, the worker's
 * status query and the operator, exactly one resolves it (the others see 0 rows and move nothing).
 */
export async function resolveTransfer(
  ex: Executor,
  id: string,
  to: { state: 'COMPLETED' | 'FAILED'; amount?: Riel; resolvedBy: string; nowMs: number },
): Promise<boolean> {
  const result = await ex
    .updateTable('provider_transfer')
    .set({
      state: to.state,
      ...(to.amount === undefined ? {} : { amount: to.amount }),
      resolved_by: to.resolvedBy,
      resolved_at_ms: to.nowMs,
      next_check_at_ms: null,
    })
    .where('id', '=', id)
    .where('state', 'in', IN_FLIGHT)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The answer was lost (timeout, 5xx, unknown status): the worker asks `status` from `nextCheckAtMs`. */
export async function markUnknown(ex: Executor, id: string, nextCheckAtMs: number): Promise<boolean> {
  const result = await ex
    .updateTable('provider_transfer')
    .set({ state: 'UNKNOWN', next_check_at_ms: nextCheckAtMs })
    .where('id', '=', id)
    .where('state', 'in', IN_FLIGHT)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** One more status query that told nothing: the next one, or parked (null) past the 24 h. */
export async function rescheduleCheck(
  ex: Executor,
  id: string,
  next: { attempts: number; nextCheckAtMs: number | null; alertedAtMs?: number },
): Promise<void> {
  await ex
    .updateTable('provider_transfer')
    .set({
      state: 'UNKNOWN',
      attempts: next.attempts,
      next_check_at_ms: next.nextCheckAtMs,
      ...(next.alertedAtMs === undefined ? {} : { alerted_at_ms: next.alertedAtMs }),
    })
    .where('id', '=', id)
    .where('state', 'in', IN_FLIGHT)
    .execute();
}

/** Transfers the recovery worker must look at now, oldest check first. */
export function dueTransfers(ex: Executor, nowMs: number, limit: number) {
  return ex
    .selectFrom('provider_transfer')
    .selectAll()
    .where('state', 'in', IN_FLIGHT)
    .where('next_check_at_ms', '<=', nowMs)
    .orderBy('next_check_at_ms')
    .limit(limit)
    .execute();
}

/** Transfers still unresolved after the worker gave up (the 24-hour alert): the operator's list. */
export function parkedTransfers(ex: Executor) {
  return ex
    .selectFrom('provider_transfer')
    .selectAll()
    .where('state', 'in', IN_FLIGHT)
    .where('next_check_at_ms', 'is', null)
    .orderBy('created_at_ms')
    .execute();
}

export async function insertSession(ex: Executor, row: Insertable<FishingSessionsTable>): Promise<number> {
  const inserted = await ex
    .insertInto('fishing_sessions')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export function findSession(ex: Executor, id: number) {
  return ex.selectFrom('fishing_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function openSessionOf(ex: Executor, playerId: number, provider: '4' | '5') {
  return ex
    .selectFrom('fishing_sessions')
    .selectAll()
    .where('player_id', '=', playerId)
    .where('provider', '=', provider)
    .where('state', 'in', OPEN_SESSION)
    .executeTakeFirst();
}

/**
 * A session's one way to change state: from one of the states the caller expects, never from another. False
 * when no row changed (the session moved meanwhile: closed by the player, the worker or the operator), and
 * the caller then stops, so that a stale read can neither reopen a closed session nor book on the wrong one.
 */
export async function moveSession(
  ex: Executor,
  id: number,
  from: readonly FishingSessionState[],
  changes: Updateable<FishingSessionsTable>,
): Promise<boolean> {
  const result = await ex
    .updateTable('fishing_sessions')
    .set(changes)
    .where('id', '=', id)
    .where('state', 'in', [...from])
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * OPENING → FAILED for a session whose deposit was never written (refused as a whole, or the process died
 * between the two writes): with a transfer it belongs to that transfer's resolution instead.
 */
export async function failUnfundedOpening(ex: Executor, id: number, nowMs: number): Promise<boolean> {
  const result = await ex
    .updateTable('fishing_sessions')
    .set({ state: 'FAILED', ended_at_ms: nowMs })
    .where('id', '=', id)
    .where('state', '=', 'OPENING')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('provider_transfer')
            .select('provider_transfer.id')
            .whereRef('provider_transfer.session_id', '=', 'fishing_sessions.id'),
        ),
      ),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * The last sign of play moves forward only (a late, older report cannot pull it back), and only on an
 * ACTIVE session: activity is not a state change and never moves one.
 */
export async function touchSession(ex: Executor, id: number, atMs: number): Promise<void> {
  await ex
    .updateTable('fishing_sessions')
    .set({ last_active_ms: atMs })
    .where('id', '=', id)
    .where('state', '=', 'ACTIVE')
    .where('last_active_ms', '<', atMs)
    .execute();
}

/** The session's newest transfer (its deposit, or the withdraw after it). */
export function lastTransferOfSession(ex: Executor, sessionId: number) {
  return ex
    .selectFrom('provider_transfer')
    .selectAll()
    .where('session_id', '=', sessionId)
    .orderBy('created_at_ms', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Open sessions that no transfer in flight explains (OPENING, CLOSING or UNKNOWN while their transfers are
 * final): what `ops providers fishing close` is for.
 */
export function stuckSessions(ex: Executor, beforeMs: number, limit: number) {
  return ex
    .selectFrom('fishing_sessions')
    .selectAll()
    .where('state', 'in', ['OPENING', 'CLOSING', 'UNKNOWN'])
    .where('started_at_ms', '<', beforeMs)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('provider_transfer')
            .select('provider_transfer.id')
            .whereRef('provider_transfer.session_id', '=', 'fishing_sessions.id')
            .where('provider_transfer.state', 'in', IN_FLIGHT),
        ),
      ),
    )
    .orderBy('started_at_ms')
    .limit(limit)
    .execute();
}

/** ACTIVE sessions nobody has touched since `beforeMs` (the idle close). */
export function idleSessions(ex: Executor, beforeMs: number, limit: number) {
  return ex
    .selectFrom('fishing_sessions')
    .selectAll()
    .where('state', '=', 'ACTIVE')
    .where('last_active_ms', '<', beforeMs)
    .orderBy('last_active_ms')
    .limit(limit)
    .execute();
}

/** Sessions still OPENING since before `beforeMs` that no transfer belongs to. */
export function orphanedOpenings(ex: Executor, beforeMs: number) {
  return ex
    .selectFrom('fishing_sessions')
    .selectAll()
    .where('state', '=', 'OPENING')
    .where('started_at_ms', '<', beforeMs)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('provider_transfer')
            .select('provider_transfer.id')
            .whereRef('provider_transfer.session_id', '=', 'fishing_sessions.id'),
        ),
      ),
    )
    .limit(50)
    .execute();
}
