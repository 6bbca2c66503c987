import type { SportSlipStatus } from '@lotto59/contract';
import { sql } from 'kysely';
import type { Executor } from '../../../db/database';

// SQL of the sport report. Every query is bound to one player: no call can reach another player's slips.
// A slip is a round of provider `sport` (one bet, round_id = slip id). A rolled-back round is a placement
// that failed after the debit (providers.md §7.4): the slip never existed, so it is not a row (decision 0025).

export interface SportSlipFilter {
  playerId: number;
  fromMs: number;
  toMs: number;
  status?: SportSlipStatus | undefined;
  gameCode?: string | undefined;
}

function slipsOf(ex: Executor, f: SportSlipFilter) {
  // `player_id, created_at_ms` is the index of migration 0005 (provider_rounds_player_idx).
  let q = ex
    .selectFrom('provider_rounds')
    .where('player_id', '=', f.playerId)
    .where('created_at_ms', '>=', f.fromMs)
    .where('created_at_ms', '<', f.toMs)
    .where('provider', '=', 'sport')
    .where('status', '!=', 'ROLLED_BACK');
  if (f.gameCode !== undefined) q = q.where('game_code', '=', f.gameCode);
  if (f.status === 'PENDING') {
    q = q.where('status', '=', 'OPEN');
  } else if (f.status !== undefined) {
    // The slip's status is the `status` of its win's meta, which the wallet stores as JSON.stringify of the
    // parsed body (no whitespace), so `"status":"WON"` is how that key reads in the text on both databases
    // (the quote before WON keeps HALF_WON apart). The win meta's only other key is `legs`, whose objects
    // carry `result` and `score`, never `status`.
    q = q
      .where('status', '=', 'CLOSED')
      .where('win_meta', 'like', sql<string>`${`%"status":"${f.status}"%`}`);
  }
  return q;
}

export function listSportSlips(ex: Executor, f: SportSlipFilter, page: { limit: number; offset: number }) {
  return slipsOf(ex, f)
    .select([
      'round_id',
      'stake',
      'payout',
      'status',
      'bet_meta',
      'win_meta',
      'created_at_ms',
      'closed_at_ms',
    ])
    .orderBy('created_at_ms', 'desc')
    .orderBy('round_id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type SportSlipRow = Awaited<ReturnType<typeof listSportSlips>>[number];

/** Count and sums in SQL: a total never depends on which page the caller looked at. */
export async function sumSportSlips(
  ex: Executor,
  f: SportSlipFilter,
): Promise<{ count: number; stake: number; payout: number; pending_count: number; pending_stake: number }> {
  const row = await slipsOf(ex, f)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string | null>('stake').as('stake'),
      eb.fn.sum<number | string | null>('payout').as('payout'),
      eb.fn
        .sum<number | string | null>(eb.case().when('status', '=', 'OPEN').then(1).else(0).end())
        .as('pending_count'),
      eb.fn
        .sum<number | string | null>(
          eb.case().when('status', '=', 'OPEN').then(eb.ref('stake')).else(0).end(),
        )
        .as('pending_stake'),
    ])
    .executeTakeFirstOrThrow();
  // PostgreSQL answers bigint count/sum as strings; riel sums stay far below 2^53.
  return {
    count: Number(row.count),
    stake: Number(row.stake ?? 0),
    payout: Number(row.payout ?? 0),
    pending_count: Number(row.pending_count ?? 0),
    pending_stake: Number(row.pending_stake ?? 0),
  };
}
