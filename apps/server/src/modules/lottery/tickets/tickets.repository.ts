import type { LotteryBetType, LotteryGameType, Riel } from '@lotto59/domain';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Executor } from '../../../db/database';
import type { LotteryItemsTable, LotteryTicketsTable, StoredTicketStatus } from '../lottery.table';

// All SQL of lottery tickets, items and the per-number exposure.

export type TicketRow = Selectable<LotteryTicketsTable>;
/** An item as its readers see it; the price it was sold at is settlement's alone (decision 0043). */
export type ItemRow = Omit<Selectable<LotteryItemsTable>, 'price'>;

/**
 * A ticket's winnings: the sum of its items' rows of `lottery_item_wins` (decision 0036). Read through the
 * items of the ticket (their ticket index, then the wins' primary key), so it costs a ticket's own items.
 */
const winningsOf = sql<Riel>`cast(coalesce((select sum(w.payout) from lottery_items as wi
  inner join lottery_item_wins as w on w.item_id = wi.id where wi.ticket_id = t.id), 0) as bigint)`;

/**
 * Settlement writes no ticket (decision 0057): a ticket still stored OPEN under a SETTLED draw is settled,
 * WON with its items' winnings or LOST with none. Tickets settled before that decision read as stored.
 * Every reader of a ticket's status or payout goes through these expressions (`t` the ticket, `d` its draw).
 */
const settledUnwritten = sql<boolean>`(t.status = 'OPEN' and d.status = 'SETTLED')`;
const statusAsRead = sql<StoredTicketStatus>`case when ${settledUnwritten}
  then (case when ${winningsOf} > 0 then 'WON' else 'LOST' end) else t.status end`;
const payoutAsRead = sql<Riel>`case when ${settledUnwritten} then ${winningsOf} else t.payout end`;
/** Still in play: stored OPEN and its draw not settled (the cut-off splits it into OPEN and CLOSED). */
const live = sql<boolean>`(t.status = 'OPEN' and d.status <> 'SETTLED')`;

/** Tickets as they read: every column of the row, the status, payout and settling time as settled. */
function ticketsAsRead(ex: Executor) {
  return ex
    .selectFrom('lottery_tickets as t')
    .innerJoin('lottery_draws as d', 'd.id', 't.draw_id')
    .select([
      't.id',
      't.player_id',
      't.draw_id',
      't.type',
      't.request_id',
      't.request_hash',
      't.total_amount',
      't.discount',
      't.net_amount',
      't.created_at_ms',
      statusAsRead.as('status'),
      payoutAsRead.as('payout'),
      sql<number | null>`case when ${settledUnwritten} then d.settled_at_ms else t.settled_at_ms end`.as(
        'settled_at_ms',
      ),
    ]);
}

export async function findTicketByRequest(
  ex: Executor,
  playerId: number,
  requestId: string,
): Promise<TicketRow | undefined> {
  return ticketsAsRead(ex)
    .where('t.player_id', '=', playerId)
    .where('t.request_id', '=', requestId)
    .executeTakeFirst();
}

/** One of the player's tickets; another player's is as absent as a missing one. */
export async function findTicketOf(
  ex: Executor,
  playerId: number,
  id: number,
): Promise<TicketRow | undefined> {
  return ticketsAsRead(ex).where('t.id', '=', id).where('t.player_id', '=', playerId).executeTakeFirst();
}

/**
 * Items as they read: a winner's status, payout, hits and time come from its row of `lottery_item_wins`
 * (settlement writes that row, not the item: decision 0036); any other item reads as stored.
 */
function itemsAsRead(ex: Executor) {
  return ex
    .selectFrom('lottery_items as i')
    .leftJoin('lottery_item_wins as w', 'w.item_id', 'i.id')
    .select([
      'i.id',
      'i.ticket_id',
      'i.player_id',
      'i.draw_id',
      'i.bet_type',
      'i.posts',
      'i.numbers',
      'i.permute',
      'i.amount',
      'i.lines',
      'i.face_amount',
      'i.discount',
      'i.net_amount',
      'i.deleted_at_ms',
      'i.hidden_at_ms',
    ])
    .select((eb) => [
      sql<ItemRow['status']>`case when w.item_id is null then i.status else 'WON' end`.as('status'),
      eb.fn.coalesce('w.payout', 'i.payout').as('payout'),
      eb.fn.coalesce('w.hits', 'i.hits').as('hits'),
      eb.fn.coalesce('w.paid_at_ms', 'i.paid_at_ms').as('paid_at_ms'),
    ]);
}

export async function findItemOf(ex: Executor, playerId: number, id: number): Promise<ItemRow | undefined> {
  return itemsAsRead(ex).where('i.id', '=', id).where('i.player_id', '=', playerId).executeTakeFirst();
}

export async function itemsOfTicket(ex: Executor, ticketId: number): Promise<ItemRow[]> {
  return itemsAsRead(ex).where('i.ticket_id', '=', ticketId).orderBy('i.id').execute();
}

