import { rawSqliteOf } from '../../../db/create-db';
import type { Db } from '../../../db/database';
import { AppError } from '../../../errors/app-error';

/**
 * Whether the operator disabled a player, as a synchronous read of what the caller's open transaction sees:
 * a prepared statement on SQLite's handle, for a unit of the seamless wallet's group commit. An unknown
 * player throws NOT_FOUND, as `PlayersService.byId` does. Undefined where the database has no synchronous
 * reads.
 */
export function syncDisabledFlag(db: Db): ((playerId: number) => boolean) | undefined {
  const sqlite = rawSqliteOf(db);
  if (!sqlite) return undefined;
  const disabledOf = sqlite.prepare<[number], { disabled: 0 | 1 }>(
    'select disabled from players where id = ?',
  );
  return (playerId) => {
    const player = disabledOf.get(playerId);
    if (!player) throw new AppError('NOT_FOUND', 'Player not found.');
    return player.disabled === 1;
  };
}
