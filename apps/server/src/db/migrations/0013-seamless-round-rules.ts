import { sql, type Kysely, type Migration } from 'kysely';

// Frozen in time: this migration works on `Kysely<any>` so later changes to the table types cannot break it.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The round rules of the seamless wallet (docs/decisions/0042): a bet carries how many wins it was paid and
 * their sum, so that a win is taken by one conditional update of its bet (`win_count = 0` for a game of one
 * win per bet; the sum within the game's maximum multiple of the stake otherwise), in the same transaction as
 * its credit. Bets paid before this migration get their counts from their win records.
 */
export function seamlessRoundRulesSchema(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('provider_transactions')
        .addColumn('win_count', 'integer', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`win_count >= 0`),
        )
        .execute();
      await db.schema
        .alterTable('provider_transactions')
        .addColumn('win_total', 'bigint', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`win_total >= 0`),
        )
        .execute();
      // A win has its bet's round (the wallet checks it), so the round index finds a bet's wins.
      await sql`
        update provider_transactions set
          win_count = (select count(*) from provider_transactions w
            where w.provider = provider_transactions.provider and w.round_id = provider_transactions.round_id
              and w.action = 'win' and w.reference_transaction_uuid = provider_transactions.transaction_uuid),
          win_total = (select coalesce(sum(w.amount), 0) from provider_transactions w
            where w.provider = provider_transactions.provider and w.round_id = provider_transactions.round_id
              and w.action = 'win' and w.reference_transaction_uuid = provider_transactions.transaction_uuid)
        where action = 'bet' and exists (select 1 from provider_transactions w
            where w.provider = provider_transactions.provider and w.round_id = provider_transactions.round_id
              and w.action = 'win' and w.reference_transaction_uuid = provider_transactions.transaction_uuid)`.execute(
        db,
      );
    },
  };
}
