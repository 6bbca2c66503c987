import type { UserDetail } from '@lotto59/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, isHttpError } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';

export const userQueryKey = ['auth', 'user'] as const;

/** Answers of `GET /api/user` that mean "no live session": the player is simply signed out. */
const SIGNED_OUT_STATUSES: readonly number[] = [401, 411, 419];

/**
 * `GET /api/user`. Being signed out is a state, not a failure: 401 (never signed in), 411 (signed in
 * elsewhere) and 419 (expired) resolve to `null` without the "please log in again" alert, which would
 * otherwise come back after every reload of a device whose session ended. Every other failure (a 503 for
 * maintenance above all) stays an error for the app to show.
 */
export async function getUser(signal?: AbortSignal): Promise<UserDetail | null> {
  try {
    return await http.get('/api/user', {
      schema: lazySchema((s) => s.userDetailSchema),
      signal,
      authAlertStatuses: [],
    });
  } catch (error) {
    if (isHttpError(error) && SIGNED_OUT_STATUSES.includes(error.status)) return null;
    throw error;
  }
}

export const userQueryOptions = () =>
  queryOptions({ queryKey: userQueryKey, queryFn: ({ signal }) => getUser(signal) });

/**
 * The signed-in player (`null` when signed out); the app start waits for it (seed §4). With
 * `refetchWhileLoadingMs`, the detail is fetched again at that pace while `is_loading` is 1 (seed §4, fishing).
 */
export function useUser(options: { refetchWhileLoadingMs?: number } = {}) {
  const { refetchWhileLoadingMs } = options;
  return useQuery({
    ...userQueryOptions(),
    refetchInterval:
      refetchWhileLoadingMs === undefined
        ? false
        : (query) => (query.state.data?.is_loading === 1 ? refetchWhileLoadingMs : false),
  });
}
