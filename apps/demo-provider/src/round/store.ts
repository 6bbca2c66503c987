import type { Kysely, Transaction } from 'kysely';
import type {
  DemoProviderDatabase,
  OutboxKind,
  OutboxTable,
  RoundsTable,
  SportSlipsTable,
} from '../db/schema';
import { type RoundSubject, STATE_NAMES, type WalletRound } from './adapters';
import { type RoundEvent, type RoundPhase, TRANSITIONS } from './machine';

/* The round machine's queries: the one conditional state change of both round tables, and the one outbox. */

export type Db = Kysely<DemoProviderDatabase> | Transaction<DemoProviderDatabase>;
export type OutboxEntry = OutboxTable;

/** What a move may write beside the state; the slip's settlement fields only on the SLIP subject. */
export interface RoundChange {
  updated_at: number;
  balance?: number | null;
  error_code?: string | null;
}
export interface SlipSettlement {
  status: string;
  payout: number;
  settled_at: number;
}

export type MovedRow = { subject: 'ROUND'; row: RoundsTable } | { subject: 'SLIP'; row: SportSlipsTable };

/**
 * Applies `event` to the round: one `update ... where id = ? and state = <from>`. Returns the row as moved, or
 * undefined when no row changed (the round was elsewhere: a late or repeated answer), and the caller stops.
 */
export async function applyEvent(
  db: Db,
  subject: RoundSubject,
  id: string,
  event: RoundEvent,
  change: RoundChange,
  settlement?: SlipSettlement,
): Promise<MovedRow | undefined> {
  const { from, to } = TRANSITIONS[event];
  if (subject === 'ROUND') {
    if (settlement) throw new Error('a casino round has no slip settlement');
    const row = await db
      .updateTable('rounds')
      .set({ ...change, state: STATE_NAMES.ROUND[to] })
      .where('id', '=', id)
      .where('state', '=', STATE_NAMES.ROUND[from])
      .returningAll()
      .executeTakeFirst();
    return row && { subject, row };
  }
  const row = await db
    .updateTable('sport_slips')
    .set({ ...change, ...settlement, state: STATE_NAMES.SLIP[to] })
    .where('id', '=', id)
    .where('state', '=', STATE_NAMES.SLIP[from])
    .returningAll()
    .executeTakeFirst();
  return row && { subject, row };
}

export const walletRoundOf = (moved: MovedRow): WalletRound =>
  moved.subject === 'ROUND' ? walletRoundOfRound(moved.row) : walletRoundOfSlip(moved.row);

export const walletRoundOfRound = (r: RoundsTable): WalletRound => ({
  subject: 'ROUND',
  id: r.id,
  session_id: r.session_id,
  user_id: r.user_id,
  provider: r.provider,
  game_code: r.game_code,
  bet_tx: r.bet_tx,
  win_tx: r.win_tx,
  rollback_tx: r.rollback_tx,
  amount: r.bet,
});

export const walletRoundOfSlip = (s: SportSlipsTable): WalletRound => ({
  subject: 'SLIP',
  id: s.id,
  session_id: s.session_id,
  user_id: s.user_id,
  provider: s.provider,
  game_code: s.game_code,
  bet_tx: s.bet_tx,
  win_tx: s.win_tx,
  rollback_tx: s.rollback_tx,
  amount: s.stake,
  betMeta: JSON.parse(s.meta) as unknown,
});

/** The rounds of a subject in a phase, oldest first (the recovery pass). */
export async function roundsInPhase(db: Db, subject: RoundSubject, phase: RoundPhase): Promise<MovedRow[]> {
  if (subject === 'ROUND') {
    const rows = await db
      .selectFrom('rounds')
      .selectAll()
      .where('state', '=', STATE_NAMES.ROUND[phase])
      .orderBy('created_at')
      .execute();
    return rows.map((row) => ({ subject, row }));
  }
  const rows = await db
    .selectFrom('sport_slips')
    .selectAll()
    .where('state', '=', STATE_NAMES.SLIP[phase])
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({ subject, row }));
}

/** The wallet token a round was played with (win and rollback ignore expiry, but need the token, §3). */
export async function tokenOfSession(db: Db, sessionId: string): Promise<string> {
  const session = await db
    .selectFrom('page_sessions')
    .select('wallet_token')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  if (!session) throw new Error(`round without its session: ${sessionId}`);
  return session.wallet_token;
}

/** Writes an owed call unless the round already owes that call (one win and one rollback per round at most). */
export async function insertOutbox(db: Db, entry: OutboxEntry): Promise<void> {
  await db
    .insertInto('outbox')
    .values(entry)
    .onConflict((oc) => oc.columns(['subject', 'round_id', 'kind']).doNothing())
    .execute();
}

export const outboxFor = (
  db: Db,
  subject: RoundSubject,
  roundId: string,
  kind: OutboxKind,
): Promise<OutboxEntry | undefined> =>
  db
    .selectFrom('outbox')
    .selectAll()
    .where('subject', '=', subject)
    .where('round_id', '=', roundId)
    .where('kind', '=', kind)
    .executeTakeFirst();

export const dueOutbox = (db: Db, now: number, limit: number): Promise<OutboxEntry[]> =>
  db
    .selectFrom('outbox')
    .selectAll()
    .where('parked_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();

export const parkedOutbox = (db: Db): Promise<OutboxEntry[]> =>
  db.selectFrom('outbox').selectAll().where('parked_at', 'is not', null).orderBy('created_at').execute();

export const outboxById = (db: Db, id: string): Promise<OutboxEntry | undefined> =>
  db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();

export async function deleteOutbox(db: Db, id: string): Promise<void> {
  await db.deleteFrom('outbox').where('id', '=', id).execute();
}

/**
 * Counts a failed attempt, only if nobody counted one since this attempt read the entry (`attempts` unchanged):
 * two senders failing at once (the worker and the operator) count once.
 */
export async function rescheduleOutbox(
  db: Db,
  entry: Pick<OutboxEntry, 'id' | 'attempts'>,
  change: Pick<OutboxEntry, 'next_attempt_at' | 'parked_at' | 'last_error'>,
): Promise<boolean> {
  const r = await db
    .updateTable('outbox')
    .set({ ...change, attempts: entry.attempts + 1 })
    .where('id', '=', entry.id)
    .where('attempts', '=', entry.attempts)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/** After a restart every owed call is tried at once rather than at its old slot. */
export async function makeOutboxDue(db: Db, now: number): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ next_attempt_at: now })
    .where('parked_at', 'is', null)
    .where('next_attempt_at', '>', now)
    .execute();
}
