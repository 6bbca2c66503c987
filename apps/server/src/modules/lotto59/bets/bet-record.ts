import type { BetRecord } from '@lotto59/contract';
import { riel } from '@lotto59/domain';
import type { BetPlan } from './bet-plan';
import type { BetRow } from './bets.repository';
import { iso } from '../rounds/round-view';

/** A new bet as written: the record's columns, and the rate it was sold at (never shown, decision 0043). */
export type NewBetRow = Omit<BetRow, 'id'> & { rate_hundredths: number | null };

/**
 * The rows of a submission's new bets, as every writer stores them: the one mapping from a plan to rows
 * (the PostgreSQL batch statement writes the same columns in SQL, bets.pg.repository.ts).
 */
export function newBetRows(
  plan: BetPlan,
  ids: { groupId: number; playerId: number; nowMs: number },
): NewBetRow[] {
  return plan.bets.map((b) => ({
    group_id: ids.groupId,
    round_id: plan.roundId,
    player_id: ids.playerId,
    poll: plan.poll,
    type: b.type,
    post: b.post,
    number: b.number,
    numbers: b.line === null ? null : b.line.join(','),
    amount: b.amount,
    rate_hundredths: b.rateHundredths,
    payout: riel(0),
    jackpot_win_amount: riel(0),
    jackpot_result: null,
    jackpot_tier: null,
    status: 'PENDING',
    created_at_ms: ids.nowMs,
    settled_at_ms: null,
  }));
}

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
