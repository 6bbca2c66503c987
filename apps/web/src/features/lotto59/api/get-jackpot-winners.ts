import type { JackpotWinners } from '@lotto59/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';
import { lottoKeys } from './keys';

/** `GET /api/v1/jackpot/winner`: recent tier 1 and 2 winners, the operator's banner message and the pool. */
export function getJackpotWinners(signal?: AbortSignal): Promise<JackpotWinners> {
  return http.get('/api/v1/jackpot/winner', { schema: lazySchema((s) => s.jackpotWinnersSchema), signal });
}

export const jackpotWinnersQueryOptions = () =>
  queryOptions({
    queryKey: lottoKeys.winners(),
    queryFn: ({ signal }) => getJackpotWinners(signal),
    staleTime: 60_000,
  });
