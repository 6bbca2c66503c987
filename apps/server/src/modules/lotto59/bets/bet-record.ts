import type { BetRecord } from '@lotto59/contract';
import type { BetRow } from './bets.repository';
import { iso } from '../rounds/round-view';

/** A bet row as the wire's bet record (seed §3 names). */
export function toBetRecord(row: BetRow): BetRecord {
  return {
    id: row.id,
    result_id: row.round_id,
    group_id: row.group_id,
    poll: row.poll,
    type: row.type,
    post: row.post,
    number: row.number,
    numbers: row.numbers === null ? null : row.numbers.split(',').map(Number),
    amount: row.amount,
    payout: row.payout,
    jackpot_win_amount: row.jackpot_win_amount,
    jackpot_result: row.jackpot_result,
    jackpot_tier: row.jackpot_tier,
    outstanding: row.status === 'PENDING',
    status: row.status,
    created_at: iso(row.created_at_ms),
    settled_at: row.settled_at_ms === null ? null : iso(row.settled_at_ms),
  };
}
