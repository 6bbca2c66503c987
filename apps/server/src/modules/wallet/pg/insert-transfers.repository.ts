import { sql, type RawBuilder } from 'kysely';

/**
 * The ledger's one `insert into transfers` on PostgreSQL, for the rows of `select` (its columns in this
 * order): a settlement's many credits, a stake batch, a provider batch's system halves. The caller adds its
 * own `returning`. The row is immutable once written (migration 0017's triggers refuse a change to a sealed
 * one), so this is the only statement of the dialect that writes transfers.
 */
export function insertTransfers(select: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    insert into transfers (idempotency_key, request_hash, kind, from_account_id, to_account_id, amount,
      from_balance_after, to_balance_after, reference, note, created_at_ms)
    ${select}`;
}
