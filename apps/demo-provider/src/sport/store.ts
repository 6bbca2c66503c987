import type { Kysely, Transaction } from 'kysely';
import type {
  DemoProviderDatabase,
  SportAuditTable,
  SportFixturesTable,
  SportSlipLegsTable,
  SportSlipsTable,
} from '../db/schema';

/* Every query of the sportsbook, in one place (as play/store.ts is for the casino rounds). */

type Db = Kysely<DemoProviderDatabase> | Transaction<DemoProviderDatabase>;

export type FixtureRow = SportFixturesTable;
export type SlipRow = SportSlipsTable;
export type LegRow = SportSlipLegsTable;

export async function existingFixtureIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('sport_fixtures')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Publishes fixtures; one already published under the same id stays as it was (its commitment is public). */
export async function insertFixtures(db: Db, rows: readonly FixtureRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('sport_fixtures')
    .values([...rows])
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export const fixtureById = (db: Db, id: string): Promise<FixtureRow | undefined> =>
  db.selectFrom('sport_fixtures').selectAll().where('id', '=', id).executeTakeFirst();

export const fixturesByIds = (db: Db, ids: readonly string[]): Promise<FixtureRow[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('sport_fixtures')
        .selectAll()
        .where('id', 'in', [...ids])
        .execute();

/** Fixtures still open for bets (kick-off after now), soonest first. */
export const openFixtures = (db: Db, now: number): Promise<FixtureRow[]> =>
  db
    .selectFrom('sport_fixtures')
    .selectAll()
    .where('state', '=', 'SCHEDULED')
    .where('kickoff_at', '>', now)
    .orderBy('kickoff_at')
    .orderBy('match_no')
    .execute();

/** The latest fixtures that have kicked off (playing, finished or void), newest first. */
export const recentFixtures = (db: Db, now: number, limit: number): Promise<FixtureRow[]> =>
  db
    .selectFrom('sport_fixtures')
    .selectAll()
    .where('kickoff_at', '<=', now)
    .orderBy('kickoff_at', 'desc')
    .orderBy('match_no')
    .limit(limit)
    .execute();

export const fixturesDue = (db: Db, now: number): Promise<FixtureRow[]> =>
  db
    .selectFrom('sport_fixtures')
    .selectAll()
    .where('state', '=', 'SCHEDULED')
    .where('result_at', '<=', now)
    .orderBy('result_at')
    .execute();

/** Moves a fixture on only from SCHEDULED: a result and a void never both land. */
export async function closeFixture(
  db: Db,
  id: string,
  change: Pick<FixtureRow, 'state' | 'home_goals' | 'away_goals' | 'void_reason' | 'closed_at'>,
): Promise<boolean> {
  const r = await db
    .updateTable('sport_fixtures')
    .set(change)
    .where('id', '=', id)
    .where('state', '=', 'SCHEDULED')
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

export async function insertAudit(db: Db, row: SportAuditTable): Promise<void> {
  await db.insertInto('sport_audit').values(row).execute();
}

/** The next 7-digit slip number: one counter row, incremented in one statement. */
export async function takeSlipNumber(db: Db): Promise<string> {
  await db
    .insertInto('sport_counters')
    .values({ name: 'slip_no', value: 1_000_000 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .updateTable('sport_counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', 'slip_no')
    .returning('value')
    .executeTakeFirstOrThrow();
  if (row.value > 9_999_999) throw new Error('slip numbers exhausted');
  return String(row.value);
}

export async function insertSlip(db: Db, slip: SlipRow, legs: readonly LegRow[]): Promise<void> {
  await db.insertInto('sport_slips').values(slip).execute();
  await db
    .insertInto('sport_slip_legs')
    .values([...legs])
    .execute();
}

export const slipByRequest = (db: Db, sessionId: string, requestId: string): Promise<SlipRow | undefined> =>
  db
    .selectFrom('sport_slips')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();

export const legsOf = (db: Db, slipIds: readonly string[]): Promise<LegRow[]> =>
  slipIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('sport_slip_legs')
        .selectAll()
        .where('slip_id', 'in', [...slipIds])
        .orderBy('slip_id')
        .orderBy('leg_no')
        .execute();

export async function setLegOutcome(db: Db, slipId: string, legNo: number, outcome: string): Promise<void> {
  await db
    .updateTable('sport_slip_legs')
    .set({ outcome })
    .where('slip_id', '=', slipId)
    .where('leg_no', '=', legNo)
    .execute();
}

/** OPEN slips none of whose legs waits on a SCHEDULED fixture: ready to settle. */
export const slipsReadyToSettle = (db: Db, limit: number): Promise<SlipRow[]> =>
  db
    .selectFrom('sport_slips')
    .selectAll()
    .where('state', '=', 'OPEN')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('sport_slip_legs')
            .innerJoin('sport_fixtures', 'sport_fixtures.id', 'sport_slip_legs.fixture_id')
            .select('sport_slip_legs.leg_no')
            .whereRef('sport_slip_legs.slip_id', '=', 'sport_slips.id')
            .where('sport_fixtures.state', '=', 'SCHEDULED'),
        ),
      ),
    )
    .orderBy('created_at')
    .limit(limit)
    .execute();

/** The player's slips that reached the wallet, newest first: open ones or settled ones. */
export const slipsOfPlayer = (
  db: Db,
  user: string,
  which: 'open' | 'settled',
  limit: number,
): Promise<SlipRow[]> =>
  db
    .selectFrom('sport_slips')
    .selectAll()
    .where('user_id', '=', user)
    .where('state', 'in', which === 'open' ? ['OPEN'] : ['SETTLING', 'SETTLED'])
    .orderBy('created_at', 'desc')
    .orderBy('slip_no', 'desc')
    .limit(limit)
    .execute();

/** Slips with a leg on this fixture, by state (the operator's void says what it touched). */
export const slipsOnFixture = (db: Db, fixtureId: string): Promise<Pick<SlipRow, 'id' | 'state'>[]> =>
  db
    .selectFrom('sport_slips')
    .innerJoin('sport_slip_legs', 'sport_slip_legs.slip_id', 'sport_slips.id')
    .select(['sport_slips.id', 'sport_slips.state'])
    .where('sport_slip_legs.fixture_id', '=', fixtureId)
    .execute();
