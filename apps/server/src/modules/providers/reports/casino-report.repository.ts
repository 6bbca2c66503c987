import type { Executor } from '../../../db/database';
import type { ProviderCode, ProviderRoundStatus } from '../providers.table';

// SQL of the casino report. Every query is bound to one player: no call can reach another player's rounds.

export interface CasinoRoundFilter {
  playerId: number;
  providers: readonly ProviderCode[];
  fromMs: number;
  toMs: number;
  status?: ProviderRoundStatus | undefined;
  gameCode?: string | undefined;
}

function roundsOf(ex: Executor, f: CasinoRoundFilter) {
  // `player_id, created_at_ms` is the index of migration 0005 (provider_rounds_player_idx).
  let q = ex
    .selectFrom('provider_rounds')
    .where('player_id', '=', f.playerId)
    .where('created_at_ms', '>=', f.fromMs)
    .where('created_at_ms', '<', f.toMs)
    .where('provider', 'in', f.providers);
  if (f.status !== undefined) q = q.where('status', '=', f.status);
  if (f.gameCode !== undefined) q = q.where('game_code', '=', f.gameCode);
  return q;
}

export function listCasinoRounds(
  ex: Executor,
  f: CasinoRoundFilter,
  page: { limit: number; offset: number },
) {
  return roundsOf(ex, f)
    .select(['provider', 'round_id', 'game_code', 'stake', 'payout', 'status', 'win_meta', 'created_at_ms'])
    .orderBy('created_at_ms', 'desc')
    .orderBy('round_id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Count and sums in SQL: a total never depends on which page the caller looked at. */
export async function sumCasinoRounds(
  ex: Executor,
  f: CasinoRoundFilter,
): Promise<{ count: number; stake: number; payout: number }> {
  const row = await roundsOf(ex, f)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string | null>('stake').as('stake'),
      eb.fn.sum<number | string | null>('payout').as('payout'),
    ])
    .executeTakeFirstOrThrow();
  // PostgreSQL answers bigint count/sum as strings; riel sums stay far below 2^53.
  return { count: Number(row.count), stake: Number(row.stake ?? 0), payout: Number(row.payout ?? 0) };
}
