import type { Riel } from '@lotto59/domain';
import { sql } from 'kysely';
import type { Executor } from '../../db/database';
import type { NewTransferRow } from './wallet.repository';

/**
 * A whole transfer as ONE PostgreSQL statement (`WalletService.transferNewWithin`, decision 0038): the
 * rows of `transferWithin` — both accounts locked in id order (the ledger's lock order), the conditional
 * debit, the credit, the transfer row with both balances after — in one round trip instead of three. The
 * key is not looked up first: a used key is refused by its unique index (23505), and the caller looks it
 * up then. No row when the debit is not covered (nothing changed, the two rows stay locked until the
 * caller's transaction or savepoint ends).
 */
export async function transferInOneStatement(
  ex: Executor,
  row: Omit<NewTransferRow, 'from_balance_after' | 'to_balance_after'>,
): Promise<{ id: number; from_balance_after: Riel; to_balance_after: Riel } | undefined> {
  const { rows } = await sql<{ id: number; from_balance_after: Riel; to_balance_after: Riel }>`
    with locked as (
      select id from accounts
      where id in (cast(${row.from_account_id} as bigint), cast(${row.to_account_id} as bigint))
      order by id for update),
    debit as (
      update accounts set balance = balance - cast(${row.amount} as bigint)
      where id = cast(${row.from_account_id} as bigint) and (select count(*) from locked) = 2
        and (may_go_negative = 1 or balance >= cast(${row.amount} as bigint))
      returning balance),
    credit as (
      update accounts set balance = balance + cast(${row.amount} as bigint)
      where id = cast(${row.to_account_id} as bigint) and exists (select 1 from debit)
      returning balance)
    insert into transfers (idempotency_key, request_hash, kind, from_account_id, to_account_id, amount,
      from_balance_after, to_balance_after, reference, note, created_at_ms)
    select ${row.idempotency_key}, ${row.request_hash}, ${row.kind}, cast(${row.from_account_id} as bigint),
      cast(${row.to_account_id} as bigint), cast(${row.amount} as bigint), debit.balance, credit.balance,
      ${row.reference}, ${row.note}, cast(${row.created_at_ms} as bigint)
    from debit, credit
    returning id, from_balance_after, to_balance_after`.execute(ex);
  return rows[0];
}
