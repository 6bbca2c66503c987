import type { RoundRecord } from '@lotto59/contract';
import { DRAW_SIZE } from '@lotto59/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLottoConfig } from '../api/get-lotto-config';
import { getMyRound, myRoundKey } from '../api/get-my-round';
import { serverClock } from '../lib/server-clock';
import {
  EMPTY_PICKS,
  outcomeOnDraw,
  picksOf,
  roundOutcomeOf,
  type RoundOutcome,
  type RoundPicks,
} from '../lib/round-outcome';

/** While a drawn round's settlement is late (the scheduler's next pass), ask again this often. */
export const SETTLEMENT_RETRY_MS = 1_000;

export interface MyRound {
  outcome: RoundOutcome;
  picks: RoundPicks;
}

const isDrawn = (round: RoundRecord | null): round is RoundRecord =>
  round !== null && round.released_count >= DRAW_SIZE;

/**
 * The player's bets in one round and their outcome: worked out from the draw as soon as it is public, then
 * the server's settlement (issue 26, item 3). Read when the round appears, again when the tickets are
 * refreshed (a bet, the settlement time: use-lotto-live), and every second past the settlement time until
 * the server's answer says settled.
 */
export function useMyRound(round: RoundRecord | null): MyRound {
  const config = useLottoConfig();
  const id = round?.id ?? null;
  const drawn = isDrawn(round);
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
    const outcome = outcomeOnDraw(data, round, config);
    return { outcome, picks: outcome.kind === 'none' ? EMPTY_PICKS : picksOf(outcome.bets) };
  }, [data, round, config]);
}

/**
 * Issue 26, item 1: a finished round's outcome stays in front of the player until its payout arrives. The
 * draw panel follows the newest draw, and the next round's draw starts before the last one is paid (fast
 * pool: a 60 s round, 65 s from close to settlement), so the last drawn round the player bet in is held
 * here. It is let go once the server has paid it and the newer draw on the panel is complete, or replaced
 * by a newer drawn round of theirs. `held` is null while the panel itself shows that round.
 */
export function useRoundOnPanel(shown: RoundRecord | null): {
  mine: MyRound;
  held: { round: RoundRecord; mine: MyRound } | null;
} {
  const mine = useMyRound(shown);
  const [kept, setKept] = useState<RoundRecord | null>(null);
  // Adjusting state while rendering (React's pattern for state derived from props): the round is kept the
  // moment it is complete and known to hold the player's bets.
  if (isDrawn(shown) && mine.outcome.kind !== 'none' && (kept === null || shown.id > kept.id)) setKept(shown);
  const other = kept !== null && kept.id !== shown?.id ? kept : null;
  const heldMine = useMyRound(other);
  const paid = heldMine.outcome.kind === 'settled' && heldMine.outcome.paid;
  if (other === null || heldMine.outcome.kind === 'none' || (paid && isDrawn(shown)))
    return { mine, held: null };
  return { mine, held: { round: other, mine: heldMine } };
}
