import type { Pool } from '@lotto59/domain';
import type { Executor } from '../../../db/database';

export async function findPlayerPool(ex: Executor, playerId: number): Promise<Pool | undefined> {
  const row = await ex
    .selectFrom('lotto59_player_pools')
    .select('poll')
    .where('player_id', '=', playerId)
    .executeTakeFirst();
  return row?.poll;
}

export async function savePlayerPool(
  ex: Executor,
  playerId: number,
  poll: Pool,
  nowMs: number,
): Promise<void> {
  await ex
    .insertInto('lotto59_player_pools')
    .values({ player_id: playerId, poll, updated_at_ms: nowMs })
    .onConflict((oc) => oc.column('player_id').doUpdateSet({ poll, updated_at_ms: nowMs }))
    .execute();
}
