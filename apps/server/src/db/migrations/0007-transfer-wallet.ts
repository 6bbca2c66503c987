import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

// Frozen in time: this migration works on `Kysely<any>` so later changes to the table types cannot break it.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** The transfer wallet of provider 4 and the fishing sessions (providers.md §4, §8; decision 0023). */
export function transferWalletSchema(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? 'bigserial' : 'integer';
  const idColumn = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('fishing_sessions')
        .addColumn('id', id, idColumn)
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('4', '5')`))
        .addColumn('game_code', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) =>
          c.notNull().check(sql`state in ('OPENING', 'ACTIVE', 'CLOSING', 'UNKNOWN', 'CLOSED', 'FAILED')`),
        )
        .addColumn('token_id', 'bigint')
        .addColumn('started_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('last_active_ms', 'bigint', (c) => c.notNull())
        .addColumn('ended_at_ms', 'bigint')
        .addColumn('transfer_in', 'bigint', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`transfer_in >= 0`),
        )
        .addColumn('transfer_out', 'bigint', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`transfer_out >= 0`),
        )
        .addColumn('shots', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('stake', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('payout', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      // One open session per player and provider: two tabs opening at once cannot both move money in.
      await sql`create unique index fishing_sessions_one_open on fishing_sessions (player_id, provider)
        where state in ('OPENING', 'ACTIVE', 'CLOSING', 'UNKNOWN')`.execute(db);
      // The fishing report: one player's sessions, newest first, in a date range.
      await db.schema
        .createIndex('fishing_sessions_player_idx')
        .on('fishing_sessions')
        .columns(['player_id', 'started_at_ms'])
        .execute();

      await db.schema
        .createTable('provider_transfer')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider = '4'`))
        .addColumn('direction', 'text', (c) => c.notNull().check(sql`direction in ('IN', 'OUT')`))
        .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
        .addColumn('state', 'text', (c) =>
          c.notNull().check(sql`state in ('INITIATED', 'COMPLETED', 'FAILED', 'UNKNOWN')`),
        )
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_check_at_ms', 'bigint')
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('resolved_at_ms', 'bigint')
        .addColumn('session_id', 'bigint', (c) => c.notNull().references('fishing_sessions.id'))
        .addColumn('resolved_by', 'text')
        .addColumn('alerted_at_ms', 'bigint')
        .execute();
      // At most one transfer in flight per player (is_loading; TRANSFER_IN_FLIGHT), enforced by the database.
      await sql`create unique index provider_transfer_one_in_flight on provider_transfer (player_id)
        where state in ('INITIATED', 'UNKNOWN')`.execute(db);
      // The recovery worker's queue.
      await db.schema
        .createIndex('provider_transfer_due_idx')
        .on('provider_transfer')
        .columns(['next_check_at_ms'])
        .execute();

      // A fishing session's token is launched again by every `external/4|5/url` (providers.md §5: the token
      // settoken minted is the one the game uses), so the row keeps it sealed to hand it over once more.
      await db.schema.alterTable('provider_tokens').addColumn('token_seal', 'text').execute();

      // The float: what our players hold at provider 4 (player → float on deposit, back on withdraw). A
      // player who wins in the game brings back more than went in, so like every system account it may go
      // below zero (the provider owes us the difference).
      await db
        .insertInto('accounts')
        .values({
          code: 'float:4',
          kind: 'provider',
          balance: 0,
          may_go_negative: 1,
          created_at_ms: Date.now(),
        })
        .execute();
    },
  };
}
