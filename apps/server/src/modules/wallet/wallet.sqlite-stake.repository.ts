import type SQLite from 'better-sqlite3';
import type { Riel } from '@lotto59/domain';
import type { TransferRow } from './wallet.table';

/**
 * The SQL of a SQLite stake batch (wallet.stake-batch.sqlite.ts), as prepared statements: better-sqlite3
 * runs them synchronously inside the batch's write transaction, with no round trip and no promise per
 * statement. The same statements as `wallet.repository.ts` writes through Kysely for one transfer.
 */
export class SqliteStakeStatements {
  private readonly account;
  private readonly system;
  private readonly transferByKey;
  private readonly debit;
  private readonly credit;
  private readonly insert;

  constructor(sqlite: SQLite.Database) {
    this.account = sqlite.prepare<[number], { id: number }>('select id from accounts where player_id = ?');
    this.system = sqlite.prepare<[string], { id: number; balance: Riel }>(
      'select id, balance from accounts where code = ?',
    );
    this.transferByKey = sqlite.prepare<[string], TransferRow>(
      'select * from transfers where idempotency_key = ?',
    );
    this.debit = sqlite.prepare<[Riel, number, Riel], { balance: Riel }>(
      'update accounts set balance = balance - ? where id = ? and (may_go_negative = 1 or balance >= ?) returning balance',
    );
    this.credit = sqlite.prepare<[Riel, number], { balance: Riel }>(
      'update accounts set balance = balance + ? where id = ? returning balance',
    );
    this.insert = sqlite.prepare<[string, string, number, number, Riel, Riel, Riel, string, number]>(
      `insert into transfers (idempotency_key, request_hash, kind, from_account_id, to_account_id, amount,
         from_balance_after, to_balance_after, reference, note, created_at_ms)
       values (?, ?, 'bet_stake', ?, ?, ?, ?, ?, ?, null, ?)`,
    );
  }

  playerAccountId(playerId: number): number | undefined {
    return this.account.get(playerId)?.id;
  }

  systemAccount(code: string): { id: number; balance: Riel } | undefined {
    return this.system.get(code);
  }

  transferByKeyOf(idempotencyKey: string): TransferRow | undefined {
    return this.transferByKey.get(idempotencyKey);
  }

  /** The conditional debit: the new balance, or undefined when the account does not cover it. */
  debitIfCovered(accountId: number, amount: Riel): Riel | undefined {
    return this.debit.get(amount, accountId, amount)?.balance;
  }

  creditAccount(accountId: number, amount: Riel): Riel | undefined {
    return this.credit.get(amount, accountId)?.balance;
  }

  /** A `bet_stake` transfer row; its id. */
  insertStake(
    row: Pick<
      TransferRow,
      | 'idempotency_key'
      | 'request_hash'
      | 'from_account_id'
      | 'to_account_id'
      | 'amount'
      | 'from_balance_after'
      | 'to_balance_after'
      | 'reference'
      | 'created_at_ms'
    > & { reference: string },
  ): number {
    const { lastInsertRowid } = this.insert.run(
      row.idempotency_key,
      row.request_hash,
      row.from_account_id,
      row.to_account_id,
      row.amount,
      row.from_balance_after,
      row.to_balance_after,
      row.reference,
      row.created_at_ms,
    );
    return Number(lastInsertRowid);
  }
}
