import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

// Frozen in time: this migration works on `Kysely<any>` so later changes to the table types cannot break it.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** Lotto 59: rounds, bet groups (one per submission), bets, the player's pool and the jackpot winners feed. */
export function lotto59Schema(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? 'bigserial' : 'integer';
  const idColumn = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('lotto59_rounds')
        .addColumn('id', id, idColumn)
        .addColumn('poll', 'text', (c) => c.notNull().check(sql`poll in ('POLL_1', 'POLL_2')`))
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('OPEN', 'RELEASING', 'SETTLED', 'VOID')`),
        )
        .addColumn('opened_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('close_at_ms', 'bigint', (c) => c.notNull())
        // The release schedule is fixed when the round opens, so a restart with other timings cannot
        // change what a player already saw.
        .addColumn('first_ball_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('ball_interval_ms', 'bigint', (c) => c.notNull())
        .addColumn('reveal_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('settle_at_ms', 'bigint', (c) => c.notNull())
        // Secret until reveal_at_ms; its hash is published when the round opens (commit-reveal).
        .addColumn('server_seed', 'text', (c) => c.notNull())
        .addColumn('server_seed_hash', 'text', (c) => c.notNull())
        // Comma-separated, in draw order; written once when the release starts (a trigger forbids changes).
        .addColumn('numbers', 'text')
        .addColumn('total', 'integer')
        .addColumn('drawn_at_ms', 'bigint')
        .addColumn('settled_at_ms', 'bigint')
        .addColumn('voided_at_ms', 'bigint')
        .execute();
      // At most one open round per pool, whatever the number of schedulers.
      await db.schema
        .createIndex('lotto59_rounds_one_open')
        .unique()
        .on('lotto59_rounds')
        .column('poll')
        .where(sql.ref('status'), '=', 'OPEN')
        .execute();
      await db.schema
        .createIndex('lotto59_rounds_poll_idx')
        .on('lotto59_rounds')
        .columns(['poll', 'id'])
        .execute();
      await db.schema
        .createIndex('lotto59_rounds_status_idx')
        .on('lotto59_rounds')
        .column('status')
        .execute();

      if (dialect === 'postgres') {
        await sql`create function lotto59_rounds_frozen() returns trigger language plpgsql as $$
          begin
            if new.server_seed is distinct from old.server_seed
              or new.server_seed_hash is distinct from old.server_seed_hash
              or (old.numbers is not null and new.numbers is distinct from old.numbers) then
              raise exception 'round numbers and seed are immutable';
            end if;
            return new;
          end $$`.execute(db);
        await sql`create trigger lotto59_rounds_frozen before update on lotto59_rounds
          for each row execute function lotto59_rounds_frozen()`.execute(db);
      } else {
        await sql`create trigger lotto59_rounds_frozen before update on lotto59_rounds
          when new.server_seed is not old.server_seed
            or new.server_seed_hash is not old.server_seed_hash
            or (old.numbers is not null and new.numbers is not old.numbers)
          begin select raise(abort, 'round numbers and seed are immutable'); end`.execute(db);
      }

      // One row per submission (POST /api/bet or /api/bet/jackpot): the idempotency record and the group.
      await db.schema
        .createTable('lotto59_bet_groups')
        .addColumn('id', id, idColumn)
        .addColumn('player_id', 'bigint', (c) => c.notNull().references('players.id'))
        .addColumn('round_id', 'bigint', (c) => c.notNull().references('lotto59_rounds.id'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('BET', 'JACKPOT')`))
        .addColumn('idempotency_key', 'text', (c) => c.notNull())
        // Fingerprint of the body: the same key with another body is refused (422).
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('balance_after', 'bigint', (c) => c.notNull())
        .addColumn('stake_transfer_id', 'bigint', (c) => c.notNull())
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('lotto59_bet_groups_key', ['player_id', 'idempotency_key'])
        .addCheckConstraint('lotto59_bet_groups_amount_positive', sql`amount > 0`)
        .execute();
      // Settlement finds a round's jackpot submissions (few) here rather than among all its bets.
      await db.schema
        .createIndex('lotto59_bet_groups_round_idx')
        .on('lotto59_bet_groups')
        .columns(['round_id', 'kind'])
        .execute();

      await db.schema
        .createTable('lotto59_bets')
        .addColumn('id', id, idColumn)
        .addColumn('group_id', 'bigint', (c) => c.notNull().references('lotto59_bet_groups.id'))
        .addColumn('round_id', 'bigint', (c) => c.notNull().references('lotto59_rounds.id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull())
        .addColumn('poll', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) =>
          c
            .notNull()
            .check(
              sql`type in ('RANGE_1', 'RANGE_2', 'RANGE_3', 'RANGE_4', 'RANGE_5', 'RANGE_6', 'RANGE_7', 'NUMBER', 'JACKPOT')`,
            ),
        )
        .addColumn('post', 'text')
        .addColumn('number', 'integer')
        // A jackpot line: 5 ascending numbers, comma-separated.
        .addColumn('numbers', 'text')
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('payout', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('jackpot_win_amount', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('jackpot_result', 'integer')
        .addColumn('jackpot_tier', 'integer')
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('PENDING')
            .check(sql`status in ('PENDING', 'WON', 'LOST', 'VOID')`),
        )
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('settled_at_ms', 'bigint')
        .addCheckConstraint('lotto59_bets_amount_positive', sql`amount > 0`)
        .addCheckConstraint('lotto59_bets_payout_not_negative', sql`payout >= 0 and jackpot_win_amount >= 0`)
        .execute();
      if (dialect === 'postgres') {
        // Settlement rewrites every bet of a round once. Half-empty pages let PostgreSQL keep each new row
        // version on its page (a HOT update), so none of the bet indexes is rewritten.
        await sql`alter table lotto59_bets set (fillfactor = 50)`.execute(db);
      }
      // Settlement rewrites status and payout of every bet of a round; none of those columns is indexed,
      // so the rewrite touches the table only (the badge finds pending bets through recent round ids).
      // Within a round the index keeps table order, so settlement's one pass reads pages in sequence.
      await db.schema.createIndex('lotto59_bets_round_idx').on('lotto59_bets').column('round_id').execute();
      await db.schema.createIndex('lotto59_bets_group_idx').on('lotto59_bets').column('group_id').execute();
      await db.schema
        .createIndex('lotto59_bets_player_time_idx')
        .on('lotto59_bets')
        .columns(['player_id', 'created_at_ms'])
        .execute();
      await db.schema
        .createIndex('lotto59_bets_player_round_idx')
        .on('lotto59_bets')
        .columns(['player_id', 'round_id'])
        .execute();

      // The stream each player watches and bets on (seed §4 `poll`), switched through /api/poll.
      await db.schema
        .createTable('lotto59_player_pools')
        .addColumn('player_id', 'bigint', (c) => c.primaryKey().references('players.id'))
        .addColumn('poll', 'text', (c) => c.notNull().check(sql`poll in ('POLL_1', 'POLL_2')`))
        .addColumn('updated_at_ms', 'bigint', (c) => c.notNull())
        .execute();

      // The winners banner: tier 1 and tier 2 jackpot lines, written by settlement.
      await db.schema
        .createTable('lotto59_jackpot_winners')
        .addColumn('id', id, idColumn)
        .addColumn('round_id', 'bigint', (c) => c.notNull().references('lotto59_rounds.id'))
        .addColumn('bet_id', 'bigint', (c) => c.notNull().unique().references('lotto59_bets.id'))
        .addColumn('player_id', 'bigint', (c) => c.notNull())
        .addColumn('tier', 'integer', (c) => c.notNull().check(sql`tier in (1, 2)`))
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('created_at_ms', 'bigint', (c) => c.notNull())
        .execute();
    },
  };
}
