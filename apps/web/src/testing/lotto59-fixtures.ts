import type { PlaceBetResponse, RoundRecord } from '@lotto59/contract';

/** An open fast round that closes `secondsLeft` after `nowMs`. */
export function openRound(nowMs: number, secondsLeft = 30, id = 42): RoundRecord {
  return {
    id,
    poll: 'POLL_2',
    status: 'OPEN',
    opened_at: new Date(nowMs - 10_000).toISOString(),
    close_at: new Date(nowMs + secondsLeft * 1000).toISOString(),
    server_seed_hash: '60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55',
    numbers: [],
    released_count: 0,
    total: null,
    range_type: null,
    ou_type: null,
    label: null,
    server_seed: null,
    next_ball_at: null,
    settle_at: new Date(nowMs + (secondsLeft + 65) * 1000).toISOString(),
  };
}

/** The answer of `POST /api/bet` for `count` bets of `amount` in round `resultId`. */
export function placedBets(
  resultId: number,
  count: number,
  amount: number,
  balance: number,
): PlaceBetResponse {
  return {
    group_id: 9,
    balance,
    bets: Array.from({ length: count }, (_, i) => ({
      id: 100 + i,
      result_id: resultId,
      group_id: 9,
      poll: 'POLL_2' as const,
      type: 'RANGE_6' as const,
      post: null,
      number: null,
      numbers: null,
      amount,
      payout: 0,
      jackpot_win_amount: 0,
      jackpot_result: null,
      jackpot_tier: null,
      outstanding: true,
      status: 'PENDING' as const,
      created_at: '2026-11-21T09:00:00.000Z',
      settled_at: null,
    })),
  };
}
