import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

// Frozen in time: this migration works on `Kysely<any>` so later changes to the table types cannot break it.
/* eslint-disable @typescript-eslint/no-explicit-any */

const PERIODS = ['day', 'week', 'month'] as const;
const KINDS = ['loss', 'wager', 'deposit'] as const;

/**
 * Responsible gaming (shared/spec/responsible-gaming.md, decision 0050). `rg_players` holds, in ONE row per
 * player, everything the debit of a stake must judge — break, exclusion, the nine limits — and the counters
 * of the current day, week and month it updates, so the check and the count are one conditional statement
 * on the row the stake already touches. `rg_pending` holds the raises and removals waiting for their date
 * and the player's confirmation; they never change a limit until confirmed, so the debit never reads them.
 */
export function responsibleGamingSchema(dialect: Dialect): Migration {
  void dialect;
  return {
    async up(db: Kysely<any>) {
      let players = db.schema
        .createTable('rg_players')
        .addColumn('player_id', 'bigint', (c) => c.primaryKey().references('players.id'))
        .addColumn('break_until_ms', 'bigint')
        .addColumn('excluded_until_ms', 'bigint')
        .addColumn('reality_check_minutes', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`reality_check_minutes in (0, 15, 30, 60)`),
        );
      for (const kind of KINDS) {
        for (const period of PERIODS) {
          players = players.addColumn(`${kind}_${period}`, 'bigint', (c) =>
            c.check(sql.raw(`${kind}_${period} > 0`)),
          );
        }
      }
      for (const period of PERIODS) {
        players = players.addColumn(`${period}_start_ms`, 'bigint', (c) => c.notNull().defaultTo(0));
        for (const counter of ['wager', 'payout', 'deposit']) {
          players = players.addColumn(`${period}_${counter}`, 'bigint', (c) => c.notNull().defaultTo(0));
        }
      }
      await players.addColumn('updated_at_ms', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
      // The operator's list of players on a break or excluded.
      await db.schema.createIndex('rg_players_break_idx').on('rg_players').column('break_until_ms').execute();
      await db.schema
        .createIndex('rg_players_excluded_idx')
        .on('rg_players')
        .column('excluded_until_ms')
        .execute();

      await db.schema
        .createTable('rg_pending')
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('LOSS', 'WAGER', 'DEPOSIT')`))
        .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('DAY', 'WEEK', 'MONTH')`))
        /** null: the change removes the limit. */
        .addColumn('amount', 'bigint')
        .addColumn('effective_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('confirm_by_ms', 'bigint', (c) => c.notNull())
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('rg_pending_pk', ['player_id', 'kind', 'period'])
        .execute();
    },
  };
}
