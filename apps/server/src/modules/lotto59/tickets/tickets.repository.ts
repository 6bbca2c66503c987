import { exhaustiveSwitchError, type TicketFilter } from '@lotto59/domain';
import { sql } from 'kysely';
import type { Executor } from '../../../db/database';
import { BET_RECORD_SELECTION, betPayout, betStatus, betsWithRound } from '../bets/bet-outcome.repository';
import type { BetRow } from '../bets/bets.repository';

// SQL of the ticket calls. Every query is bound to one player: no call can reach another player's bets.
// A bet's status and payout are read from its round (decision 0027): never from the stored columns.

export interface TicketFilterArgs {
  playerId: number;
  type: TicketFilter;
  roundId?: number | undefined;
  fromMs?: number | undefined;
  toMs?: number | undefined;
  /** Bets of rounds from this id on / before this id (the settled-totals split, settled-ticket-totals.ts). */
  fromRoundId?: number | undefined;
  beforeRoundId?: number | undefined;
}

function ticketsOf(ex: Executor, f: TicketFilterArgs) {
  let q = betsWithRound(ex).where('b.player_id', '=', f.playerId);
  if (f.roundId !== undefined) q = q.where('b.round_id', '=', f.roundId);
  if (f.fromRoundId !== undefined) q = q.where('b.round_id', '>=', f.fromRoundId);
  if (f.beforeRoundId !== undefined) q = q.where('b.round_id', '<', f.beforeRoundId);
  if (f.fromMs !== undefined) q = q.where('b.created_at_ms', '>=', f.fromMs);
  if (f.toMs !== undefined) q = q.where('b.created_at_ms', '<', f.toMs);
  switch (f.type) {
    case 'ALL':
      return q;
    case 'JACKPOT':
      return q.where('b.type', '=', 'JACKPOT');
    case 'WIN_JACKPOT':
      return q.where('b.type', '=', 'JACKPOT').where(betStatus, '=', 'WON');
    case 'NOT_JACKPOT':
      return q.where('b.type', '<>', 'JACKPOT');
    case 'OUTSTANDING':
      return q.where(betStatus, '=', 'PENDING');
    case 'RANGE_1':
    case 'RANGE_2':
    case 'RANGE_3':
    case 'RANGE_4':
    case 'RANGE_5':
    case 'RANGE_6':
    case 'RANGE_7':
      return q.where('b.type', '=', f.type);
    default:
      return exhaustiveSwitchError(f.type);
  }
}

function pageOf(ex: Executor, f: TicketFilterArgs, page: { limit: number; offset: number }) {
  return ticketsOf(ex, f)
    .select(BET_RECORD_SELECTION)
    .orderBy('b.created_at_ms', 'desc')
    .orderBy('b.id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
}

function totalsOf(ex: Executor, f: TicketFilterArgs) {
  return ticketsOf(ex, f).select((eb) => [
    eb.fn.countAll<number>().as('count'),
    eb.fn.sum<number | null>('b.amount').as('amount'),
    eb.fn.sum<number | null>(betPayout).as('payout'),
  ]);
}

export interface TicketTotals {
  count: number;
  amount: number;
  payout: number;
}

const toTotals = (row: { count: number; amount: number | null; payout: number | null }): TicketTotals => ({
  count: Number(row.count),
  amount: Number(row.amount ?? 0),
  payout: Number(row.payout ?? 0),
});

export async function countAndSumTickets(ex: Executor, f: TicketFilterArgs): Promise<TicketTotals> {
  return toTotals(await totalsOf(ex, f).executeTakeFirstOrThrow());
}

/**
 * A page of `f` and the totals of `totalsFilter` in one statement: the totals' single row joined to the
 * page's rows (or to none, when the page is empty). One round trip instead of two: on PostgreSQL each
 * one costs the server ≈ 200 µs of CPU, most of it the kernel waking the backend (docs/performance.md).
 */
export async function pageAndTotals(
  ex: Executor,
  f: TicketFilterArgs,
  totalsFilter: TicketFilterArgs,
  page: { limit: number; offset: number },
): Promise<{ rows: BetRow[]; totals: TicketTotals }> {
  const joined = await ex
    .selectFrom(totalsOf(ex, totalsFilter).as('t'))
    .leftJoin(pageOf(ex, f, page).as('p'), (join) => join.onTrue())
    .selectAll('p')
    .select(['t.count as totals_count', 't.amount as totals_amount', 't.payout as totals_payout'])
    .orderBy('p.created_at_ms', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  // An aggregate without GROUP BY has exactly one row, so the join has at least one.
  const first = joined[0]!;
  // The left join types every page column as nullable; a row with an id is a whole bet. Rows keep their
  // three totals columns (not copied out: readers of a BetRow take the fields they know).
  const rows = (first.id === null ? [] : joined) as BetRow[];
  return {
    rows,
    totals: toTotals({ count: first.totals_count, amount: first.totals_amount, payout: first.totals_payout }),
  };
}

/**
 * Pending bets of the player, looked for only in the rounds from the oldest active one on (older ones
 * are final), and so only among bets made since it opened (the player-and-time index).
 */
export async function countOutstanding(
  ex: Executor,
  playerId: number,
  oldestActive: { id: number; openedAtMs: number },
): Promise<number> {
  const row = await betsWithRound(ex)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('b.player_id', '=', playerId)
    .where('b.created_at_ms', '>=', oldestActive.openedAtMs)
    .where('b.round_id', '>=', oldestActive.id)
    .where(betStatus, '=', 'PENDING')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findBetOfPlayer(ex: Executor, playerId: number, betId: number) {
  return betsWithRound(ex)
    .select(BET_RECORD_SELECTION)
    .where('b.id', '=', betId)
    .where('b.player_id', '=', playerId)
    .executeTakeFirst();
}

export function betsOfPlayerGroup(ex: Executor, playerId: number, groupId: number) {
  return betsWithRound(ex)
    .select(BET_RECORD_SELECTION)
    .where('b.group_id', '=', groupId)
    .where('b.player_id', '=', playerId)
    .orderBy('b.id')
    .execute();
}

/** 15-minute buckets: every time zone's offset is a multiple of 15 minutes, so buckets never straddle days. */
export const REPORT_BUCKET_MS = 900_000;

export function reportBuckets(ex: Executor, playerId: number, fromMs: number, toMs: number) {
  const settled = sql<boolean>`${betStatus} in ('WON', 'LOST')`;
  const bucket = sql<number>`b.created_at_ms / ${sql.lit(REPORT_BUCKET_MS)}`;
  return betsWithRound(ex)
    .select([
      bucket.as('bucket'),
      sql<number>`sum(case when ${betStatus} <> 'VOID' then 1 else 0 end)`.as('count'),
      sql<number>`sum(case when ${betStatus} <> 'VOID' then b.amount else 0 end)`.as('turnover'),
      sql<number>`sum(case when ${settled} then ${betPayout} else 0 end)`.as('payout'),
      sql<number>`sum(case when ${settled} then b.amount else 0 end)`.as('settled_turnover'),
      sql<number>`sum(case when ${betStatus} = 'PENDING' then 1 else 0 end)`.as('outstanding'),
    ])
    .where('b.player_id', '=', playerId)
    .where('b.created_at_ms', '>=', fromMs)
    .where('b.created_at_ms', '<', toMs)
    .groupBy(bucket)
    .execute();
}
