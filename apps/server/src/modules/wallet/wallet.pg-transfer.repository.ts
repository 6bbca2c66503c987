import type { Riel } from '@lotto59/domain';
import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../../db/database';
import type * as repo from './wallet.repository';

/**
 * A whole transfer as ONE PostgreSQL statement (`WalletService.transferNewWithin`, decision 0038): the
 * rows of `transferWithin` — both accounts locked in id order (the ledger's lock order), the conditional
 * debit, the credit, the transfer row with both balances after — in one round trip instead of three. The
 * key is not looked up first: a used key is refused by its unique index (23505), and the caller looks it
 * up then. No row when the debit is not covered (nothing changed, the two rows stay locked until the
 * caller's transaction or savepoint ends).
 */
export type NewTransferRow = Omit<repo.NewTransferRow, 'from_balance_after' | 'to_balance_after'>;

export interface MovedRow {
  id: number;
  from_balance_after: Riel;
  to_balance_after: Riel;
}

/**
 * The same transfer as common table expressions, for a caller that writes its own rows in the SAME
 * statement (as `stakeBatchCtes`): `transfer_moved(id, from_balance_after, to_balance_after)` has the
 * transfer's row, or none when the debit is not covered.
 */
export function newTransferCtes(row: NewTransferRow): RawBuilder<unknown> {
  return sql`
    transfer_locked as (
      select id from accounts
      where id in (cast(${row.from_account_id} as bigint), cast(${row.to_account_id} as bigint))
      order by id for update),
    transfer_debit as (
      update accounts set balance = balance - cast(${row.amount} as bigint)
      where id = cast(${row.from_account_id} as bigint) and (select count(*) from transfer_locked) = 2
        and (may_go_negative = 1 or balance >= cast(${row.amount} as bigint))
      returning balance),
    transfer_credit as (
      update accounts set balance = balance + cast(${row.amount} as bigint)
      where id = cast(${row.to_account_id} as bigint) and exists (select 1 from transfer_debit)
      returning balance),
    transfer_moved as (
      insert into transfers (idempotency_key, request_hash, kind, from_account_id, to_account_id, amount,
        from_balance_after, to_balance_after, reference, note, created_at_ms)
      select ${row.idempotency_key}, ${row.request_hash}, ${row.kind}, cast(${row.from_account_id} as bigint),
        cast(${row.to_account_id} as bigint), cast(${row.amount} as bigint), d.balance, c.balance,
        ${row.reference}, ${row.note}, cast(${row.created_at_ms} as bigint)
      from transfer_debit d, transfer_credit c
      returning id, from_balance_after, to_balance_after)`;
}

export async function transferInOneStatement(
  ex: Executor,
  row: NewTransferRow,
): Promise<MovedRow | undefined> {
  const { rows } = await sql<MovedRow>`
    with ${newTransferCtes(row)}
    select id, from_balance_after, to_balance_after from transfer_moved`.execute(ex);
  return rows[0];
}
