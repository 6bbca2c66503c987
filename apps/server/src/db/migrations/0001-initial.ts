import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

// Frozen in time: this migration works on `Kysely<any>` so later changes to the table types cannot break it.
/* eslint-disable @typescript-eslint/no-explicit-any */

export function initialSchema(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? 'bigserial' : 'integer';
  const idColumn = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('players')
        .addColumn('id', id, idColumn)
        .addColumn('username', 'text', (c) => c.notNull())
        // Usernames are matched without regard to case; the key column makes that unique.
        .addColumn('username_key', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('enable_lottery', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('enable_fast_game_play', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('enabled_poll_1', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('is_loading', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_demo', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
        .execute();

      // Ledger: every account of the double-entry book. Only system accounts (house, cash, jackpot pool,
      // providers) may go below zero; the check makes a negative player balance impossible to store.
      await db.schema
        .createTable('accounts')
        .addColumn('id', id, idColumn)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('player', 'house', 'cash', 'jackpot', 'provider')`),
        )
        .addColumn('player_id', 'bigint', (c) => c.unique().references('players.id'))
        .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('may_go_negative', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addCheckConstraint('accounts_balance_not_negative', sql`may_go_negative = 1 or balance >= 0`)
        .addCheckConstraint('accounts_player_is_not_negative', sql`kind <> 'player' or may_go_negative = 0`)
        .execute();

      await db.schema
        .createTable('transfers')
        .addColumn('id', id, idColumn)
        .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
        // Fingerprint of the request that used the key: a replay with another body is refused.
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('from_account_id', 'bigint', (c) => c.notNull().references('accounts.id'))
        .addColumn('to_account_id', 'bigint', (c) => c.notNull().references('accounts.id'))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('from_balance_after', 'bigint', (c) => c.notNull())
        .addColumn('to_balance_after', 'bigint', (c) => c.notNull())
        .addColumn('reference', 'text')
        .addColumn('note', 'text')
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addCheckConstraint('transfers_amount_positive', sql`amount > 0`)
        .addCheckConstraint('transfers_two_accounts', sql`from_account_id <> to_account_id`)
        .execute();
      await db.schema
        .createIndex('transfers_from_idx')
        .on('transfers')
        .columns(['from_account_id', 'created_at_ms'])
        .execute();
      await db.schema
        .createIndex('transfers_to_idx')
        .on('transfers')
        .columns(['to_account_id', 'created_at_ms'])
        .execute();
      await db.schema.createIndex('transfers_reference_idx').on('transfers').column('reference').execute();

      // Transfers are immutable: a correction is a new reversing transfer, never an edit.
      if (dialect === 'postgres') {
        await sql`create function transfers_immutable() returns trigger language plpgsql as $$
          begin raise exception 'transfers are immutable'; end $$`.execute(db);
        await sql`create trigger transfers_no_update before update or delete on transfers
          for each row execute function transfers_immutable()`.execute(db);
      } else {
        await sql`create trigger transfers_no_update before update on transfers
          begin select raise(abort, 'transfers are immutable'); end`.execute(db);
        await sql`create trigger transfers_no_delete before delete on transfers
          begin select raise(abort, 'transfers are immutable'); end`.execute(db);
      }

      const nowMs = Date.now();
      await db
        .insertInto('accounts')
        .values(
          (['house', 'cash', 'jackpot'] as const).map((kind) => ({
            code: kind,
            kind,
            balance: 0,
            may_go_negative: 1,
            created_at_ms: nowMs,
          })),
        )
        .execute();

      await db.schema
        .createTable('sessions')
        // sha-256 of the cookie token: a leaked table does not leak usable sessions.
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('ended_at_ms', 'bigint')
        .addColumn('end_reason', 'text')
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('sessions_player_idx').on('sessions').column('player_id').execute();

      await db.schema
        .createTable('login_throttle')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('window_start_ms', 'bigint', (c) => c.notNull())
        .addColumn('locked_until_ms', 'bigint')
        .execute();

      await db.schema
        .createTable('audit_events')
        .addColumn('id', id, idColumn)
        .addColumn('at_ms', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('player_id', 'bigint')
        .addColumn('ip', 'text')
        .addColumn('detail', 'text')
        .execute();
      await db.schema.createIndex('audit_events_player_idx').on('audit_events').column('player_id').execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