export async function insertTicket(ex: Executor, row: Insertable<LotteryTicketsTable>): Promise<number> {
  const { id } = await ex.insertInto('lottery_tickets').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

export async function insertItems(ex: Executor, rows: Insertable<LotteryItemsTable>[]): Promise<number[]> {
  const ids = await ex.insertInto('lottery_items').values(rows).returning('id').execute();
  return ids.map((r) => Number(r.id));
}

/**
 * Adds `amount` to every (number, line code) pair of an item, all or nothing: rows are created at 0 if new,
 * then ONE conditional update raises only rows that stay within the cap. Fewer rows raised than pairs means
 * some pair would pass the cap: the caller throws and its transaction undoes the partial raise. Row locks
 * taken by the update serialise concurrent bets on a number, so the cap holds without read-then-write.
 */
export async function raiseExposure(
  ex: Executor,
  key: { drawId: number; betType: LotteryBetType; lineCodes: readonly string[]; numbers: readonly string[] },
  amount: Riel,
  cap: number,
): Promise<boolean> {
  const pairs = key.lineCodes.flatMap((line_code) =>
    key.numbers.map((number) => ({
      draw_id: key.drawId,
      bet_type: key.betType,
      line_code,
      number,
      placed: 0,
    })),
  );
  for (let i = 0; i < pairs.length; i += 500) {
    await ex
      .insertInto('lottery_exposure')
      .values(pairs.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['draw_id', 'bet_type', 'line_code', 'number']).doNothing())
      .execute();
  }
  const res = await ex
    .updateTable('lottery_exposure')
    .set({ placed: sql<number>`placed + ${amount}` })
    .where('draw_id', '=', key.drawId)
    .where('bet_type', '=', key.betType)
    .where('line_code', 'in', key.lineCodes)
    .where('number', 'in', key.numbers)
    .where('placed', '<=', cap - amount)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === pairs.length;
}

/** The fullest (number, line code) pair of an item: what the refusal names. */
export async function fullestExposure(
  ex: Executor,
  key: { drawId: number; betType: LotteryBetType; lineCodes: readonly string[]; numbers: readonly string[] },
): Promise<{ line_code: string; number: string; placed: number } | undefined> {
  return ex
    .selectFrom('lottery_exposure')
    .select(['line_code', 'number', 'placed'])
    .where('draw_id', '=', key.drawId)
    .where('bet_type', '=', key.betType)
    .where('line_code', 'in', key.lineCodes)
    .where('number', 'in', key.numbers)
    .orderBy('placed', 'desc')
    .orderBy('line_code')
    .orderBy('number')
    .executeTakeFirst();
}

/** A deleted or refunded item frees what it held on the cap. */
export async function lowerExposure(
  ex: Executor,
  key: { drawId: number; betType: LotteryBetType; lineCodes: readonly string[]; numbers: readonly string[] },
  amount: Riel,
): Promise<void> {
  await ex
    .updateTable('lottery_exposure')
    .set({ placed: sql<number>`placed - ${amount}` })
    .where('draw_id', '=', key.drawId)
    .where('bet_type', '=', key.betType)
    .where('line_code', 'in', key.lineCodes)
    .where('number', 'in', key.numbers)
    .execute();
}

/** OPEN → DELETED for one item, once. */
export async function markItemDeleted(
  ex: Executor,
  itemId: number,
  nowMs: number,
): Promise<ItemRow | undefined> {
  return ex
    .updateTable('lottery_items')
    .set({ status: 'DELETED', deleted_at_ms: nowMs })
    .where('id', '=', itemId)
    .where('status', '=', 'OPEN')
    .returningAll()
    .executeTakeFirst();
}

/** Every live item of a ticket → DELETED, once; the rows deleted. */
export async function markTicketItemsDeleted(
  ex: Executor,
  ticketId: number,
  nowMs: number,
): Promise<ItemRow[]> {
  return ex
    .updateTable('lottery_items')
    .set({ status: 'DELETED', deleted_at_ms: nowMs })
    .where('ticket_id', '=', ticketId)
    .where('status', '=', 'OPEN')
    .returningAll()
    .execute();
}

