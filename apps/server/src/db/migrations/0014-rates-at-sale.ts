import type { Kysely, Migration } from 'kysely';

// Frozen in time: this migration works on `Kysely<any>` so later changes to the table types cannot break it.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A bet is paid at the rate (lotto 59) or price (ticket lottery) it was sold at, not at whatever the
 * configuration says when its round or draw settles (docs/decisions/0043): the bet write stores it in the
 * same insert that writes the bet.
 *
 * - `lotto59_bets.rate_hundredths`: the rate of the bet's type at sale (range, over/under, NUMBER); null
 *   for a jackpot line, whose prizes are tiers.
 * - `lottery_items.price`: the payout multiple of the item's bet type at sale.
 *
 * Rows written before this migration keep null, and null means "sold before rates were stored": such a
 * bet is paid as it would have been before, at the configuration in force when it settles (the round's
 * `*_rate_hundredths`, the settling process's prices). No backfill: the configuration a bet was really sold
 * at is not known (a default backfilled would be wrong wherever the operator had set other rates, and
 * would change what already settled bets show), and rewriting every bet row would take minutes and the
 * table's lock on a large database. Nullable columns without a default or a check are a change of the
 * catalogue only, on both databases.
 */
export function ratesAtSaleSchema(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('lotto59_bets').addColumn('rate_hundredths', 'integer').execute();
      await db.schema.alterTable('lottery_items').addColumn('price', 'integer').execute();
    },
  };
}
