import { okBodySchema } from '@lotto59/contract';
import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { http, isHttpError } from '@/lib/http-client';
import { userQueryKey } from './get-user';

/** `POST /logout`. */
export async function logout(): Promise<void> {
  await http.post('/logout', { schema: okBodySchema });
}

/**
 * Signs out, then forgets every cached answer so nothing of this player outlives the session. A 401 or 419 means
 * the session had already ended, which is the wanted state; any other failure keeps the player signed in.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const signOutLocally = () => {
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
