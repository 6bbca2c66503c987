import { lotto59StakeKey } from '@lotto59/domain';
import { sql, type Insertable } from 'kysely';
import type { Executor } from '../../../db/database';
import type { BetGroupsTable, BetsTable } from '../lotto59.table';
import { betRecordsOfGroup } from './bet-outcome.repository';

// All SQL of bet placement. Each function takes the executor first so it runs inside the caller's transaction.

/** The stored columns of a bet, as written (a new bet is PENDING: nothing to derive). */
export const BET_COLUMNS = [
  'id',
  'group_id',
  'round_id',
  'player_id',
  'poll',
  'type',
  'post',
  'number',
  'numbers',
  'amount',
  'payout',
  'jackpot_win_amount',
  'jackpot_result',
  'jackpot_tier',
  'status',
  'created_at_ms',
  'settled_at_ms',
] as const;

export type BetRow = Awaited<ReturnType<typeof betsOfGroup>>[number];

/** The idempotency key of a submission's stake transfer (the domain's `lotto59StakeKey`). */
export function stakeKeyOf(idempotencyKey: string, playerId: number): string {
  return lotto59StakeKey(idempotencyKey, playerId);
}

export function findGroupByKey(ex: Executor, playerId: number, idempotencyKey: string) {
  return ex
    .selectFrom('lotto59_bet_groups')
    .selectAll()
    .where('player_id', '=', playerId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
}

export async function insertGroup(ex: Executor, row: Insertable<BetGroupsTable>): Promise<number> {
  const { id } = await ex
    .insertInto('lotto59_bet_groups')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Inserts the rows of one submission in one statement (a NUMBER item may make hundreds). */
export function insertBets(ex: Executor, rows: Insertable<BetsTable>[]) {
  return ex.insertInto('lotto59_bets').values(rows).returning(BET_COLUMNS).execute();
}

/** A submission's bets as the player sees them, their outcome read from the round (decision 0027). */
export function betsOfGroup(ex: Executor, groupId: number) {
  return betRecordsOfGroup(ex, groupId);
}

/**
 * Jackpot lines a player already holds in a round (the per-round limit of decisions §3), counted through
 * the player's jackpot submissions (a partial index) rather than among all bets.
 */
export async function countJackpotLines(ex: Executor, playerId: number, roundId: number): Promise<number> {
  const row = await ex
    .selectFrom('lotto59_bets')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('group_id', 'in', (eb) =>
      eb
        .selectFrom('lotto59_bet_groups')
        .select('id')
        .where('player_id', '=', playerId)
        .where('round_id', '=', roundId)
        .where(sql<boolean>`kind = 'JACKPOT'`),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
