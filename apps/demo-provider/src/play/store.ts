import type { Kysely, Transaction } from 'kysely';
import type { DemoProviderDatabase, PageSessionsTable, RoundsTable, SeedPairsTable } from '../db/schema';

/*
 * The queries of seed pairs, page sessions and casino rounds. The round machine's own queries (its conditional
 * moves and the outbox) are in src/round/store.ts.
 */

type Db = Kysely<DemoProviderDatabase> | Transaction<DemoProviderDatabase>;

export type SeedPair = SeedPairsTable;
export type PageSession = PageSessionsTable;
export type Round = RoundsTable;

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

/**
 * Whether a round of the pair still waits for the wallet's answer to its bet (BETTING). Its outcome is fixed
 * by the pair's seed already, so the seed must not be revealed before the round has its result.
 */
export async function pairHasBettingRound(db: Db, pairId: string): Promise<boolean> {
  const row = await db
    .selectFrom('rounds')
    .select('id')
    .where('seed_pair_id', '=', pairId)
    .where('state', '=', 'BETTING')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
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
