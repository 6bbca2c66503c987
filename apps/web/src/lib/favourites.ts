import type { Favourites } from '@lotto59/contract';
import type { FavouriteGame } from '@lotto59/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';

/**
 * A player's saved numbers, shared by every game's picker (lotto 59's board and the lottery's digit picker):
 * the lists of every game come in one answer under one key, so it lives here rather than in either feature.
 */
const favouritesKey = ['favourites'] as const;

/** `GET /api/v1/favourites`: the signed-in player's saved numbers, a list per game (issue 26, item 5). */
export const favouritesQueryOptions = () =>
  queryOptions({
    queryKey: favouritesKey,
    queryFn: ({ signal }) =>
      http.get('/api/v1/favourites', { schema: lazySchema((s) => s.favouritesSchema), signal }),
    staleTime: Infinity,
  });

export function useFavourites(game: FavouriteGame): string[] {
  return useQuery(favouritesQueryOptions()).data?.[game] ?? [];
}

/** `PUT /api/v1/favourites/:game`: saves the whole list; the answer (every list) replaces the cache. */
export function useSaveFavourites(game: FavouriteGame) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (numbers: readonly string[]) =>
      http.put(`/api/v1/favourites/${game}`, {
        body: { numbers: [...numbers] },
        schema: lazySchema((s) => s.favouritesSchema),
      }),
    onSuccess: (lists: Favourites) => queryClient.setQueryData(favouritesKey, lists),
  });
}
