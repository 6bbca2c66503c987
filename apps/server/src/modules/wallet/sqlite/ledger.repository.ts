import type SQLite from 'better-sqlite3';
import type { Riel } from '@lotto59/domain';
import { onSqlite } from '../../../db/create-db';
import type { Db } from '../../../db/database';
import type { NewTransferRow } from '../wallet.repository';
import type { TransferRow } from '../wallet.table';

/** The ledger's statements of this database, prepared on first use; undefined on PostgreSQL. */
export function sqliteLedgerOf(db: Db): (() => SqliteLedgerStatements) | undefined {
  return onSqlite(db, (sqlite) => new SqliteLedgerStatements(sqlite));
}

/**
 * The ledger's SQL on SQLite, once, as prepared statements: the same statements as `wallet.repository.ts`
 * writes through Kysely, run synchronously by better-sqlite3 inside the caller's write transaction (≈ 3 µs
 * each against ≈ 15–35 µs through Kysely, docs/performance.md). Used by the synchronous transfer (the
 * seamless wallet's units), the stake batch and settlement's many credits. Amounts are cast to integer:
 * better-sqlite3 binds a JS number as REAL.
 */
export class SqliteLedgerStatements {
  private readonly accountOfPlayer;
  private readonly accountOfCode;
  private readonly transferByKey;
  private readonly debit;
  private readonly credit;
  private readonly insert;

  constructor(private readonly sqlite: SQLite.Database) {
    this.accountOfPlayer = sqlite.prepare<[number], { id: number; balance: Riel }>(
      'select id, balance from accounts where player_id = ?',
    );
    this.accountOfCode = sqlite.prepare<[string], { id: number; balance: Riel }>(
      'select id, balance from accounts where code = ?',
    );
    this.transferByKey = sqlite.prepare<[string], TransferRow>(
      'select * from transfers where idempotency_key = ?',
    );
    this.debit = sqlite.prepare<[Riel, number, Riel], { balance: Riel }>(
      `update accounts set balance = balance - cast(? as integer)
       where id = ? and (may_go_negative = 1 or balance >= ?) returning balance`,
    );
    this.credit = sqlite.prepare<[Riel, number], { balance: Riel }>(
      'update accounts set balance = balance + cast(? as integer) where id = ? returning balance',
    );
    this.insert = sqlite.prepare<
      [string, string, string, number, number, Riel, Riel, Riel, string | null, string | null, number]
    >(
      `insert into transfers (idempotency_key, request_hash, kind, from_account_id, to_account_id, amount,
         from_balance_after, to_balance_after, reference, note, created_at_ms)
       values (?, ?, ?, ?, ?, cast(? as integer), cast(? as integer), cast(? as integer), ?, ?, ?)`,
    );
  }

  playerAccount(playerId: number): { id: number; balance: Riel } | undefined {
    return this.accountOfPlayer.get(playerId);
  }

  /** A system account (`house`, `provider:3`, …) by its code. */
  systemAccount(code: string): { id: number; balance: Riel } | undefined {
    return this.accountOfCode.get(code);
  }

  transferByKeyOf(idempotencyKey: string): TransferRow | undefined {
    return this.transferByKey.get(idempotencyKey);
  }

  /** The conditional debit: the new balance, or undefined when the account does not cover it. */
  debitIfCovered(accountId: number, amount: Riel): Riel | undefined {
    return this.debit.get(amount, accountId, amount)?.balance;
  }

  /** The new balance, or undefined when there is no such account. */
  creditAccount(accountId: number, amount: Riel): Riel | undefined {
    return this.credit.get(amount, accountId)?.balance;
  }

  /** The transfer row; its id. */
  insertTransfer(row: NewTransferRow): number {
    const { lastInsertRowid } = this.insert.run(
      row.idempotency_key,
      row.request_hash,
      row.kind,
      row.from_account_id,
      row.to_account_id,
      row.amount,
      row.from_balance_after,
      row.to_balance_after,
      row.reference,
      row.note,
      row.created_at_ms,
    );
    return Number(lastInsertRowid);
  }

  /** Adds each amount to its account (settlement's credits); the balances after. */
  creditMany(credits: readonly { accountId: number; amount: Riel }[]): { id: number; balance: Riel }[] {
    this.inTransaction();
    return credits.map((c) => {
      const balance = this.creditAccount(c.accountId, c.amount);
      if (balance === undefined) throw new Error(`account ${String(c.accountId)} not found`);
      return { id: c.accountId, balance };
    });
  }

  /** Inserts the rows in order; their ids, in the same order. */
  insertTransfers(rows: readonly NewTransferRow[]): number[] {
    this.inTransaction();
    return rows.map((row) => this.insertTransfer(row));
  }

  /** Only inside the caller's transaction: a statement outside it would commit on its own. */
  private inTransaction(): void {
    if (!this.sqlite.inTransaction) throw new Error('wallet credit statements run inside a transaction');
  }
}
