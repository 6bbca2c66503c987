import type { NumberStatsAnswer } from '@lotto59/contract';
import type { Pool } from '@lotto59/domain';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';
import { lottoKeys } from './keys';

/** `GET /api/v1/lotto59/stats`: each ball's count over the pool's last 100 draws, the hot and cold numbers. */
export function getNumberStats(poll: Pool, signal?: AbortSignal): Promise<NumberStatsAnswer> {
  return http.get('/api/v1/lotto59/stats', {
    query: { poll },
    schema: lazySchema((s) => s.numberStatsSchema),
    signal,
  });
}

/**
 * Keyed by the newest result the screen knows (the live recent results): a new draw makes a new key, so the
 * counts are asked again once per draw, and never between two (the server caches them per draw too).
 */
export const numberStatsQueryOptions = (poll: Pool, newestResultId: number | null) =>
  queryOptions({
    queryKey: lottoKeys.stats(poll, newestResultId),
    queryFn: ({ signal }) => getNumberStats(poll, signal),
    staleTime: Infinity,
  });
