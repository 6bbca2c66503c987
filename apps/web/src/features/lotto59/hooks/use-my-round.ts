import type { RoundRecord } from '@lotto59/contract';
import { DRAW_SIZE } from '@lotto59/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getMyRound, myRoundKey } from '../api/get-my-round';
import { serverClock } from '../lib/server-clock';
import {
  EMPTY_PICKS,
  picksOf,
  roundOutcomeOf,
  type RoundOutcome,
  type RoundPicks,
} from '../lib/round-outcome';

/** While a drawn round's settlement is late (the scheduler's next pass), ask again this often. */
export const SETTLEMENT_RETRY_MS = 1_000;

/**
 * The player's bets in the round on the draw panel and, once the server has settled it, their outcome. Read
 * when the round appears, again when the tickets are refreshed (a bet, the settlement time: use-lotto-live),
 * and every second past the settlement time until the server's answer says settled.
 */
export function useMyRound(round: RoundRecord | null): { outcome: RoundOutcome; picks: RoundPicks } {
  const id = round?.id ?? null;
  const drawn = round !== null && round.released_count >= DRAW_SIZE;
  const settleAtMs = round?.settle_at ? Date.parse(round.settle_at) : null;
  const query = useQuery({
    queryKey: myRoundKey(id ?? 0),
    queryFn: ({ signal }) => getMyRound(id!, signal),
    enabled: id !== null,
    refetchInterval: (q) => {
      const data = q.state.data;
      if (!drawn || !data || roundOutcomeOf(data).kind !== 'pending') return false;
      return settleAtMs === null || serverClock.now() >= settleAtMs ? SETTLEMENT_RETRY_MS : false;
    },
  });
  const data = query.data;
  return useMemo(() => {
    if (!data) return { outcome: { kind: 'none' }, picks: EMPTY_PICKS };
    const outcome = roundOutcomeOf(data);
    return { outcome, picks: outcome.kind === 'none' ? EMPTY_PICKS : picksOf(outcome.bets) };
  }, [data]);
}
