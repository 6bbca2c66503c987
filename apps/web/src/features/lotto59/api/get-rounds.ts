import type { PlayingRound, RecentResults, ReleasingRound, ResultGrid } from '@lotto59/contract';
import type { Pool } from '@lotto59/domain';
import { queryOptions } from '@tanstack/react-query';
import { http } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';
import { withServerTime } from '../lib/server-clock';
import { lottoKeys } from './keys';

/** `GET /api/v1/result/playing`: the open round of the pool; its `server_time` sets the server clock. */
export function getPlaying(poll: Pool, signal?: AbortSignal): Promise<PlayingRound> {
  return withServerTime(() =>
    http.get('/api/v1/result/playing', {
      query: { poll },
      schema: lazySchema((s) => s.playingRoundSchema),
      signal,
    }),
  );
}

/** `GET /api/v1/result/releasing`: the round whose balls are coming out, or null. */
export function getReleasing(poll: Pool, signal?: AbortSignal): Promise<ReleasingRound> {
  return withServerTime(() =>
    http.get('/api/v1/result/releasing', {
      query: { poll },
      schema: lazySchema((s) => s.releasingRoundSchema),
      signal,
    }),
  );
}

/** `GET /api/v1/result/recent`: the last results, newest first. */
export function getRecent(poll: Pool, signal?: AbortSignal): Promise<RecentResults> {
  return http.get('/api/v1/result/recent', {
    query: { poll },
    schema: lazySchema((s) => s.recentResultsSchema),
    signal,
  });
}

/** `GET /api/result/history`: the 7 × 10 grid of seed §4, oldest first. */
export function getResultGrid(poll: Pool, signal?: AbortSignal): Promise<ResultGrid> {
  return http.get('/api/result/history', {
    query: { poll },
    schema: lazySchema((s) => s.resultGridSchema),
    signal,
  });
}

// The live screen keeps these fresh itself (events, or timers at the server's instants).
const live = { staleTime: Infinity, refetchOnWindowFocus: true } as const;

export const playingQueryOptions = (poll: Pool) =>
  queryOptions({
    queryKey: lottoKeys.playing(poll),
    queryFn: ({ signal }) => getPlaying(poll, signal),
    ...live,
  });
export const releasingQueryOptions = (poll: Pool) =>
  queryOptions({
    queryKey: lottoKeys.releasing(poll),
    queryFn: ({ signal }) => getReleasing(poll, signal),
    ...live,
  });
export const recentQueryOptions = (poll: Pool) =>
  queryOptions({
    queryKey: lottoKeys.recent(poll),
    queryFn: ({ signal }) => getRecent(poll, signal),
    ...live,
  });
export const gridQueryOptions = (poll: Pool) =>
  queryOptions({
    queryKey: lottoKeys.grid(poll),
    queryFn: ({ signal }) => getResultGrid(poll, signal),
    ...live,
  });
