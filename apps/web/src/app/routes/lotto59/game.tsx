import type { UserDetail } from '@lotto59/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { paths } from '@/config/paths';
import { useUser, userQueryKey } from '@/features/auth/api/get-user';
import { Lotto59Game } from '@/features/lotto59/components/lotto59-game';
import { BoardNearLimitNotice } from '../app/reality-check';

/** Used by the login page: the board's first calls start as soon as the login succeeds. */
export {
  prefetchBoard as prefetchLotto59Board,
  seedBoard as seedLotto59Board,
} from '@/features/lotto59/api/prefetch-board';

const ticketsOfRound = (resultId: number) => `${paths.ticket.lotto59.getHref()}?round=${resultId}`;

/**
 * `/game/lotto/59` (the landing page after login): the game, wired to the signed-in player. Balances the
 * game learns (a bet's answer, a live event) go straight into the user detail the top bar shows.
 */
export function Lotto59Route() {
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const onBalance = useCallback(
    (balance: number) =>
      queryClient.setQueryData<UserDetail | null>(userQueryKey, (current) =>
        current ? { ...current, balance } : current,
      ),
    [queryClient],
  );
  const refreshUser = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: userQueryKey }),
    [queryClient],
  );
  if (!user) return null;
  return (
    <>
      <BoardNearLimitNotice />
      <Lotto59Game
        user={user}
        onBalance={onBalance}
        refreshUser={refreshUser}
        rulesHref={paths.game.lotto59Rules.getHref()}
        ticketsHref={ticketsOfRound}
      />
    </>
  );
}
