import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

// Frozen in time: this migration works on `Kysely<any>` so later changes to the table types cannot break it.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** Provider games (providers.md §3, §5, §8): game tokens, the wallet calls' idempotency records, rounds. */
export function providersSchema(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? 'bigserial' : 'integer';
  const idColumn = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  const provider = (c: any) => c.notNull().check(sql`provider in ('2', '3', '4', '5', 'sport')`);

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('provider_tokens')
        .addColumn('id', id, idColumn)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('launch_code_hash', 'text', (c) => c.unique())
        .addColumn('launch_code_expires_ms', 'bigint')
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('provider', 'text', provider)
        .addColumn('game_code', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency = 'KHR'`))
        // The login session's id (sessions.id, the hex hash of its cookie token).
        .addColumn('auth_session_id', 'text', (c) => c.notNull())
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('expires_ms', 'bigint', (c) => c.notNull())
        .addColumn('hard_expires_ms', 'bigint', (c) => c.notNull())
        .addColumn('retired_at_ms', 'bigint')
        .execute();
      // A new launch retires the player's older live token of the same game.
      await db.schema
        .createIndex('provider_tokens_player_game_idx')
        .on('provider_tokens')
        .columns(['player_id', 'provider', 'game_code'])
        .execute();

      await db.schema
        .createTable('provider_transactions')
        .addColumn('provider', 'text', provider)
        .addColumn('transaction_uuid', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) =>
          c.notNull().check(sql`action in ('bet', 'win', 'rollback', 'tombstone')`),
        )
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('game_code', 'text', (c) => c.notNull())
        .addColumn('round_id', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
        .addColumn('reference_transaction_uuid', 'text')
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('response_json', 'text', (c) => c.notNull())
        .addColumn('rolled_back', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('provider_transactions_pk', ['provider', 'transaction_uuid'])
        .execute();
      // A rollback finds its round's win; a win finds its bet by reference.
      await db.schema
        .createIndex('provider_transactions_round_idx')
        .on('provider_transactions')
        .columns(['provider', 'round_id'])
        .execute();

      await db.schema
        .createTable('provider_rounds')
        .addColumn('provider', 'text', provider)
        .addColumn('round_id', 'text', (c) => c.notNull())
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('game_code', 'text', (c) => c.notNull())
        .addColumn('stake', 'bigint', (c) => c.notNull().check(sql`stake >= 0`))
        .addColumn('payout', 'bigint', (c) => c.notNull().check(sql`payout >= 0`))
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('OPEN', 'CLOSED', 'ROLLED_BACK')`),
        )
        .addColumn('bet_meta', 'text')
        .addColumn('win_meta', 'text')
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('closed_at_ms', 'bigint')
        .addPrimaryKeyConstraint('provider_rounds_pk', ['provider', 'round_id'])
        .execute();
      // The casino report: one player's rounds of some providers, newest first, in a date range.
      await db.schema
        .createIndex('provider_rounds_player_idx')
        .on('provider_rounds')
        .columns(['player_id', 'created_at_ms'])
        .execute();

      // One ledger account per provider: the seamless wallet moves stakes and wins between it and the
      // player (providers.md §3). Like the other system accounts it may go negative (a provider that
      // pays out more than it took).
      const nowMs = Date.now();
      await db
        .insertInto('accounts')
        .values(
          PROVIDER_ACCOUNT_CODES.map((code) => ({
            code,
            kind: 'provider',
            balance: 0,
            may_go_negative: 1,
            created_at_ms: nowMs,
          })),
        )
        .execute();

      // An operator switch that closes a player's provider games (RS_ERROR_USER_DISABLED).
      await db.schema
        .alterTable('players')
        .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}

/** Written out rather than imported: a migration is frozen in time. */
const PROVIDER_ACCOUNT_CODES = ['provider:2', 'provider:3', 'provider:4', 'provider:5', 'provider:sport'];
