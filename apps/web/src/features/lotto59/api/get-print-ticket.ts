import type { PrintTicket } from '@lotto59/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';
import { lottoKeys } from './keys';

/** `GET /api/print?group_id=`: a whole submission laid out for printing (JSON; the page lays it out). */
export function getPrintTicket(groupId: number, signal?: AbortSignal): Promise<PrintTicket> {
  return http.get('/api/print', {
    query: { group_id: groupId },
    schema: lazySchema((s) => s.printTicketSchema),
    signal,
  });
}

export function usePrintTicket(groupId: number | undefined) {
  return useQuery({
    queryKey: lottoKeys.print(groupId ?? 0),
    queryFn: ({ signal }) => getPrintTicket(groupId!, signal),
    enabled: groupId !== undefined,
  });
}
