import { isoInTimeZone, type LotteryPost, type LotteryTicketStatus } from '@lotto59/domain';
import type { LotteryItem, LotteryTicket } from '@lotto59/contract';
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
