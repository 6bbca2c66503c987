import type { LoginBoard } from '@lotto59/contract';
import type { QueryClient } from '@tanstack/react-query';
import { readPollCookie, writePollCookie } from '../lib/poll-cookie';
import { poolQueryOptions } from './get-pool';
import { lottoConfigQueryOptions } from './get-lotto-config';
import { playingQueryOptions } from './get-rounds';
import { lottoKeys } from './keys';

/**
 * Starts what the board needs to be usable (the player's pool, then its open round; the rates) the moment a
 * login succeeds, while the screen is still changing: on 3G each call is a 0.6 s round trip, and the board
 * would otherwise only ask once it is drawn (issue 11: login click to a usable board under 2.5 s). The board's
 * own queries then find the answers in the cache. Failures are left to those queries.
 */
/**
 * Stores what the login's answer carried for the board (decision 0053) as the answers of
 * `GET /api/v1/lotto59/config` and `GET /api/poll` would be. A poll cookie (seed §4) still wins, as it does over
 * `GET /api/poll`; without one the server's pool is written to it, as that call does.
 */
export function seedBoard(queryClient: QueryClient, board: LoginBoard): void {
  queryClient.setQueryData(lottoKeys.config(), board.config);
  if (readPollCookie() === null) {
    writePollCookie(board.poll);
    queryClient.setQueryData(lottoKeys.pool(), board.poll);
  }
}

export async function prefetchBoard(queryClient: QueryClient): Promise<void> {
  void queryClient.prefetchQuery(lottoConfigQueryOptions());
  try {
    const pool = await queryClient.fetchQuery(poolQueryOptions());
    await queryClient.prefetchQuery(playingQueryOptions(pool));
  } catch {
    // The board asks again, and shows its own error.
  }
}
