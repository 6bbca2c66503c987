import type { Riel } from '@lotto59/domain';
import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../../db/database';
import type { NewTransferRow } from '../wallet.repository';
import type { TransfersTable } from '../wallet.table';
import { insertTransfers as insertTransfersFrom } from './insert-transfers.repository';
import { pgArray } from '../../../db/pg-array';

/*
 * The reads and writes of a PostgreSQL `creditManyWithin` (a settlement's 10,000 payouts), each ONE
 * statement whatever the number of credits: the values go as a few array parameters and come out of
 * `unnest`, instead of multi-row statements by chunks of 1,000 whose every value is a parameter to
 * build, send and parse (110,000 of them for 10,000 transfer rows). The same rows as `transferWithin`
 * would write one by one (docs/decisions/0027).
 */

export async function findPlayerAccounts(ex: Executor, playerIds: readonly number[]) {
  const { rows } = await sql<{ id: number; player_id: number }>`
    select id, player_id from accounts where player_id = any(cast(${pgArray(playerIds)} as bigint[]))`.execute(
    ex,
  );
  return rows;
}

export async function findTransfersByKeys(ex: Executor, keys: readonly string[]) {
  const { rows } = await sql<Selectable<TransfersTable>>`
    select * from transfers where idempotency_key = any(cast(${pgArray(keys)} as text[]))`.execute(ex);
  return rows;
}

/** Adds each amount to its account (at most one credit per account); the balances after. */
export async function creditMany(ex: Executor, credits: readonly { accountId: number; amount: Riel }[]) {
  const { rows } = await sql<{ id: number; balance: Riel }>`
    update accounts set balance = accounts.balance + v.amount
    from unnest(cast(${pgArray(credits.map((c) => c.accountId))} as bigint[]),
                cast(${pgArray(credits.map((c) => c.amount))} as bigint[])) as v(id, amount)
    where accounts.id = v.id
    returning accounts.id, accounts.balance`.execute(ex);
  return rows;
}

export async function insertTransfers(ex: Executor, transfers: readonly NewTransferRow[]) {
  const column = <K extends keyof NewTransferRow>(key: K) => transfers.map((t) => t[key]);
  const { rows } = await sql<{ id: number; idempotency_key: string }>`
    ${insertTransfersFrom(sql`select * from unnest(
      cast(${pgArray(column('idempotency_key'))} as text[]), cast(${pgArray(column('request_hash'))} as text[]),
      cast(${pgArray(column('kind'))} as text[]), cast(${pgArray(column('from_account_id'))} as bigint[]),
      cast(${pgArray(column('to_account_id'))} as bigint[]), cast(${pgArray(column('amount'))} as bigint[]),
      cast(${pgArray(column('from_balance_after'))} as bigint[]), cast(${pgArray(column('to_balance_after'))} as bigint[]),
      cast(${pgArray(column('reference'))} as text[]), cast(${pgArray(column('note'))} as text[]),
      cast(${pgArray(column('created_at_ms'))} as bigint[]))`)}
    returning id, idempotency_key`.execute(ex);
  return rows;
}
