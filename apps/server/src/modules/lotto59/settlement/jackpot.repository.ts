import type { Executor } from '../../../db/database';

// SQL of the winners feed.

export function latestWinners(ex: Executor, limit: number) {
  return ex
    .selectFrom('lotto59_jackpot_winners')
    .select(['bet_id', 'round_id', 'tier', 'amount', 'created_at_ms'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
