import { BALL_MAX, BALL_MIN } from '../lotto59/constants';

/*
 * The player's saved favourite numbers (issue 26, item 5): a short list per game, kept on the server per player.
 * Lotto 59 keeps balls 1–59; the lottery keeps 2-digit (00–99) and 3-digit (000–999) numbers, written with
 * their leading zeros as the ticket shows them.
 */
export const FAVOURITE_GAMES = ['LOTTO59', 'LOTTERY_2D', 'LOTTERY_3D'] as const;
export type FavouriteGame = (typeof FAVOURITE_GAMES)[number];

/** At most this many numbers a game: a favourites row, not a second ticket. */
export const FAVOURITES_MAX = 20;

/** The digits of a lottery number of the game (2D: 00–99, 3D: 000–999). */
export const favouriteDigits = (game: Exclude<FavouriteGame, 'LOTTO59'>): 2 | 3 =>
  game === 'LOTTERY_2D' ? 2 : 3;

/**
 * A favourites list as kept: each value checked for the game, duplicates dropped, in ascending order. Null when
 * a value is not a number of the game or the list is longer than `FAVOURITES_MAX` (the caller refuses it).
 */
export function normaliseFavourites(game: FavouriteGame, values: readonly string[]): string[] | null {
  const valid =
    game === 'LOTTO59'
      ? (v: string) => /^\d{1,2}$/.test(v) && Number(v) >= BALL_MIN && Number(v) <= BALL_MAX
      : (v: string) => new RegExp(`^\\d{${favouriteDigits(game)}}$`).test(v);
  if (!values.every(valid)) return null;
  const canonical = game === 'LOTTO59' ? values.map((v) => String(Number(v))) : [...values];
  const unique = [...new Set(canonical)].sort((a, b) => Number(a) - Number(b));
  return unique.length <= FAVOURITES_MAX ? unique : null;
}
