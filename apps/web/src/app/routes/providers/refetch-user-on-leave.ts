import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userQueryKey } from '@/features/auth/api/get-user';

/**
 * Providers.md §5: the web app refetches `/api/user` when a game page closes, so the top bar's balance (hidden
 * while playing, seed §1) shows what the game did. Here in `app`, because features never import each other.
 */
export function useRefetchUserOnLeave(): void {
  const queryClient = useQueryClient();
  useEffect(
    () => () => {
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
    [queryClient],
  );
}
