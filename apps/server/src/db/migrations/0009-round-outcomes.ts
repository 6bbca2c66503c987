import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

// Frozen in time: this migration works on `Kysely<any>` so later changes to the table types cannot break it.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** The outcome columns a settled round carries, in the order they are added. */
const OUTCOME_COLUMNS = [
  ['winning_band', 'text'],
  ['winning_side', 'text'],
  ['ball_a', 'integer'],
  ['ball_b', 'integer'],
  ['ball_c', 'integer'],
  ['ball_d', 'integer'],
  ['ball_e', 'integer'],
  ['band_rate_hundredths', 'integer'],
  ['side_rate_hundredths', 'integer'],
  ['number_rate_hundredths', 'integer'],
] as const;

/**
 * Settlement no longer writes range, over/under and NUMBER bets (docs/decisions/0027): a bet of a
 * SETTLED round reads WON or LOST, and its payout, from its round. So the round keeps what that takes,
 * written once by settlement: the winning band and side of its total, the balls at posts A–E, and the
 * rates in force when it was settled (rates are configuration and may differ after a restart). A trigger
 * refuses any change to them once written, as for the numbers.
 *
 * On PostgreSQL the bets table goes back to full pages: half-empty pages (0003) were there so that
 * settlement's rewrite of every bet stayed on its page, and there is no such rewrite any more.
 */
export function roundOutcomesSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const [name, type] of OUTCOME_COLUMNS) {
        await db.schema.alterTable('lotto59_rounds').addColumn(name, type).execute();
      }
      const changed = (compare: string) =>
        OUTCOME_COLUMNS.map(([name]) => `new.${name} ${compare} old.${name}`).join(' or ');
      if (dialect === 'postgres') {
        await sql`create function lotto59_rounds_outcome_frozen() returns trigger language plpgsql as $$
          begin
            if old.band_rate_hundredths is not null and (${sql.raw(changed('is distinct from'))}) then
              raise exception 'a settled round''s outcome is immutable';
            end if;
            return new;
          end $$`.execute(db);
        await sql`create trigger lotto59_rounds_outcome_frozen before update on lotto59_rounds
          for each row execute function lotto59_rounds_outcome_frozen()`.execute(db);
        await sql`alter table lotto59_bets set (fillfactor = 100)`.execute(db);
      } else {
        await sql`create trigger lotto59_rounds_outcome_frozen before update on lotto59_rounds
          when old.band_rate_hundredths is not null and (${sql.raw(changed('is not'))})
          begin select raise(abort, 'a settled round''s outcome is immutable'); end`.execute(db);
      }
    },
  };
}
