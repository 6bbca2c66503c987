import type { TicketSearchResult } from '@lotto59/contract';
import { useQuery } from '@tanstack/react-query';
import { http, isHttpError } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';
import { lottoKeys } from './keys';

/** `GET /api/jackpot/search?id=`: one of the player's own tickets with its round (404 for anyone else's). */
export function searchTicket(id: number, signal?: AbortSignal): Promise<TicketSearchResult> {
  return http.get('/api/jackpot/search', {
    query: { id },
    schema: lazySchema((s) => s.ticketSearchResultSchema),
    signal,
  });
}

export function useTicket(id: number) {
  return useQuery({
    queryKey: lottoKeys.ticket(id),
    queryFn: ({ signal }) => searchTicket(id, signal),
    // A ticket that does not exist will not start existing.
    retry: (failures, error) => !isHttpError(error, 404) && !isHttpError(error, 422) && failures < 2,
    // While its round is being drawn, look again: the balls, then the payout, arrive on their own.
    refetchInterval: (query) => (query.state.data?.round.status === 'SETTLED' ? false : 3_000),
  });
}
