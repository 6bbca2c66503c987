import type { Kysely, Migration } from 'kysely';

// Frozen in time: this migration works on `Kysely<any>` so later changes to the table types cannot break it.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The player's saved favourite numbers (issue 26, item 5, decision 0053): one row per player and game, the
 * numbers as a comma-separated list of the domain's canonical strings (`normaliseFavourites`).
 */
export function favouriteNumbersSchema(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('favourite_numbers')
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('game', 'text', (c) => c.notNull())
        .addColumn('numbers', 'text', (c) => c.notNull())
        .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('favourite_numbers_pk', ['player_id', 'game'])
        .execute();
    },
  };
}
