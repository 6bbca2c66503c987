import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../../db/database';
import type { ProviderCode, ProviderTokensTable } from '../providers.table';

// All SQL of the game tokens (launch codes, expiry, retirement). Each function takes the executor first, so
// that it runs inside the caller's transaction.

export type TokenRow = Selectable<ProviderTokensTable>;

export async function insertToken(ex: Executor, row: Insertable<ProviderTokensTable>): Promise<number> {
  const inserted = await ex
    .insertInto('provider_tokens')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export function findTokenById(ex: Executor, id: number) {
  return ex.selectFrom('provider_tokens').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A fresh launch code on a live, unexpired token (a fishing session launched again). */
export function rearmLaunchCode(
  ex: Executor,
  id: number,
  codeHash: string,
  codeExpiresMs: number,
  nowMs: number,
) {
  return ex
    .updateTable('provider_tokens')
    .set({ launch_code_hash: codeHash, launch_code_expires_ms: codeExpiresMs })
    .where('id', '=', id)
    .where('retired_at_ms', 'is', null)
    .where('expires_ms', '>', nowMs)
    .where('hard_expires_ms', '>', nowMs)
    .returningAll()
    .executeTakeFirst();
}

export async function retireToken(ex: Executor, id: number, nowMs: number): Promise<void> {
  await ex
    .updateTable('provider_tokens')
    .set({ retired_at_ms: nowMs, launch_code_hash: null, launch_code_expires_ms: null })
    .where('id', '=', id)
    .where('retired_at_ms', 'is', null)
    .execute();
}

/** A new launch of a game retires the player's older live tokens of it (providers.md §5). */
export async function retireTokensOfGame(
  ex: Executor,
  key: { playerId: number; provider: ProviderCode; gameCode: string },
  nowMs: number,
): Promise<void> {
  await ex
    .updateTable('provider_tokens')
    .set({ retired_at_ms: nowMs, launch_code_hash: null, launch_code_expires_ms: null })
    .where('player_id', '=', key.playerId)
    .where('provider', '=', key.provider)
    .where('game_code', '=', key.gameCode)
    .where('retired_at_ms', 'is', null)
    .execute();
}

export function findTokenByHash(ex: Executor, tokenHash: string) {
  return ex.selectFrom('provider_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Takes a launch code once: one conditional statement, so that two exchanges of the same code cannot
 * both succeed. Only an unexpired code of a live token of this provider is taken.
 */
export function takeLaunchCode(ex: Executor, codeHash: string, provider: ProviderCode, nowMs: number) {
  return ex
    .updateTable('provider_tokens')
    .set({ launch_code_hash: null, launch_code_expires_ms: null })
    .where('launch_code_hash', '=', codeHash)
    .where('provider', '=', provider)
    .where('launch_code_expires_ms', '>=', nowMs)
    .where('retired_at_ms', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Slides a live token's expiry to `expiresMs` (already capped at its hard expiry by the caller). */
export async function extendToken(ex: Executor, id: number, expiresMs: number, nowMs: number): Promise<void> {
  await ex
    .updateTable('provider_tokens')
    .set({ expires_ms: expiresMs })
    .where('id', '=', id)
    .where('expires_ms', '>', nowMs)
    .where('expires_ms', '<', expiresMs)
    .execute();
}
