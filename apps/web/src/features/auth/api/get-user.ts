import { userDetailSchema, type UserDetail } from '@lotto59/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, isHttpError } from '@/lib/http-client';

export const userQueryKey = ['auth', 'user'] as const;

/**
 * `GET /api/user`. Being signed out is a normal state, not a failure: a 401 resolves to `null`.
 * Every other failure (a 503 for maintenance above all) stays an error for the app to show.
 */
export async function getUser(signal?: AbortSignal): Promise<UserDetail | null> {
  try {
    return await http.get('/api/user', { schema: userDetailSchema, signal });
  } catch (error) {
    if (isHttpError(error, 401)) return null;
    throw error;
  }
}

export const userQueryOptions = () =>
  queryOptions({ queryKey: userQueryKey, queryFn: ({ signal }) => getUser(signal) });

/** The signed-in player (`null` when signed out); the app start waits for it (seed §4). */
export function useUser() {
  return useQuery(userQueryOptions());
}
