import {
  POSTS,
  riel,
  type BandBetType,
  type BetType,
  type OverUnderBetType,
  type RateTable,
  type Riel,
} from '@lotto59/domain';
import { sql } from 'kysely';
import type { Executor } from '../../../db/database';

// All SQL of settlement and voiding: set-based statements per round, never a loop over bets.
// Parameters used in arithmetic are cast to integer: better-sqlite3 binds JS numbers as REAL, and money
// must stay integer (payout = stake × rate / 100, rounded down by integer division on both databases).

const int = (value: number) => sql<number>`cast(${value} as integer)`;

export interface RatedOutcome {
  band: BandBetType;
  side: OverUnderBetType;
  /** The 5 balls at posts A–E. */
  posts: readonly number[];
  rates: RateTable;
}

/**
 * Settles every pending range, over/under and NUMBER bet of a round in ONE statement: a bet wins when
 * its type is the round's band or side, or when its post's ball is its number. One pass in table order
 * writes each row once (measured faster than one statement per type, which revisits every page).
 */
export async function settleRatedBets(
  ex: Executor,
  roundId: number,
  o: RatedOutcome,
  nowMs: number,
): Promise<number> {
  const numberWins = sql.join(
    POSTS.map((post, i) => sql`(post = ${post} and number = ${int(o.posts[i]!)})`),
    sql` or `,
  );
  const result = await ex
    .updateTable('lotto59_bets')
    .set({
      status: sql`case when type = ${o.band} or type = ${o.side}
        or (type = 'NUMBER' and (${numberWins})) then 'WON' else 'LOST' end`,
      payout: sql`case
        when type = ${o.band} then amount * ${int(o.rates[o.band])} / 100
        when type = ${o.side} then amount * ${int(o.rates[o.side])} / 100
        when type = 'NUMBER' and (${numberWins}) then amount * ${int(o.rates.NUMBER)} / 100
        else 0 end`,
      settled_at_ms: nowMs,
    })
    .where('round_id', '=', roundId)
    .where('status', '=', 'PENDING')
    .where('type', '<>', 'JACKPOT')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

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

/** What the house pays each player for a round: every win except pool shares (paid from the pool). */
export async function houseWinningsByPlayer(ex: Executor, roundId: number, winningTypes: readonly BetType[]) {
  const rows = await ex
    .selectFrom('lotto59_bets')
    .select(['player_id', (eb) => eb.fn.sum<number>('payout').as('total')])
    .where('round_id', '=', roundId)
    .where('type', 'in', winningTypes)
    .where('status', '=', 'WON')
    .where((eb) => eb.or([eb('jackpot_tier', 'is', null), eb('jackpot_tier', '<>', 1)]))
    .groupBy('player_id')
    .orderBy('player_id')
    .execute();
  return rows.map((r) => ({ playerId: r.player_id, total: Number(r.total) })).filter((r) => r.total > 0);
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

/** The stakes to give back when a round is void: one refund per submission (group), still pending. */
export function pendingGroupsOfRound(ex: Executor, roundId: number) {
  return ex
    .selectFrom('lotto59_bets')
    .select(['group_id', 'player_id', (eb) => eb.fn.sum<number>('amount').as('amount')])
    .where('round_id', '=', roundId)
    .where('status', '=', 'PENDING')
    .groupBy(['group_id', 'player_id'])
    .orderBy('group_id')
    .execute();
}

/** Marks every pending bet of a void round VOID; `payout` is the stake handed back. */
export async function voidPendingBets(ex: Executor, roundId: number, nowMs: number): Promise<number> {
  const result = await ex
    .updateTable('lotto59_bets')
    .set({ status: 'VOID', payout: sql`amount`, settled_at_ms: nowMs })
    .where('round_id', '=', roundId)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
