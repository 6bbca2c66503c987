import type { FavouriteGame } from '@lotto59/domain';

/** `favourite_numbers` (migration 0021): a player's saved numbers of one game. */
export interface FavouriteNumbersTable {
  player_id: number;
  game: FavouriteGame;
  /** Comma-separated canonical numbers (`normaliseFavourites`), '' for none. */
  numbers: string;
  updated_at_ms: number;
}
