import type { Kysely, Migration } from 'kysely';

// Frozen in time: this migration works on `Kysely<any>` so later changes to the table types cannot break it.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The player's statement (`GET /api/statement`, docs/decisions/0049) lists every transfer of one account,
 * newest first: the partial indexes of migration 0004 hold deposits and withdrawals only. One index per
 * side, in the statement's order (time, then id), so a page is read from each side in order and merged
 * without sorting the player's history. It puts back one index entry per transfer on each side that
 * migration 0004 took away for placement's sake: the player's side is one page per player (a stake or a
 * payout), the system side is an append at the right edge (the house's, the provider's key, in time order).
 */
export function statementIndex(): Migration {
  return {
    async up(db: Kysely<any>) {
      for (const side of ['from', 'to'] as const) {
        await db.schema
          .createIndex(`transfers_${side}_account_time_idx`)
          .on('transfers')
          .columns([`${side}_account_id`, 'created_at_ms', 'id'])
          .execute();
      }
    },
  };
}
