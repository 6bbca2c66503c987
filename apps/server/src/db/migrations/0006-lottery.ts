import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

// Frozen in time: this migration works on `Kysely<any>` so later changes to the table types cannot break it.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** The ticket lottery VN / TN / KH (lottery.md): draws, tickets, items and the per-number exposure. */
export function lotterySchema(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? 'bigserial' : 'integer';
  const idColumn = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('lottery_draws')
        .addColumn('id', id, idColumn)
        .addColumn('series', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('VN', 'TN', 'KH')`))
        .addColumn('layout', 'text', (c) =>
          c.notNull().check(sql`layout in ('VN_SOUTH', 'VN_NORTH', 'KH', 'TN')`),
        )
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('draw_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('cutoff_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('OPEN', 'DRAWN', 'SETTLED', 'VOID')`),
        )
        .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('ENGINE', 'FEED', 'MANUAL')`))
        .addColumn('server_seed', 'text')
        .addColumn('server_seed_hash', 'text')
        .addColumn('sheet', 'text')
        // A feed's complete sheet waits here through its confirmation hold; a correction replaces it.
        .addColumn('feed_sheet', 'text')
        .addColumn('sheet_seen_at_ms', 'bigint')
        .addColumn('drawn_at_ms', 'bigint')
        .addColumn('settled_at_ms', 'bigint')
        .addColumn('voided_at_ms', 'bigint')
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addCheckConstraint('lottery_draws_cutoff_before_draw', sql`cutoff_at_ms <= draw_at_ms`)
        .execute();
      // The scheduler creates each scheduled draw once, whatever the number of processes.
      await db.schema
        .createIndex('lottery_draws_series_at')
        .unique()
        .on('lottery_draws')
        .columns(['series', 'draw_at_ms'])
        .execute();
      await db.schema
        .createIndex('lottery_draws_status_idx')
        .on('lottery_draws')
        .columns(['status', 'draw_at_ms'])
        .execute();
      await db.schema
        .createIndex('lottery_draws_at_idx')
        .on('lottery_draws')
        .columns(['draw_at_ms'])
        .execute();

      // The seed and a stored sheet never change (commit-reveal; a sheet is settled on once).
      if (dialect === 'postgres') {
        await sql`create function lottery_draws_frozen() returns trigger language plpgsql as $$
          begin
            if new.server_seed is distinct from old.server_seed
              or new.server_seed_hash is distinct from old.server_seed_hash
              or (old.sheet is not null and new.sheet is distinct from old.sheet) then
              raise exception 'lottery draw seed and sheet are immutable';
            end if;
            return new;
          end $$`.execute(db);
        await sql`create trigger lottery_draws_frozen before update on lottery_draws
          for each row execute function lottery_draws_frozen()`.execute(db);
      } else {
        await sql`create trigger lottery_draws_frozen before update on lottery_draws
          when new.server_seed is not old.server_seed
            or new.server_seed_hash is not old.server_seed_hash
            or (old.sheet is not null and new.sheet is not old.sheet)
          begin select raise(abort, 'lottery draw seed and sheet are immutable'); end`.execute(db);
      }

      await db.schema
        .createTable('lottery_tickets')
        .addColumn('id', id, idColumn)
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('draw_id', 'bigint', (c) => c.notNull().references('lottery_draws.id'))
        .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('VN', 'TN', 'KH')`))
        .addColumn('request_id', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('OPEN', 'DELETED', 'WON', 'LOST', 'VOID')`),
        )
        .addColumn('total_amount', 'bigint', (c) => c.notNull().check(sql`total_amount >= 0`))
        .addColumn('discount', 'bigint', (c) => c.notNull().check(sql`discount >= 0`))
        .addColumn('net_amount', 'bigint', (c) => c.notNull().check(sql`net_amount >= 0`))
        .addColumn('payout', 'bigint', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`payout >= 0`),
        )
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('settled_at_ms', 'bigint')
        .execute();
      // request_id is an idempotency key per player (lottery.md §6).
      await db.schema
        .createIndex('lottery_tickets_request')
        .unique()
        .on('lottery_tickets')
        .columns(['player_id', 'request_id'])
        .execute();
      await db.schema
        .createIndex('lottery_tickets_player_idx')
        .on('lottery_tickets')
        .columns(['player_id', 'created_at_ms'])
        .execute();
      await db.schema
        .createIndex('lottery_tickets_draw_idx')
        .on('lottery_tickets')
        .columns(['draw_id', 'status'])
        .execute();

      await db.schema
        .createTable('lottery_items')
        .addColumn('id', id, idColumn)
        .addColumn('ticket_id', 'bigint', (c) => c.notNull().references('lottery_tickets.id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull())
        .addColumn('draw_id', 'bigint', (c) => c.notNull())
        .addColumn('bet_type', 'text', (c) => c.notNull().check(sql`bet_type in ('2D', '3D')`))
        .addColumn('posts', 'text', (c) => c.notNull())
        .addColumn('numbers', 'text', (c) => c.notNull())
        .addColumn('permute', 'integer', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
        .addColumn('lines', 'integer', (c) => c.notNull().check(sql`lines > 0`))
        .addColumn('face_amount', 'bigint', (c) => c.notNull().check(sql`face_amount > 0`))
        .addColumn('discount', 'bigint', (c) => c.notNull().check(sql`discount >= 0`))
        .addColumn('net_amount', 'bigint', (c) => c.notNull().check(sql`net_amount >= 0`))
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('OPEN', 'DELETED', 'WON', 'LOST', 'VOID')`),
        )
        .addColumn('payout', 'bigint', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`payout >= 0`),
        )
        .addColumn('hits', 'text')
        .addColumn('paid_at_ms', 'bigint')
        .addColumn('deleted_at_ms', 'bigint')
        .addColumn('hidden_at_ms', 'bigint')
        .addCheckConstraint('lottery_items_money', sql`face_amount = discount + net_amount`)
        .execute();
      await db.schema
        .createIndex('lottery_items_ticket_idx')
        .on('lottery_items')
        .columns(['ticket_id'])
        .execute();
      // Settlement reads a draw's live items; the payout list reads a player's won items.
      await db.schema
        .createIndex('lottery_items_draw_idx')
        .on('lottery_items')
        .columns(['draw_id', 'status'])
        .execute();
      await db.schema
        .createIndex('lottery_items_player_idx')
        .on('lottery_items')
        .columns(['player_id', 'status', 'paid_at_ms'])
        .execute();

      await db.schema
        .createTable('lottery_exposure')
        .addColumn('draw_id', 'bigint', (c) => c.notNull())
        .addColumn('bet_type', 'text', (c) => c.notNull())
        .addColumn('line_code', 'text', (c) => c.notNull())
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('placed', 'bigint', (c) => c.notNull().check(sql`placed >= 0`))
        .addPrimaryKeyConstraint('lottery_exposure_pk', ['draw_id', 'bet_type', 'line_code', 'number'])
        .execute();
    },
  };
}
