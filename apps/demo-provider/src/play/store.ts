import type { Kysely, Transaction } from 'kysely';
import type {
  DemoProviderDatabase,
  OutboxKind,
  OutboxTable,
  PageSessionsTable,
  RoundState,
  RoundsTable,
  SeedPairsTable,
} from '../db/schema';

/* Every query of the studio, in one place, so the round logic reads as states and calls. */

type Db = Kysely<DemoProviderDatabase> | Transaction<DemoProviderDatabase>;

export type SeedPair = SeedPairsTable;
export type PageSession = PageSessionsTable;
export type Round = RoundsTable;
export type OutboxEntry = OutboxTable;

export const openSeedPair = (db: Db, user: string, provider: string): Promise<SeedPair | undefined> =>
  db
    .selectFrom('seed_pairs')
    .selectAll()
    .where('user_id', '=', user)
    .where('provider', '=', provider)
    .where('rotated_at', 'is', null)
    .executeTakeFirst();

export const seedPairById = (db: Db, id: string): Promise<SeedPair | undefined> =>
  db.selectFrom('seed_pairs').selectAll().where('id', '=', id).executeTakeFirst();

/** Inserts a pair unless one is already open (the partial unique index settles a race). */
export async function insertSeedPair(db: Db, pair: SeedPair): Promise<void> {
  await db
    .insertInto('seed_pairs')
    .values(pair)
    .onConflict((oc) => oc.columns(['user_id', 'provider']).where('rotated_at', 'is', null).doNothing())
    .execute();
}

