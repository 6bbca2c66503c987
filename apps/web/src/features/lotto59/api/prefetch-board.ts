import type { QueryClient } from '@tanstack/react-query';
import { poolQueryOptions } from './get-pool';
import { lottoConfigQueryOptions } from './get-lotto-config';
import { playingQueryOptions } from './get-rounds';

/**
 * Starts what the board needs to be usable (the player's pool, then its open round; the rates) the moment a
 * login succeeds, while the screen is still changing: on 3G each call is a 0.6 s round trip, and the board
 * would otherwise only ask once it is drawn (issue 11: login click to a usable board under 2.5 s). The board's
 * own queries then find the answers in the cache. Failures are left to those queries.
 */
export async function prefetchBoard(queryClient: QueryClient): Promise<void> {
  void queryClient.prefetchQuery(lottoConfigQueryOptions());
  try {
    const pool = await queryClient.fetchQuery(poolQueryOptions());
    await queryClient.prefetchQuery(playingQueryOptions(pool));
  } catch {
    // The board asks again, and shows its own error.
  }
}
