import { riel, type Riel } from '@lotto59/domain';
import { sql } from 'kysely';
import type { Executor } from '../../../db/database';
import { betMayPay, betPayout, betsWithRound } from '../bets/bet-outcome.repository';
import { isSqlite } from '../rounds/rounds.repository';

// All SQL of settlement and voiding: set-based statements per round, never a loop over bets. Range,
// over/under and NUMBER bets are never written: their outcome is read from the round (decision 0027).

/** Jackpot submissions of a round, found through the groups (a round has few; its bets may be 10⁶). */
function jackpotGroupsOf(ex: Executor, roundId: number) {
  return ex
    .selectFrom('lotto59_bet_groups')
    .select('id')
    .where('round_id', '=', roundId)
    .where('kind', '=', 'JACKPOT');
}

export function pendingJackpotLines(ex: Executor, roundId: number) {
  return ex
    .selectFrom('lotto59_bets')
    .select(['id', 'player_id', 'numbers', 'amount'])
    .where('group_id', 'in', jackpotGroupsOf(ex, roundId))
    .where('type', '=', 'JACKPOT')
    .where('status', '=', 'PENDING')
    .orderBy('id')
    .execute();
}

export interface JackpotLineResult {
  status: 'WON' | 'LOST';
  matches: number;
  tier: 1 | 2 | 3 | null;
  /** Paid per line: the fixed win or the pool share; 0 for a lost line. */
  payout: number;
}

/** Writes one result to many lines at once (lines with the same matches share a result). */
export async function settleJackpotLines(
  ex: Executor,
  ids: readonly number[],
  r: JackpotLineResult,
  nowMs: number,
): Promise<void> {
  for (let i = 0; i < ids.length; i += 1000) {
    await ex
      .updateTable('lotto59_bets')
      .set({
        status: r.status,
        payout: riel(r.payout),
        jackpot_win_amount: riel(r.payout),
        jackpot_result: r.matches,
        jackpot_tier: r.tier,
        settled_at_ms: nowMs,
      })
      .where('id', 'in', ids.slice(i, i + 1000))
      .where('status', '=', 'PENDING')
      .execute();
  }
}

/** Stakes of the round's jackpot lines (their share feeds the pool). */
export async function jackpotStakesOfRound(ex: Executor, roundId: number): Promise<number> {
  const row = await ex
    .selectFrom('lotto59_bets')
    .select((eb) => eb.fn.sum<number | null>('amount').as('sum'))
    .where('group_id', 'in', jackpotGroupsOf(ex, roundId))
    .where('status', '<>', 'VOID')
    .executeTakeFirstOrThrow();
  return Number(row.sum ?? 0);
}

/**
 * What the house pays each player for a round: every win but pool shares (tier-1 lines, paid from the
 * pool), each payout read by the same expression as every reader's (decision 0027); nothing is written
 * to the bets. One pass over the round's bets; only those that may pay reach the grouping.
 *
 * SQLite sorts to group: the payouts are materialized first, so that it sorts two numbers per winning
 * bet rather than every column the expression reads. PostgreSQL groups in a hash table as it scans
 * (the CTE is inlined), and is told not to compile the query (JIT): compiling this one pass costs
 * more than it saves (0.2–0.4 s measured), the rest of the transaction is small statements.
 */
export async function houseWinningsByPlayer(ex: Executor, roundId: number) {
  const sqlite = isSqlite(ex);
  if (!sqlite) await sql`set local jit = off`.execute(ex);
  const rows = await ex
    .with(
      (cte) => (sqlite ? cte('w').materialized() : cte('w').notMaterialized()),
      (db) =>
        betsWithRound(db)
          .select([
            'b.player_id',
            sql<number>`case when b.jackpot_tier = 1 then 0 else ${betPayout} end`.as('payout'),
          ])
          .where('b.round_id', '=', roundId)
          .where(betMayPay),
    )
    .selectFrom('w')
    .select(['player_id', (eb) => eb.fn.sum<number>('payout').as('total')])
    .groupBy('player_id')
    .orderBy('player_id')
    .execute();
  return rows.map((r) => ({ playerId: r.player_id, total: Number(r.total) })).filter((r) => r.total > 0);
}

/** How many bets a round holds (read from the round's index alone). */
export async function countBetsOfRound(ex: Executor, roundId: number): Promise<number> {
  const row = await ex
    .selectFrom('lotto59_bets')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('round_id', '=', roundId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertJackpotWinners(
  ex: Executor,
  rows: {
    round_id: number;
    bet_id: number;
    player_id: number;
    tier: 1 | 2;
    amount: Riel;
    created_at_ms: number;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await ex
    .insertInto('lotto59_jackpot_winners')
    .values(rows)
    .onConflict((oc) => oc.column('bet_id').doNothing())
    .execute();
}

/**
 * The stakes to give back when a round is void: one refund per submission (group), of its bets still
 * stored PENDING (a round voided before decision 0027 stored VOID on its bets). The bets stay as they
 * are: they read VOID from their round.
 */
export function pendingGroupsOfRound(ex: Executor, roundId: number) {
  return ex
    .selectFrom('lotto59_bets')
    .select([
      'group_id',
      'player_id',
      (eb) => eb.fn.sum<number>('amount').as('amount'),
      (eb) => eb.fn.countAll<number>().as('bets'),
    ])
    .where('round_id', '=', roundId)
    .where('status', '=', 'PENDING')
    .groupBy(['group_id', 'player_id'])
    .orderBy('group_id')
    .execute();
}