/** Takes the next nonce of the open pair in one statement: two rounds never share one. */
export async function takeNonce(
  db: Db,
  user: string,
  provider: string,
): Promise<{ pair: SeedPair; nonce: number } | undefined> {
  const pair = await db
    .updateTable('seed_pairs')
    .set((eb) => ({ next_nonce: eb('next_nonce', '+', 1) }))
    .where('user_id', '=', user)
    .where('provider', '=', provider)
    .where('rotated_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  return pair && { pair, nonce: pair.next_nonce - 1 };
}

export async function setClientSeed(db: Db, pairId: string, clientSeed: string): Promise<void> {
  await db.updateTable('seed_pairs').set({ client_seed: clientSeed }).where('id', '=', pairId).execute();
}

/** Closes the pair if it is still open; false when another rotation got there first. */
export async function closeSeedPair(db: Db, pairId: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('seed_pairs')
    .set({ rotated_at: now })
    .where('id', '=', pairId)
    .where('rotated_at', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export async function insertSession(db: Db, session: PageSession): Promise<void> {
  await db.insertInto('page_sessions').values(session).execute();
}

export const sessionByBearerHash = (db: Db, hash: string): Promise<PageSession | undefined> =>
  db.selectFrom('page_sessions').selectAll().where('bearer_hash', '=', hash).executeTakeFirst();

export async function extendSession(db: Db, id: string, expiresAt: number): Promise<void> {
  await db
    .updateTable('page_sessions')
    .set({ expires_at: expiresAt })
    .where('id', '=', id)
    .where('expires_at', '<', expiresAt)
    .execute();
}

export async function expireSession(db: Db, id: string, now: number): Promise<void> {
  await db.updateTable('page_sessions').set({ expires_at: now }).where('id', '=', id).execute();
}

/** Inserts the round unless the session already has one for this request_id; returns the stored round. */
export async function insertRoundOnce(db: Db, round: Round): Promise<{ round: Round; created: boolean }> {
  const inserted = await db
    .insertInto('rounds')
    .values(round)
    .onConflict((oc) => oc.columns(['session_id', 'request_id']).doNothing())
    .executeTakeFirst();
  if ((inserted.numInsertedOrUpdatedRows ?? 0n) > 0n) return { round, created: true };
  const existing = await roundByRequest(db, round.session_id, round.request_id);
  if (!existing) throw new Error('round vanished after a conflicting insert');
  return { round: existing, created: false };
}

export const roundByRequest = (db: Db, sessionId: string, requestId: string): Promise<Round | undefined> =>
  db
    .selectFrom('rounds')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();

export const roundById = (db: Db, id: string): Promise<Round | undefined> =>
  db.selectFrom('rounds').selectAll().where('id', '=', id).executeTakeFirst();

/** Moves a round on only from the state the caller saw, so two workers never both advance it. */
export async function moveRound(
  db: Db,
  id: string,
  from: readonly RoundState[],
  change: Partial<Pick<Round, 'state' | 'balance' | 'error_code'>> & { updated_at: number },
): Promise<boolean> {
  const r = await db
    .updateTable('rounds')
    .set(change)
    .where('id', '=', id)
    .where('state', 'in', [...from])
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export const roundsInState = (db: Db, state: RoundState): Promise<Round[]> =>
  db.selectFrom('rounds').selectAll().where('state', '=', state).execute();

export const historyOf = (
  db: Db,
  user: string,
  provider: string,
  gameCode: string,
  limit: number,
): Promise<(Round & { server_seed: string; rotated_at: number | null })[]> =>
  db
    .selectFrom('rounds')
    .innerJoin('seed_pairs', 'seed_pairs.id', 'rounds.seed_pair_id')
    .selectAll('rounds')
    .select(['seed_pairs.server_seed', 'seed_pairs.rotated_at'])
    .where('rounds.user_id', '=', user)
    .where('rounds.provider', '=', provider)
    .where('rounds.game_code', '=', gameCode)
    .where('rounds.state', 'in', ['BET_OK', 'WIN_SENT'])
    .orderBy('rounds.created_at', 'desc')
    .orderBy('rounds.nonce', 'desc')
    .limit(limit)
    .execute();

/**
 * The two outboxes: `outbox` owes the calls of casino rounds, `sport_outbox` those of sportsbook slips. Their
 * columns are the same (schema.ts), so one set of queries serves both; only the foreign key differs.
 */
export type OutboxTableName = 'outbox' | 'sport_outbox';
export const OUTBOX_TABLES: readonly OutboxTableName[] = ['outbox', 'sport_outbox'];

export async function insertOutbox(
  db: Db,
  entry: OutboxEntry,
  table: OutboxTableName = 'outbox',
): Promise<void> {
  await db
    .insertInto(table)
    .values(entry)
    .onConflict((oc) => oc.columns(['round_id', 'kind']).doNothing())
    .execute();
}

export const outboxFor = (
  db: Db,
  roundId: string,
  kind: OutboxKind,
  table: OutboxTableName = 'outbox',
): Promise<OutboxEntry | undefined> =>
  db
    .selectFrom(table)
    .selectAll()
    .where('round_id', '=', roundId)
    .where('kind', '=', kind)
    .executeTakeFirst();

export const dueOutbox = (
  db: Db,
  now: number,
  limit: number,
  table: OutboxTableName = 'outbox',
): Promise<OutboxEntry[]> =>
  db
    .selectFrom(table)
    .selectAll()
    .where('parked_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();

export const parkedOutbox = (db: Db, table: OutboxTableName = 'outbox'): Promise<OutboxEntry[]> =>
  db.selectFrom(table).selectAll().where('parked_at', 'is not', null).orderBy('created_at').execute();

export const outboxById = (
  db: Db,
  id: string,
  table: OutboxTableName = 'outbox',
): Promise<OutboxEntry | undefined> =>
  db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();

export async function deleteOutbox(db: Db, id: string, table: OutboxTableName = 'outbox'): Promise<void> {
  await db.deleteFrom(table).where('id', '=', id).execute();
}

export async function rescheduleOutbox(
  db: Db,
  id: string,
  change: Pick<OutboxEntry, 'attempts' | 'next_attempt_at' | 'parked_at' | 'last_error'>,
  table: OutboxTableName = 'outbox',
): Promise<void> {
  await db.updateTable(table).set(change).where('id', '=', id).execute();
}

/** After a restart every owed call is tried at once rather than at its old slot. */
export async function makeOutboxDue(db: Db, now: number, table: OutboxTableName = 'outbox'): Promise<void> {
  await db
    .updateTable(table)
    .set({ next_attempt_at: now })
    .where('parked_at', 'is', null)
    .where('next_attempt_at', '>', now)
    .execute();
}

/** The wallet token a round was played with (win and rollback ignore expiry, but need the token, §3). */
export async function tokenOfRound(db: Db, round: Pick<Round, 'session_id'>): Promise<string> {
  const session = await db
    .selectFrom('page_sessions')
    .select('wallet_token')
    .where('id', '=', round.session_id)
    .executeTakeFirst();
  if (!session) throw new Error(`round without its session: ${round.session_id}`);
  return session.wallet_token;
}
