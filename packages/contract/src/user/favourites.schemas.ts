import { FAVOURITE_GAMES, FAVOURITES_MAX } from '@lotto59/domain';
import { z } from 'zod/mini';

/** `PUT /api/v1/favourites/:game`: the whole list (the domain's `normaliseFavourites` checks each number). */
export const favouritesGameParamsSchema = z.strictObject({ game: z.enum(FAVOURITE_GAMES) });
export const setFavouritesRequestSchema = z.strictObject({
  numbers: z.array(z.string().check(z.maxLength(3))).check(z.maxLength(FAVOURITES_MAX * 2)),
});
export type SetFavouritesRequest = z.infer<typeof setFavouritesRequestSchema>;

/** `GET /api/v1/favourites`: the signed-in player's own lists, one per game (empty when none is saved). */
export const favouritesSchema = z.object({
  LOTTO59: z.array(z.string()),
  LOTTERY_2D: z.array(z.string()),
  LOTTERY_3D: z.array(z.string()),
});
export type Favourites = z.infer<typeof favouritesSchema>;
