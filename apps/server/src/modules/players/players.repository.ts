import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database';

export function findPlayerById(ex: Executor, id: number) {
  return ex.selectFrom('players').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Whether the operator disabled the player `playerId` (a column of the caller's statement, or a value), as an
 * expression of the caller's own statement.
 */
export function playerDisabledSql(playerId: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`exists (select 1 from players p where p.id = ${playerId} and p.disabled = 1)`;
}

export function findPlayerByUsername(ex: Executor, username: string) {
  return ex
    .selectFrom('players')
    .selectAll()
    .where('username_key', '=', username.trim().toLowerCase())
    .executeTakeFirst();
}

export async function insertPlayer(
  ex: Executor,
  row: { username: string; passwordHash: string; isDemo: boolean; nowMs: number },
): Promise<number> {
  const { id } = await ex
    .insertInto('players')
    .values({
      username: row.username,
      username_key: row.username.toLowerCase(),
      password_hash: row.passwordHash,
      enable_lottery: 0,
      enable_fast_game_play: 0,
      enabled_poll_1: 1,
      is_loading: 0,
      is_demo: row.isDemo ? 1 : 0,
      disabled: 0,
      created_at_ms: row.nowMs,
      updated_at_ms: row.nowMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export type PlayerFlagColumns = Record<
  'enable_lottery' | 'enable_fast_game_play' | 'enabled_poll_1' | 'disabled',
  0 | 1
>;

export async function updatePlayerFlags(
  ex: Executor,
  id: number,
  flags: Partial<PlayerFlagColumns>,
  nowMs: number,
): Promise<void> {
  await ex
    .updateTable('players')
    .set({ ...flags, updated_at_ms: nowMs })
    .where('id', '=', id)
    .execute();
}

export async function updatePasswordHash(ex: Executor, id: number, hash: string, nowMs: number) {
  await ex
    .updateTable('players')
    .set({ password_hash: hash, updated_at_ms: nowMs })
    .where('id', '=', id)
    .execute();
}
