import type { BetRecord, TicketList } from '@lotto59/contract';
import { POSTS, type Post } from '@lotto59/domain';

/** The player's part in one round, read from the server's answer (never worked out in the browser). */
export type RoundOutcome =
  /** No bet of theirs in this round. */
  | { kind: 'none' }
  /** Bets placed, not settled yet. */
  | { kind: 'pending'; bets: readonly BetRecord[] }
  | {
      kind: 'settled';
      bets: readonly BetRecord[];
      /** Every stake of the round (all pages). */
      stakeRiel: number;
      /** What the server paid back, stakes of winning bets included (seed `payout`). */
      payoutRiel: number;
      /** payout − stake: the round's result for the player. */
      netRiel: number;
      /** The winning tickets among those read (`moreTickets` were not read: a page holds at most 100). */
      winning: readonly BetRecord[];
      moreTickets: number;
      /** The round was voided: every stake came back. */
      voided: boolean;
    };

/**
 * The outcome of one round from `GET /api/v1/ticket/list?result_id=`. A round is settled in one transaction
 * (docs/decisions/0005), so one settled bet on the page means every bet of the round is.
 */
export function roundOutcomeOf(list: TicketList): RoundOutcome {
  const bets = list.items;
  if (bets.length === 0) return { kind: 'none' };
  if (bets.some((bet) => bet.status === 'PENDING')) return { kind: 'pending', bets };
  return {
    kind: 'settled',
    bets,
    stakeRiel: list.total_amount,
    payoutRiel: list.total_payout,
    netRiel: list.total_payout - list.total_amount,
    winning: bets.filter((bet) => bet.status === 'WON'),
    moreTickets: Math.max(0, list.meta.total - bets.length),
    voided: bets.every((bet) => bet.status === 'VOID'),
  };
}

/** What the player backed in a round, to mark on the draw: posts, (post, number) pairs, jackpot numbers, ranges. */
export interface RoundPicks {
  posts: ReadonlySet<Post>;
  /** `A:7`: the NUMBER bets, each a post and a number. */
  postNumbers: ReadonlySet<string>;
  jackpotNumbers: ReadonlySet<number>;
  ranges: ReadonlySet<string>;
}

export const EMPTY_PICKS: RoundPicks = {
  posts: new Set(),
  postNumbers: new Set(),
  jackpotNumbers: new Set(),
  ranges: new Set(),
};

export function picksOf(bets: readonly BetRecord[]): RoundPicks {
  const posts = new Set<Post>();
  const postNumbers = new Set<string>();
  const jackpotNumbers = new Set<number>();
  const ranges = new Set<string>();
  for (const bet of bets) {
    if (bet.type === 'NUMBER' && bet.post) {
      posts.add(bet.post);
      postNumbers.add(`${bet.post}:${bet.number}`);
    } else if (bet.type === 'JACKPOT') {
      for (const n of bet.numbers ?? []) jackpotNumbers.add(n);
    } else {
      ranges.add(bet.type);
    }
  }
  return { posts, postNumbers, jackpotNumbers, ranges };
}

/** The draw positions (0-based) whose ball the player backed: their number at their post, or a jackpot number. */
export function markedPositions(numbers: readonly number[], picks: RoundPicks): Set<number> {
  const marked = new Set<number>();
  numbers.forEach((ball, index) => {
    const post = POSTS[index];
    if (picks.jackpotNumbers.has(ball) || (post && picks.postNumbers.has(`${post}:${ball}`)))
      marked.add(index);
  });
  return marked;
}
