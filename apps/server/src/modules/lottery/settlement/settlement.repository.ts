import type { LotteryBetType, Riel } from '@lotto59/domain';
import { sql } from 'kysely';
import type { Executor } from '../../../db/database';
import { pgArray } from '../../../db/pg-array';

// All SQL of lottery settlement and voiding through Kysely (PostgreSQL's settlement, and voiding on both):
// set-based statements over one draw's rows. SQLite settles with settlement.sqlite.repository.ts.

/** A live item as settlement scores it. */
export interface LiveItem {
  id: number;
  ticketId: number;
  playerId: number;
  betType: LotteryBetType;
  /** Comma-separated posts, or `ROLL`. */
  posts: string;
  /** Comma-separated expanded numbers. */
  numbers: string;
  amount: Riel;
  /** The payout multiple it was sold at; null for an item sold before it was stored (decision 0043). */
  price: number | null;
}

export interface WinningItem {
  id: number;
  playerId: number;
  payout: Riel;
  /** JSON `{code,index,number}[]`. */
  hits: string;
}

export interface TicketPayout {
  id: number;
  payout: Riel;
}

// PostgreSQL: rows per statement of the array-parameter insert below (four arrays of this length each).
const CHUNK = 10_000;

/**
 * Hands `visit` each of the draw's live items that can win, with what settlement needs to score and pay
 * it. As on SQLite (settlement.sqlite.repository.ts), an item none of
 * whose numbers is a line tail of its bet type (`tails`) cannot win on any post: PostgreSQL skips it, so only
 * the candidates cross the wire and are scored exactly. An item of one number (most of them) is tested with
 * `numbers = any(tails)`; only an item of several splits its list (`string_to_array … &&`), which cost three
 * times as much per row when every item took it. The rows come in no order (an `order by id` sorted 10⁵
 * rows on disk): the caller orders what it writes.
 */
export async function forEachCandidateItem(
  ex: Executor,
  drawId: number,
  tails: Readonly<Record<LotteryBetType, readonly string[]>>,
  visit: (item: LiveItem) => void,
): Promise<void> {
  const withTails = Object.entries(tails).filter(([, list]) => list.length > 0);
  if (withTails.length > 0) {
    const oneNumber = withTails.map(
      ([betType, list]) => sql`when ${betType} then numbers = any(cast(${pgArray(list)} as text[]))`,
    );
    const several = withTails.map(
      ([betType, list]) =>
        sql<boolean>`(bet_type = ${betType} and string_to_array(numbers, ',') && cast(${pgArray(list)} as text[]))`,
    );
    const items = await ex
      .selectFrom('lottery_items')
      .where('draw_id', '=', drawId)
      .where('status', '=', 'OPEN')
      .select([
        'id',
        'ticket_id as ticketId',
        'player_id as playerId',
        'bet_type as betType',
        'posts',
        'numbers',
        'amount',
        'price',
      ])
      .where(
        sql<boolean>`case when strpos(numbers, ',') = 0
          then (case bet_type ${sql.join(oneNumber, sql` `)} else false end)
          else (${sql.join(several, sql` or `)}) end`,
      )
      .execute();
    for (const item of items) visit(item);
  }
}

/**
 * The winning items, each a row of `lottery_item_wins` (decision 0036), a chunk of rows per statement
 * from arrays by `unnest`. The items themselves are not written: an OPEN item of a SETTLED draw is WON if
 * it has a row there, else LOST (ticket-view.ts `itemStatusAt`).
 */
export async function insertItemWins(
  ex: Executor,
  winners: readonly WinningItem[],
  nowMs: number,
): Promise<void> {
  for (let i = 0; i < winners.length; i += CHUNK) {
    const chunk = winners.slice(i, i + CHUNK);
    await sql`
      insert into lottery_item_wins (item_id, player_id, payout, hits, paid_at_ms)
      select w.id, w.player_id, w.payout, w.hits, ${nowMs}
      from unnest(cast(${pgArray(chunk.map((w) => w.id))} as bigint[]), cast(${pgArray(chunk.map((w) => w.playerId))} as bigint[]),
        cast(${pgArray(chunk.map((w) => w.payout))} as bigint[]), cast(${pgArray(chunk.map((w) => w.hits))} as text[]))
        as w(id, player_id, payout, hits)`.execute(ex);
  }
}

/** The draw's live tickets with what they hold (net of their live items): what a void refunds. */
export async function liveTicketsOfDraw(ex: Executor, drawId: number) {
  return ex
    .selectFrom('lottery_tickets')
    .select(['id', 'player_id', 'net_amount'])
    .where('draw_id', '=', drawId)
    .where('status', '=', 'OPEN')
    .orderBy('id')
    .execute();
}

export async function voidDrawRows(ex: Executor, drawId: number): Promise<number> {
  const items = await ex
    .updateTable('lottery_items')
    .set({ status: 'VOID' })
    .where('draw_id', '=', drawId)
    .where('status', '=', 'OPEN')
    .executeTakeFirst();
  await ex
    .updateTable('lottery_tickets')
    .set({ status: 'VOID' })
    .where('draw_id', '=', drawId)
    .where('status', '=', 'OPEN')
    .execute();
  return Number(items.numUpdatedRows);
}
