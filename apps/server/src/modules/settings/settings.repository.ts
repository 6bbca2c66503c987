import type { Executor } from '../../db/database';

export async function readSetting(ex: Executor, key: string): Promise<string | undefined> {
  const row = await ex.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function writeSetting(ex: Executor, key: string, value: string, nowMs: number): Promise<void> {
  await ex
    .insertInto('settings')
    .values({ key, value, updated_at_ms: nowMs })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at_ms: nowMs }))
    .execute();
}

/** Inserts only when absent and returns the stored value: the first process to start wins. */
export async function ensureSetting(
  ex: Executor,
  key: string,
  value: string,
  nowMs: number,
): Promise<string> {
  await ex
    .insertInto('settings')
    .values({ key, value, updated_at_ms: nowMs })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await readSetting(ex, key)) ?? value;
}
