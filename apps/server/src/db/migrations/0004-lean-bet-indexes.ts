import { sql, type Kysely, type Migration } from 'kysely';

// Frozen in time: this migration works on `Kysely<any>` so later changes to the table types cannot break it.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Fewer index pages written per bet (docs/performance.md). Every index keyed by player puts each bet
 * on another page for each player betting at the same time, and each such page is written to the WAL
 * at commit and again at checkpoint: with 50 players betting at once, each of these indexes cost
 * about a tenth of the time of a bet.
 *
 * - `lotto59_bets_player_round_idx` goes: the badge and the ticket calls find a player's bets through
 *   `lotto59_bets_player_time_idx` (a round's bets are all created after the round opened), and the
 *   jackpot limit counts lines through the player's jackpot submissions (a partial index, written
 *   only for jackpot submissions).
 * - The per-account transfer indexes cover only what is listed per account, deposits and withdrawals
 *   (`GET /api/transaction/list`); stakes and payouts are found through the game's own tables. The
 *   reference index had no reader.
 */
export function leanBetIndexes(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.dropIndex('lotto59_bets_player_round_idx').execute();
      await db.schema
        .createIndex('lotto59_bet_groups_jackpot_idx')
        .on('lotto59_bet_groups')
        .columns(['player_id', 'round_id'])
        .where(sql.ref('kind'), '=', 'JACKPOT')
        .execute();

      await db.schema.dropIndex('transfers_reference_idx').execute();
      await db.schema.dropIndex('transfers_from_idx').execute();
      await db.schema.dropIndex('transfers_to_idx').execute();
      for (const side of ['from', 'to'] as const) {
        await db.schema
          .createIndex(`transfers_${side}_statement_idx`)
          .on('transfers')
          .columns([`${side}_account_id`, 'created_at_ms'])
          .where(sql<boolean>`kind in ('deposit', 'withdraw')`)
          .execute();
      }
    },
  };
}
