import type { PollChoice } from '@lotto59/contract';
import type { Pool } from '@lotto59/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';
import { readPollCookie, writePollCookie } from '../lib/poll-cookie';
import { lottoKeys } from './keys';

/** `GET /api/poll`: the pool the server keeps for the player (seed §4 rules applied). */
export function getPool(signal?: AbortSignal): Promise<PollChoice> {
  return http.get('/api/poll', { schema: lazySchema((s) => s.pollSchema), signal });
}

/**
 * The stream the player watches and bets on. Seed §3/§4: the `poll` cookie picks it; without one, the
 * server's choice, which is then written to the cookie so the next visit does not ask again.
 */
export function poolQueryOptions() {
  const cookie = readPollCookie();
  return queryOptions({
    queryKey: lottoKeys.pool(),
    queryFn: async ({ signal }): Promise<Pool> => {
      const { poll } = await getPool(signal);
      writePollCookie(poll);
      return poll;
    },
    ...(cookie ? { initialData: cookie } : {}),
    staleTime: Infinity,
  });
}

export function usePool() {
  return useQuery(poolQueryOptions());
}

/** `POST /api/poll`: switch pools (403 POOL_NOT_ENABLED when the setting forbids POLL_1). */
export function useSetPool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (poll: Pool) =>
      http.post('/api/poll', { body: { poll }, schema: lazySchema((s) => s.pollSchema) }),
    onSuccess: ({ poll }) => {
      writePollCookie(poll);
      queryClient.setQueryData(lottoKeys.pool(), poll);
    },
  });
}
