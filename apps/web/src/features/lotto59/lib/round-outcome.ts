import type { BetRecord, RoundRecord, TicketList } from '@lotto59/contract';
import {
  isDraw,
  jackpotFixedPayoutOf,
  jackpotMatches,
  jackpotTierOf,
  POSTS,
  settleBet,
  type JackpotRules,
  type Post,
  type RateTable,
} from '@lotto59/domain';

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
      /**
       * The server has settled and paid (true), or the figures follow from the public draw and the payout is on
       * its way (false: docs/decisions/0046).
       */
      paid: boolean;
      /** A line of five matches: its share of the pool is the server's to work out, so `payoutRiel` leaves it out. */
      poolShare: boolean;
    };

/** How the round went for the player, by the net (issue 26, item 3): the card's words follow this, never "a win". */
export type Verdict = 'win' | 'even' | 'part' | 'lose' | 'void';

export function verdictOf(outcome: Extract<RoundOutcome, { kind: 'settled' }>): Verdict {
  if (outcome.voided) return 'void';
  if (outcome.payoutRiel === 0 && !outcome.poolShare) return 'lose';
  if (outcome.netRiel > 0 || outcome.poolShare) return 'win';
  return outcome.netRiel === 0 ? 'even' : 'part';
}

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
    paid: true,
    poolShare: false,
  };
}

/** What one bet returns on a draw, by the domain's rules (the same functions the server settles with). */
function betOnDraw(
  bet: BetRecord,
  numbers: readonly number[],
  rates: RateTable,
  jackpot: JackpotRules,
): { payout: number; poolShare: boolean } {
  if (bet.type !== 'JACKPOT') {
    const rated = { type: bet.type, post: bet.post, number: bet.number, amount: bet.amount };
    return { payout: settleBet(rated, numbers, rates).payoutRiel, poolShare: false };
  }
  const tier = bet.numbers ? jackpotTierOf(jackpotMatches(bet.numbers, numbers)) : null;
  if (tier === 1) return { payout: 0, poolShare: true };
  return { payout: tier === null ? 0 : jackpotFixedPayoutOf(tier, jackpot), poolShare: false };
}

/**
 * Issue 26, item 3: the outcome as soon as the draw is public. The payout follows from the drawn numbers, so
 * the player's bets still waiting for the server (which pays at `settle_at`, up to 19 s after the last ball)
 * are worked out here with the domain's settlement rules and shown at once, marked unpaid; the server's
 * answer replaces it when it comes. Needs every bet of the round on the page (otherwise the totals would be
 * a part of the stake), else it waits for the server as before.
 */
export function outcomeOnDraw(
  list: TicketList,
  round: RoundRecord | null,
  config: { rates: RateTable; jackpot: JackpotRules },
): RoundOutcome {
  const outcome = roundOutcomeOf(list);
  if (outcome.kind !== 'pending' || !round || round.id !== list.items[0]?.result_id) return outcome;
  if (!isDraw(round.numbers) || list.meta.total > list.items.length) return outcome;
  let payoutRiel = 0;
  let poolShare = false;
  const winning: BetRecord[] = [];
  for (const bet of list.items) {
    const result = betOnDraw(bet, round.numbers, config.rates, config.jackpot);
    payoutRiel += result.payout;
    poolShare ||= result.poolShare;
    if (result.payout > 0 || result.poolShare) winning.push({ ...bet, status: 'WON', payout: result.payout });
  }
  return {
    kind: 'settled',
    bets: list.items,
    stakeRiel: list.total_amount,
    payoutRiel,
    netRiel: payoutRiel - list.total_amount,
    winning,
    moreTickets: 0,
    voided: false,
    paid: false,
    poolShare,
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
