import type { TicketList } from '@lotto59/contract';
import type { TicketFilter } from '@lotto59/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';
import { lottoKeys } from './keys';

export const TICKETS_PER_PAGE = 20;

export interface TicketQuery {
  type: TicketFilter;
  /** `YYYY-MM-DD`, the operator's days. */
  from?: string | undefined;
  to?: string | undefined;
  /** One round only. */
  resultId?: number | undefined;
  page: number;
}

/** `GET /api/v1/ticket/list`: the player's own bets, newest first, with the totals of the whole filter. */
export function getTickets(query: TicketQuery, signal?: AbortSignal): Promise<TicketList> {
  return http.get('/api/v1/ticket/list', {
    query: {
      type: query.type,
      from: query.from || null,
      to: query.to || null,
      result_id: query.resultId ?? null,
      page: query.page,
      per_page: TICKETS_PER_PAGE,
    },
    schema: lazySchema((s) => s.ticketListSchema),
    signal,
  });
}

export function useTickets(query: TicketQuery) {
  return useQuery({
    queryKey: [...lottoKeys.tickets(), query],
    queryFn: ({ signal }) => getTickets(query, signal),
    placeholderData: keepPreviousData,
  });
}
