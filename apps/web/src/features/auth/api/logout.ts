import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { clearAllCookies, resetCookiesOnFirstLoad } from '@/lib/cookies';
import { http, isHttpError } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';
import { userQueryKey } from './get-user';

/** `POST /logout`. A 401 or 419 means the session had already ended: the wanted state, so no alert. */
export async function logout(): Promise<void> {
  await http.post('/logout', { schema: lazySchema((s) => s.okBodySchema), authAlertStatuses: [] });
}

/**
 * Signs out, then (seed §4) clears every cookie the page can see and forgets every cached answer, so nothing
 * of this player outlives the session. Any failure other than "already ended" keeps the player signed in.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const signOutLocally = () => {
    clearAllCookies();
    // The first-load marker goes back at once: the cookies were just cleared, no need to clear them again.
    resetCookiesOnFirstLoad();
    const userHash = hashKey(userQueryKey);
    queryClient.removeQueries({ predicate: (query) => query.queryHash !== userHash });
    queryClient.setQueryData(userQueryKey, null);
  };
  return useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch (error) {
        if (!isHttpError(error, 401) && !isHttpError(error, 419)) throw error;
      }
    },
    onSuccess: signOutLocally,
  });
}
