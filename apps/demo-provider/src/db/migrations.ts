import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { withSchemaScopedIntrospection } from './schema-scoped-introspection';

/*
 * The studio's migrations, in order; each is frozen once released. The column types (text, bigint, integer)
 * mean the same on SQLite and PostgreSQL, so one definition serves both.
 */
const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('seed_pairs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('server_seed', 'text', (c) => c.notNull())
      .addColumn('server_seed_hash', 'text', (c) => c.notNull())
      .addColumn('client_seed', 'text', (c) => c.notNull())
      .addColumn('next_nonce', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('rotated_at', 'bigint')
      .execute();
    // One open pair per (player, provider): two first rounds racing cannot both create one.
    await db.schema
      .createIndex('seed_pairs_open')
      .on('seed_pairs')
      .columns(['user_id', 'provider'])
      .unique()
      .where(sql<boolean>`rotated_at is null`)
      .execute();

    await db.schema
      .createTable('page_sessions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('bearer_hash', 'text', (c) => c.notNull().unique())
      .addColumn('wallet_token', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('game_code', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('ttl_ms', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('rounds')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('request_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('game_code', 'text', (c) => c.notNull())
      .addColumn('seed_pair_id', 'text', (c) => c.notNull().references('seed_pairs.id'))
      .addColumn('nonce', 'integer', (c) => c.notNull())
      .addColumn('client_seed', 'text', (c) => c.notNull())
      .addColumn('server_seed_hash', 'text', (c) => c.notNull())
      .addColumn('bet', 'bigint', (c) => c.notNull())
      .addColumn('win', 'bigint', (c) => c.notNull())
      .addColumn('result', 'text', (c) => c.notNull())
      .addColumn('meta', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('bet_tx', 'text', (c) => c.notNull())
      .addColumn('win_tx', 'text', (c) => c.notNull())
      .addColumn('rollback_tx', 'text', (c) => c.notNull())
      .addColumn('balance', 'bigint')
      .addColumn('error_code', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('rounds_session_request', ['session_id', 'request_id'])
      .addUniqueConstraint('rounds_pair_nonce', ['seed_pair_id', 'nonce'])
      .execute();
    await db.schema
      .createIndex('rounds_user_game')
      .on('rounds')
      .columns(['user_id', 'game_code', 'created_at'])
      .execute();
    await db.schema.createIndex('rounds_state').on('rounds').column('state').execute();

    await db.schema
      .createTable('outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('round_id', 'text', (c) => c.notNull().references('rounds.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('parked_at', 'bigint')
      .addColumn('last_error', 'text')
      // A round owes at most one win and one rollback.
      .addUniqueConstraint('outbox_round_kind', ['round_id', 'kind'])
      .execute();
    await db.schema
      .createIndex('outbox_due')
      .on('outbox')
      .columns(['parked_at', 'next_attempt_at'])
      .execute();
  },
};

/*
 * Demo League (providers.md §7.4): published fixtures with their commitments, slips and their legs, the slips'
 * own outbox of owed wins and rollbacks (the same columns as `outbox`, whose round_id must name a casino round),
 * the slip-number counter and the operator's audit trail.
 */
const sport: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('sport_fixtures')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('round_index', 'bigint', (c) => c.notNull())
      .addColumn('match_no', 'integer', (c) => c.notNull())
      .addColumn('kickoff_at', 'bigint', (c) => c.notNull())
      .addColumn('result_at', 'bigint', (c) => c.notNull())
      .addColumn('home', 'text', (c) => c.notNull())
      .addColumn('away', 'text', (c) => c.notNull())
      .addColumn('fixture_json', 'text', (c) => c.notNull())
      .addColumn('seed', 'text', (c) => c.notNull())
      .addColumn('seed_hash', 'text', (c) => c.notNull())
      .addColumn('fixture_hash', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('home_goals', 'integer')
      .addColumn('away_goals', 'integer')
      .addColumn('void_reason', 'text')
      .addColumn('closed_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sport_fixtures_kickoff').on('sport_fixtures').column('kickoff_at').execute();
    await db.schema
      .createIndex('sport_fixtures_state')
      .on('sport_fixtures')
      .columns(['state', 'result_at'])
      .execute();

    await db.schema
      .createTable('sport_counters')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('sport_slips')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('slip_no', 'text', (c) => c.notNull().unique())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('request_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('game_code', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('stake', 'bigint', (c) => c.notNull())
      .addColumn('odds', 'integer', (c) => c.notNull())
      .addColumn('potential_payout', 'bigint', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('payout', 'bigint')
      .addColumn('meta', 'text', (c) => c.notNull())
      .addColumn('bet_tx', 'text', (c) => c.notNull())
      .addColumn('win_tx', 'text', (c) => c.notNull())
      .addColumn('rollback_tx', 'text', (c) => c.notNull())
      .addColumn('balance', 'bigint')
      .addColumn('error_code', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addColumn('settled_at', 'bigint')
      .addUniqueConstraint('sport_slips_session_request', ['session_id', 'request_id'])
      .execute();
    await db.schema
      .createIndex('sport_slips_user')
      .on('sport_slips')
      .columns(['user_id', 'created_at'])
      .execute();
    await db.schema.createIndex('sport_slips_state').on('sport_slips').column('state').execute();

    await db.schema
      .createTable('sport_slip_legs')
      .addColumn('slip_id', 'text', (c) => c.notNull().references('sport_slips.id'))
      .addColumn('leg_no', 'integer', (c) => c.notNull())
      .addColumn('fixture_id', 'text', (c) => c.notNull().references('sport_fixtures.id'))
      .addColumn('market', 'text', (c) => c.notNull())
      .addColumn('pick', 'text', (c) => c.notNull())
      .addColumn('line_quarters', 'integer')
      .addColumn('odds', 'integer', (c) => c.notNull())
      .addColumn('outcome', 'text')
      .addPrimaryKeyConstraint('sport_slip_legs_pk', ['slip_id', 'leg_no'])
      .execute();
    await db.schema
      .createIndex('sport_slip_legs_fixture')
      .on('sport_slip_legs')
      .column('fixture_id')
      .execute();

    await db.schema
      .createTable('sport_outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('round_id', 'text', (c) => c.notNull().references('sport_slips.id'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('parked_at', 'bigint')
      .addColumn('last_error', 'text')
      .addUniqueConstraint('sport_outbox_round_kind', ['round_id', 'kind'])
      .execute();
    await db.schema
      .createIndex('sport_outbox_due')
      .on('sport_outbox')
      .columns(['parked_at', 'next_attempt_at'])
      .execute();

    await db.schema
      .createTable('sport_audit')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('fixture_id', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull())
      .execute();
  },
};

/*
 * Ocean Dragon (providers.md §4, §7.3): provider 4's in-game balances and its transfers (idempotent by
 * transfer_id, with NOT_FOUND tombstones), the fishing sessions' fish seed, every shot, and provider 5's
 * magazines (a magazine is a `rounds` row, so its win and rollback go through the outbox like any round's).
 */
const fishing: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('transfer_wallets')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('balance', 'bigint', (c) => c.notNull())
      // The game session since its deposit (the withdraw's summary), zeroed by each withdraw.
      .addColumn('shots', 'integer', (c) => c.notNull())
      .addColumn('stake', 'bigint', (c) => c.notNull())
      .addColumn('payout', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('transfers')
      .addColumn('transfer_id', 'text', (c) => c.primaryKey())
      // Null for a tombstone (a status query for an id never seen).
      .addColumn('user_id', 'text')
      .addColumn('direction', 'text')
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('fingerprint', 'text')
      .addColumn('response', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('fishing_sessions')
      .addColumn('session_id', 'text', (c) => c.primaryKey().references('page_sessions.id'))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('fish_seed', 'text', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('fishing_magazines')
      .addColumn('round_id', 'text', (c) => c.primaryKey().references('rounds.id'))
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('cost', 'bigint', (c) => c.notNull())
      .addColumn('shots', 'integer', (c) => c.notNull())
      .addColumn('payout', 'bigint', (c) => c.notNull())
      .execute();
    // One magazine being bought or in use per session: two racing shots cannot both buy one.
    await db.schema
      .createIndex('rounds_open_magazine')
      .on('rounds')
      .column('session_id')
      .unique()
      .where(sql<boolean>`game_code = 'ocean-dragon' and state in ('BETTING', 'LOADED')`)
      .execute();

    await db.schema
      .createTable('fishing_shots')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('request_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('magazine_id', 'text')
      .addColumn('fish_id', 'integer', (c) => c.notNull())
      .addColumn('fish_code', 'text', (c) => c.notNull())
      .addColumn('level', 'integer', (c) => c.notNull())
      .addColumn('cost', 'bigint', (c) => c.notNull())
      .addColumn('seed_pair_id', 'text', (c) => c.notNull().references('seed_pairs.id'))
      .addColumn('nonce', 'integer', (c) => c.notNull())
      .addColumn('client_seed', 'text', (c) => c.notNull())
      .addColumn('server_seed_hash', 'text', (c) => c.notNull())
      .addColumn('captured', 'integer', (c) => c.notNull())
      .addColumn('multiplier', 'integer', (c) => c.notNull())
      .addColumn('payout', 'bigint', (c) => c.notNull())
      .addColumn('balance', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('fishing_shots_session_request', ['session_id', 'request_id'])
      .addUniqueConstraint('fishing_shots_pair_nonce', ['seed_pair_id', 'nonce'])
      .execute();
    // A fish is caught once: a second capture of it (two shots racing) fails its whole transaction.
    await db.schema
      .createIndex('fishing_shots_one_capture')
      .on('fishing_shots')
      .columns(['session_id', 'fish_id'])
      .unique()
      .where(sql<boolean>`captured = 1`)
      .execute();
    await db.schema
      .createIndex('fishing_shots_user')
      .on('fishing_shots')
      .columns(['user_id', 'provider', 'created_at'])
      .execute();
  },
};

/**
 * The wallet's largest bet as its session answer announced it (`max_bet`, decision 0042), kept with the page
 * session: the baccarat table offers no round above it. Null for sessions opened before, or by a wallet that
 * does not announce it (the studio then assumes the protocol's default, wallet-client.ts).
 */
const sessionMaxBet: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('page_sessions').addColumn('wallet_max_bet', 'bigint').execute();
  },
};

/**
 * One outbox for every game (decision 0052): the casino rounds' `outbox` and the slips' `sport_outbox` become
 * one table whose `subject` names the round's table (ROUND `rounds`, SLIP `sport_slips`), so one worker, one
 * recovery pass and one operator list serve all. The foreign key to `rounds` goes (a slip is not a round); the
 * round machine writes an entry only in the transaction that moves its round. Owed calls are carried over.
 */
const oneOutbox: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('wallet_outbox')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('round_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('parked_at', 'bigint')
      .addColumn('last_error', 'text')
      // A round owes at most one win and one rollback.
      .addUniqueConstraint('outbox_subject_round_kind', ['subject', 'round_id', 'kind'])
      .execute();
    const columns = sql.raw(
      'id, round_id, kind, provider, body, attempts, next_attempt_at, created_at, parked_at, last_error',
    );
    await sql`insert into wallet_outbox (subject, ${columns}) select 'ROUND', ${columns} from outbox`.execute(
      db,
    );
    await sql`insert into wallet_outbox (subject, ${columns}) select 'SLIP', ${columns} from sport_outbox`.execute(
      db,
    );
    await db.schema.dropTable('outbox').execute();
    await db.schema.dropTable('sport_outbox').execute();
    await db.schema.alterTable('wallet_outbox').renameTo('outbox').execute();
    await db.schema
      .createIndex('outbox_due')
      .on('outbox')
      .columns(['parked_at', 'next_attempt_at'])
      .execute();
  },
};

const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-sport': sport,
  '0003-fishing': fishing,
  '0004-session-max-bet': sessionMaxBet,
  '0005-one-outbox': oneOutbox,
};

class InCodeMigrations implements MigrationProvider {
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve(MIGRATIONS);
  }
}

/** Brings the studio's schema up to date; `schema` names the PostgreSQL schema its migration table lives in. */
export async function migrateDemoProvider(db: Kysely<unknown>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db: schema ? withSchemaScopedIntrospection(db, schema) : db,
    provider: new InCodeMigrations(),
    migrationTableSchema: schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
