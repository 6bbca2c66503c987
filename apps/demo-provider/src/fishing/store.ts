import type { Kysely, Transaction } from 'kysely';
import type {
  DemoProviderDatabase,
  FishingMagazinesTable,
  FishingSessionsTable,
  FishingShotsTable,
  RoundsTable,
} from '../db/schema';

/* The fishing game's queries. */

type Db = Kysely<DemoProviderDatabase> | Transaction<DemoProviderDatabase>;
export type FishingSession = FishingSessionsTable;
export type Shot = FishingShotsTable;
export type Magazine = FishingMagazinesTable & { round: RoundsTable };

export async function insertFishingSession(db: Db, row: FishingSession): Promise<void> {
  await db
    .insertInto('fishing_sessions')
    .values(row)
    .onConflict((oc) => oc.column('session_id').doNothing())
    .execute();
}

export const fishingSessionOf = (db: Db, sessionId: string): Promise<FishingSession | undefined> =>
  db.selectFrom('fishing_sessions').selectAll().where('session_id', '=', sessionId).executeTakeFirst();

export const shotByRequest = (db: Db, sessionId: string, requestId: string): Promise<Shot | undefined> =>
  db
    .selectFrom('fishing_shots')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();

export async function isCaptured(db: Db, sessionId: string, fishId: number): Promise<boolean> {
  const row = await db
    .selectFrom('fishing_shots')
    .select('id')
    .where('session_id', '=', sessionId)
    .where('fish_id', '=', fishId)
    .where('captured', '=', 1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function capturedAmong(db: Db, sessionId: string, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('fishing_shots')
    .select('fish_id')
    .where('session_id', '=', sessionId)
    .where('captured', '=', 1)
    .where('fish_id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.fish_id));
}

export async function insertShot(db: Db, shot: Shot): Promise<void> {
  await db.insertInto('fishing_shots').values(shot).execute();
}

/** The session's magazine being bought or in use (at most one, by index). */
export async function openMagazineOf(db: Db, sessionId: string): Promise<Magazine | undefined> {
  const round = await db
    .selectFrom('rounds')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('game_code', '=', 'ocean-dragon')
    .where('state', 'in', ['BETTING', 'LOADED'])
    .executeTakeFirst();
  if (!round) return undefined;
  const counters = await db
    .selectFrom('fishing_magazines')
    .selectAll()
    .where('round_id', '=', round.id)
    .executeTakeFirst();
  return counters && { ...counters, round };
}

export async function insertMagazine(db: Db, row: FishingMagazinesTable): Promise<void> {
  await db.insertInto('fishing_magazines').values(row).execute();
}

/** Counts one shot in the magazine, if it still has a bullet; the new counters, or undefined when empty. */
export async function fireFromMagazine(
  db: Db,
  roundId: string,
  payout: number,
  capacity: number,
): Promise<{ shots: number; payout: number } | undefined> {
  return db
    .updateTable('fishing_magazines')
    .set((eb) => ({ shots: eb('shots', '+', 1), payout: eb('payout', '+', payout) }))
    .where('round_id', '=', roundId)
    .where('shots', '<', capacity)
    .returning(['shots', 'payout'])
    .executeTakeFirst();
}

/** The magazine round's win and meta as they would be settled now; only while it is LOADED. */
export async function updateLoadedRound(
  db: Db,
  roundId: string,
  change: { win: number; meta: string; updated_at: number },
): Promise<boolean> {
  const r = await db
    .updateTable('rounds')
    .set(change)
    .where('id', '=', roundId)
    .where('state', '=', 'LOADED')
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export const idleMagazines = (db: Db, before: number): Promise<RoundsTable[]> =>
  db
    .selectFrom('rounds')
    .selectAll()
    .where('game_code', '=', 'ocean-dragon')
    .where('state', '=', 'LOADED')
    .where('updated_at', '<', before)
    .execute();

export const shotHistory = (
  db: Db,
  user: string,
  provider: string,
  limit: number,
): Promise<(Shot & { server_seed: string; rotated_at: number | null })[]> =>
  db
    .selectFrom('fishing_shots')
    .innerJoin('seed_pairs', 'seed_pairs.id', 'fishing_shots.seed_pair_id')
    .selectAll('fishing_shots')
    .select(['seed_pairs.server_seed', 'seed_pairs.rotated_at'])
    .where('fishing_shots.user_id', '=', user)
    .where('fishing_shots.provider', '=', provider)
    .orderBy('fishing_shots.created_at', 'desc')
    .orderBy('fishing_shots.nonce', 'desc')
    .limit(limit)
    .execute();

export const loadedMagazinesOf = (db: Db, user: string): Promise<RoundsTable[]> =>
  db
    .selectFrom('rounds')
    .selectAll()
    .where('game_code', '=', 'ocean-dragon')
    .where('state', '=', 'LOADED')
    .where('user_id', '=', user)
    .execute();
