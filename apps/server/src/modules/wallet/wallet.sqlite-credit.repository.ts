import type SQLite from 'better-sqlite3';
import type { Riel } from '@lotto59/domain';
import type { NewTransferRow } from './wallet.repository';

/**
 * The writes of a SQLite `creditManyWithin` (a settlement's payouts) as prepared statements: one credit
 * per account and one insert per transfer, run synchronously inside the caller's transaction. The same
 * rows `wallet.repository.ts` writes through Kysely by chunks, whose multi-row statements cost more to
 * build and parse than the rows cost to write (a lottery draw pays ~53,000 tickets: docs/performance.md).
 * Amounts are cast to integer: better-sqlite3 binds JS numbers as REAL.
 */
export class SqliteCreditStatements {
  private readonly credit;
  private readonly insert;

  constructor(private readonly sqlite: SQLite.Database) {
    this.credit = sqlite.prepare<[Riel, number], { id: number; balance: Riel }>(
      'update accounts set balance = balance + cast(? as integer) where id = ? returning id, balance',
    );
    this.insert = sqlite.prepare<
      [string, string, string, number, number, Riel, Riel, Riel, string | null, string | null, number]
    >(
      `insert into transfers (idempotency_key, request_hash, kind, from_account_id, to_account_id, amount,
         from_balance_after, to_balance_after, reference, note, created_at_ms)
       values (?, ?, ?, ?, ?, cast(? as integer), cast(? as integer), cast(? as integer), ?, ?, ?)`,
    );
  }

  /** Only inside the caller's transaction: a statement outside it would commit on its own. */
  private inTransaction(): void {
    if (!this.sqlite.inTransaction) throw new Error('wallet credit statements run inside a transaction');
  }

  /** Adds each amount to its account; the balances after. */
  creditMany(credits: readonly { accountId: number; amount: Riel }[]): { id: number; balance: Riel }[] {
    this.inTransaction();
    return credits.map((c) => {
      const row = this.credit.get(c.amount, c.accountId);
      if (!row) throw new Error(`account ${String(c.accountId)} not found`);
      return row;
    });
  }

  /** Inserts the rows in order; their ids, in the same order. */
  insertTransfers(rows: readonly NewTransferRow[]): number[] {
    this.inTransaction();
    return rows.map((r) =>
      Number(
        this.insert.run(
          r.idempotency_key,
          r.request_hash,
          r.kind,
          r.from_account_id,
          r.to_account_id,
          r.amount,
          r.from_balance_after,
          r.to_balance_after,
          r.reference,
          r.note,
          r.created_at_ms,
        ).lastInsertRowid,
      ),
    );
  }
}
