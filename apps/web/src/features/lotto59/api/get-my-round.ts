import type { TicketList } from '@lotto59/contract';
import { PER_PAGE_MAX } from '@lotto59/contract';
import { http } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';
import { lottoKeys } from './keys';

/**
 * `GET /api/v1/ticket/list?result_id=` for one round: the player's own bets in it (the largest page) with the
 * server's totals of stake and payout over all of them. This is the player's settlement of the round, as
 * the server wrote it (docs/decisions/0019-web-game-win-moment-and-one-thumb-betting.md): the screen never computes a payout.
 */
export function getMyRound(resultId: number, signal?: AbortSignal): Promise<TicketList> {
  return http.get('/api/v1/ticket/list', {
    query: { type: 'ALL', result_id: resultId, page: 1, per_page: PER_PAGE_MAX },
    schema: lazySchema((s) => s.ticketListSchema),
    signal,
  });
}

/** Under the tickets key, so that every refresh of the tickets (a bet, the settlement) refreshes it too. */
export const myRoundKey = (resultId: number) => [...lottoKeys.tickets(), 'round', resultId] as const;
