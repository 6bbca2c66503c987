import {
  isoInTimeZone,
  type LotteryItemStatus,
  type LotteryPost,
  type LotteryTicketStatus,
} from '@lotto59/domain';
import type { LotteryItem, LotteryTicket } from '@lotto59/contract';
import type { StoredDrawStatus } from '../lottery.table';
import type { ItemRow, TicketRow } from './tickets.repository';

/** Wire forms of tickets and items (lottery.md §6). */

/** Ticket numbers are 7-digit padded (decisions §2). */
export const ticketNo = (id: number) => String(id).padStart(7, '0');

/** An OPEN ticket whose draw passed its cut-off is shown CLOSED. */
export function ticketStatusAt(
  status: TicketRow['status'],
  cutoffAtMs: number,
  nowMs: number,
): LotteryTicketStatus {
  return status === 'OPEN' && nowMs >= cutoffAtMs ? 'CLOSED' : status;
}

/**
 * Settlement writes only the winners (decision 0026), as rows of `lottery_item_wins` that the item reads
 * overlay as WON (decision 0036, tickets.repository.ts `itemsAsRead`): an item left OPEN of a SETTLED draw
 * is LOST, with no payout and no hits. (Items stored LOST before that still read LOST.)
 */
export function itemStatusAt(status: ItemRow['status'], drawStatus: StoredDrawStatus): LotteryItemStatus {
  return status === 'OPEN' && drawStatus === 'SETTLED' ? 'LOST' : status;
}

export function itemView(item: ItemRow): LotteryItem {
  return {
    id: item.id,
    bet_type: item.bet_type,
    posts: item.posts.split(',') as LotteryPost[],
    numbers: item.numbers.split(','),
    permute: item.permute === 1,
    amount: item.amount,
    lines: item.lines,
    face_amount: item.face_amount,
    discount: item.discount,
    net_amount: item.net_amount,
  };
}

export function ticketHeadView(
  ticket: TicketRow,
  cutoffAtMs: number,
  nowMs: number,
  timeZone: string,
): Omit<LotteryTicket, 'items'> {
  return {
    id: ticket.id,
    ticket_no: ticketNo(ticket.id),
    type: ticket.type,
    draw_id: ticket.draw_id,
    status: ticketStatusAt(ticket.status, cutoffAtMs, nowMs),
    total_amount: ticket.total_amount,
    discount: ticket.discount,
    net_amount: ticket.net_amount,
    created_at: isoInTimeZone(ticket.created_at_ms, timeZone),
  };
}

export function hitsOf(item: Pick<ItemRow, 'hits'>): { code: string; index: number; number: string }[] {
  return item.hits === null
    ? []
    : (JSON.parse(item.hits) as { code: string; index: number; number: string }[]);
}
