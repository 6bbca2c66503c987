import type { BetStatus, Riel } from '@lotto59/domain';
import { sql, type QueryCreator } from 'kysely';
import type { Database, Executor } from '../../../db/database';

/*
 * A bet's status, payout and settled time as every reader sees them (docs/decisions/0027). Settlement
 * does not write range, over/under or NUMBER bets: they stay stored PENDING, and their outcome is read
 * from their round, which settlement gives its winning band and side, its post balls and the rates in force
 * (migration 0009), and from the rate the bet was sold at (migration 0014, decision 0043; the round's rate
 * pays only bets sold before that). A void round's bets are not written either. What is stored wins when
 * it is not PENDING: jackpot lines (settlement writes them) and bets settled or voided before decision 0027.
 *
 * The expressions are SQL text over two aliases, `b` (lotto59_bets) and `r` (its lotto59_rounds row),
 * so that the Kysely queries and the SQLite prepared statements read the very same text. Integer maths
 * only: payout = stake × rate / 100, rounded down by integer division on both databases.
 */

const POST_BALL = `case b.post when 'A' then r.ball_a when 'B' then r.ball_b when 'C' then r.ball_c
  when 'D' then r.ball_d when 'E' then r.ball_e end`;
const NUMBER_WINS = `(b.type = 'NUMBER' and b.number = ${POST_BALL})`;
const RATED_WINS = `(b.type = r.winning_band or b.type = r.winning_side or ${NUMBER_WINS})`;

/** Status: PENDING while the round is OPEN or RELEASING, VOID with it, else WON or LOST. */
export const BET_STATUS_SQL = `(case
  when b.status <> 'PENDING' then b.status
  when r.status = 'VOID' then 'VOID'
  when r.status <> 'SETTLED' then 'PENDING'
  when ${RATED_WINS} then 'WON'
  else 'LOST' end)`;

/**
 * Payout: the stake back for a void round, stake × rate / 100 for a win, else 0. The rate is the one the
 * bet was sold at, stored on it (decision 0043); a bet sold before rates were stored (null) is paid at the
 * round's, the rates in force when the round settled, as it was before.
 */
export const BET_PAYOUT_SQL = `(case
  when b.status <> 'PENDING' then b.payout
  when r.status = 'VOID' then b.amount
  when r.status <> 'SETTLED' then 0
  when b.type = r.winning_band then b.amount * coalesce(b.rate_hundredths, r.band_rate_hundredths) / 100
  when b.type = r.winning_side then b.amount * coalesce(b.rate_hundredths, r.side_rate_hundredths) / 100
  when ${NUMBER_WINS} then b.amount * coalesce(b.rate_hundredths, r.number_rate_hundredths) / 100
  else 0 end)`;

/**
 * True for every bet whose payout may be more than 0 (a cheap test first: a round's aggregate looks
 * at its winners only). For a rated bet of a round not yet settled it may be true: read the payout.
 */
export const BET_MAY_PAY_SQL = `(${RATED_WINS} or b.status <> 'PENDING' or r.status = 'VOID')`;

/** When the bet's round was settled or voided (null while it is pending). */
export const BET_SETTLED_AT_SQL = `coalesce(b.settled_at_ms,
  case r.status when 'SETTLED' then r.settled_at_ms when 'VOID' then r.voided_at_ms end)`;

export const betStatus = sql<BetStatus>`${sql.raw(BET_STATUS_SQL)}`;
export const betPayout = sql<Riel>`${sql.raw(BET_PAYOUT_SQL)}`;
export const betMayPay = sql<boolean>`${sql.raw(BET_MAY_PAY_SQL)}`;
const betSettledAtMs = sql<number | null>`${sql.raw(BET_SETTLED_AT_SQL)}`;

/** Bets joined to their rounds (aliases `b` and `r`): the source of every read of a bet's outcome. */
export function betsWithRound(ex: QueryCreator<Database>) {
  return ex.selectFrom('lotto59_bets as b').innerJoin('lotto59_rounds as r', 'r.id', 'b.round_id');
}

/** A bet record's columns over `betsWithRound`: the stored ones and the derived outcome. */
export const BET_RECORD_SELECTION = [
  'b.id',
  'b.group_id',
  'b.round_id',
  'b.player_id',
  'b.poll',
  'b.type',
  'b.post',
  'b.number',
  'b.numbers',
  'b.amount',
  betPayout.as('payout'),
  'b.jackpot_win_amount',
  'b.jackpot_result',
  'b.jackpot_tier',
  betStatus.as('status'),
  'b.created_at_ms',
  betSettledAtMs.as('settled_at_ms'),
] as const;

/** `betsWithRound` as SQL text, for prepared statements (SQLite). */
export const BETS_WITH_ROUND_SQL = 'lotto59_bets b join lotto59_rounds r on r.id = b.round_id';

/** The same list as SQL text, for prepared statements (SQLite). */
export const BET_RECORD_SQL = [
  ...['id', 'group_id', 'round_id', 'player_id', 'poll', 'type', 'post', 'number', 'numbers', 'amount'].map(
    (c) => `b.${c}`,
  ),
  `${BET_PAYOUT_SQL} as payout`,
  ...['jackpot_win_amount', 'jackpot_result', 'jackpot_tier'].map((c) => `b.${c}`),
  `${BET_STATUS_SQL} as status`,
  'b.created_at_ms',
  `${BET_SETTLED_AT_SQL} as settled_at_ms`,
].join(', ');

/** The bets of one submission with their outcome, in id order (replays, the printable ticket). */
export function betRecordsOfGroup(ex: Executor, groupId: number) {
  return betsWithRound(ex)
    .select(BET_RECORD_SELECTION)
    .where('b.group_id', '=', groupId)
    .orderBy('b.id')
    .execute();
}