/** Takes a removed item's money off its ticket's totals; the ticket is DELETED when nothing is left live. */
export async function subtractFromTicket(
  ex: Executor,
  ticketId: number,
  money: { face: Riel; discount: Riel; net: Riel },
): Promise<TicketRow> {
  return ex
    .updateTable('lottery_tickets')
    .set({
      total_amount: sql<Riel>`total_amount - ${money.face}`,
      discount: sql<Riel>`discount - ${money.discount}`,
      net_amount: sql<Riel>`net_amount - ${money.net}`,
      status: sql<StoredTicketStatus>`case when total_amount - ${money.face} = 0 then 'DELETED' else status end`,
    })
    .where('id', '=', ticketId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function hideItem(ex: Executor, itemId: number, nowMs: number): Promise<void> {
  await ex
    .updateTable('lottery_items')
    .set({ hidden_at_ms: nowMs })
    .where('id', '=', itemId)
    .where('hidden_at_ms', 'is', null)
    .execute();
}

// ---- reads --------------------------------------------------------------------------------------------------

export interface TicketFilter {
  playerId: number;
  type?: LotteryGameType | undefined;
  status?: StoredTicketStatus | 'CLOSED' | undefined;
  fromMs?: number | undefined;
  toMs?: number | undefined;
  nowMs: number;
}

function ticketsQuery(ex: Executor, f: TicketFilter) {
  let q = ex
    .selectFrom('lottery_tickets as t')
    .innerJoin('lottery_draws as d', 'd.id', 't.draw_id')
    .where('t.player_id', '=', f.playerId);
  if (f.type) q = q.where('t.type', '=', f.type);
  if (f.fromMs !== undefined) q = q.where('t.created_at_ms', '>=', f.fromMs);
  if (f.toMs !== undefined) q = q.where('t.created_at_ms', '<', f.toMs);
  // OPEN and CLOSED are the live tickets split by the draw's cut-off; the others read as settled.
  if (f.status === 'OPEN') q = q.where(live).where('d.cutoff_at_ms', '>', f.nowMs);
  else if (f.status === 'CLOSED') q = q.where(live).where('d.cutoff_at_ms', '<=', f.nowMs);
  else if (f.status) q = q.where(statusAsRead, '=', f.status);
  return q;
}

export async function listTickets(ex: Executor, f: TicketFilter, page: { limit: number; offset: number }) {
  return ticketsQuery(ex, f)
    .select([
      't.id',
      't.type',
      statusAsRead.as('status'),
      't.total_amount',
      't.discount',
      't.net_amount',
      payoutAsRead.as('payout'),
      't.created_at_ms',
      'd.id as draw_id',
      'd.code as draw_code',
      'd.draw_at_ms',
      'd.cutoff_at_ms',
      'd.status as draw_status',
    ])
    .select((eb) =>
      eb
        .selectFrom('lottery_items as i')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('i.ticket_id', '=', 't.id')
        .where('i.status', '<>', 'DELETED')
        .as('item_count'),
    )
    .orderBy('t.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function ticketTotals(ex: Executor, f: TicketFilter) {
  return ticketsQuery(ex, f)
    .select((eb) => [
      eb.fn.countAll<number>().as('tickets'),
      eb.fn.coalesce(eb.fn.sum<number>('t.total_amount'), eb.lit(0)).as('total_amount'),
      eb.fn.coalesce(eb.fn.sum<number>('t.discount'), eb.lit(0)).as('discount'),
      eb.fn.coalesce(eb.fn.sum<number>('t.net_amount'), eb.lit(0)).as('net_amount'),
      eb.fn.coalesce(eb.fn.sum<number>(payoutAsRead), eb.lit(0)).as('payout'),
      eb.fn
        .coalesce(
          eb.fn.sum<number>(
            sql<number>`case when ${statusAsRead} in ('WON', 'LOST') then ${payoutAsRead} - t.net_amount else 0 end`,
          ),
          eb.lit(0),
        )
        .as('win_lose'),
      eb.fn
        .coalesce(eb.fn.sum<number>(sql<number>`case when ${live} then t.net_amount else 0 end`), eb.lit(0))
        .as('outstanding'),
    ])
    .executeTakeFirstOrThrow();
}

export async function itemCountOfTickets(ex: Executor, f: TicketFilter): Promise<number> {
  const row = await ticketsQuery(ex, f)
    .innerJoin('lottery_items as i', 'i.ticket_id', 't.id')
    .where('i.status', '<>', 'DELETED')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface PayoutFilter {
  playerId: number;
  type?: LotteryGameType | undefined;
  fromMs?: number | undefined;
  toMs?: number | undefined;
}

/** A player's winning items, from their rows of `lottery_item_wins` (decision 0036). */
function payoutQuery(ex: Executor, f: PayoutFilter) {
  let q = ex
    .selectFrom('lottery_item_wins as w')
    .innerJoin('lottery_items as i', 'i.id', 'w.item_id')
    .innerJoin('lottery_tickets as t', 't.id', 'i.ticket_id')
    .innerJoin('lottery_draws as d', 'd.id', 'i.draw_id')
    .where('w.player_id', '=', f.playerId)
    .where('i.hidden_at_ms', 'is', null);
  if (f.type) q = q.where('t.type', '=', f.type);
  if (f.fromMs !== undefined) q = q.where('w.paid_at_ms', '>=', f.fromMs);
  if (f.toMs !== undefined) q = q.where('w.paid_at_ms', '<', f.toMs);
  return q;
}

export async function listPayouts(ex: Executor, f: PayoutFilter, page: { limit: number; offset: number }) {
  return payoutQuery(ex, f)
    .select([
      'i.id',
      'i.ticket_id',
      't.type',
      'i.bet_type',
      'i.posts',
      'i.amount',
      'w.hits',
      'w.payout',
      'w.paid_at_ms',
      'd.id as draw_id',
      'd.code as draw_code',
      'd.draw_at_ms',
    ])
    .orderBy('w.paid_at_ms', 'desc')
    .orderBy('w.item_id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function payoutTotals(ex: Executor, f: PayoutFilter) {
  return payoutQuery(ex, f)
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>('w.payout'), eb.lit(0)).as('payout'),
    ])
    .executeTakeFirstOrThrow();
}
