import type { TicketBadge } from '@lotto59/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';
import { lottoKeys } from './keys';

/** Without live events (other pages), the menu's badge looks again this often. */
export const BADGE_REFETCH_MS = 30_000;

/** `GET /api/v1/ticket/badge`: how many of the player's bets wait for their result. */
export function getTicketBadge(signal?: AbortSignal): Promise<TicketBadge> {
  return http.get('/api/v1/ticket/badge', { schema: lazySchema((s) => s.ticketBadgeSchema), signal });
}

/** The outstanding count of the menu (seed §2 ticket menu). Quiet: no alert if it fails, it is a hint. */
export function useTicketBadge() {
  return useQuery({
    queryKey: lottoKeys.badge(),
    queryFn: ({ signal }) => getTicketBadge(signal),
    refetchInterval: BADGE_REFETCH_MS,
    staleTime: 5_000,
  });
}
