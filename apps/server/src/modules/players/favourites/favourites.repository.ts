import type { FavouriteGame } from '@lotto59/domain';
import type { Executor } from '../../../db/database';

/** The player's rows of `favourite_numbers` (one per game they saved). */
export function listFavourites(ex: Executor, playerId: number) {
  return ex
    .selectFrom('favourite_numbers')
    .select(['game', 'numbers'])
    .where('player_id', '=', playerId)
    .execute();
}

/** Saves one game's list whole: one upsert on (player, game), so two saves never make two rows. */
export async function saveFavourites(
  ex: Executor,
  row: { player_id: number; game: FavouriteGame; numbers: string; updated_at_ms: number },
): Promise<void> {
  await ex
    .insertInto('favourite_numbers')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['player_id', 'game'])
        .doUpdateSet({ numbers: row.numbers, updated_at_ms: row.updated_at_ms }),
    )
    .execute();
}
