import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

// Frozen in time: this migration works on `Kysely<any>` so later changes to the table types cannot break it.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A lottery draw's winning items get a row of their own here, written once by settlement, instead of an
 * update of their row in `lottery_items` (docs/decisions/0036): updating 7 % of a draw's items dirtied
 * nearly every page of the big table and moved each winner in two indexes (0.7–0.9 s at 10⁶ items on
 * SQLite), where inserting these small rows in id order costs a fraction of it. An item with a row here is
 * WON, whatever its stored status (which stays OPEN); the payout list reads this table by player.
 *
 * Items stored WON before this migration are copied here, so that readers need no other source; the
 * items' index on (player_id, status, paid_at_ms) served only the payout list, and goes.
 */
export function lotteryItemWinsSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('lottery_item_wins')
        // SQLite: `integer primary key` is the rowid itself, so rows inserted in item order append.
        .addColumn('item_id', dialect === 'postgres' ? 'bigint' : 'integer', (c) =>
          c.primaryKey().references('lottery_items.id'),
        )
        .addColumn('player_id', 'bigint', (c) => c.notNull())
        .addColumn('payout', 'bigint', (c) => c.notNull().check(sql`payout > 0`))
        /** JSON `{code,index,number}[]`. */
        .addColumn('hits', 'text', (c) => c.notNull())
        .addColumn('paid_at_ms', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('lottery_item_wins_player_idx')
        .on('lottery_item_wins')
        .columns(['player_id', 'paid_at_ms'])
        .execute();
      await sql`
        insert into lottery_item_wins (item_id, player_id, payout, hits, paid_at_ms)
        select id, player_id, payout, coalesce(hits, '[]'), coalesce(paid_at_ms, 0)
        from lottery_items where status = 'WON' and payout > 0`.execute(db);
      await db.schema.dropIndex('lottery_items_player_idx').execute();
    },
  };
}
