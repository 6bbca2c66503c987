import type SQLite from 'better-sqlite3';
import { assert, type Riel } from '@lotto59/domain';
import { AppError } from '../../errors/app-error';
import { replay, type TransferReceipt } from './wallet.service';
import { stakeRequestHash } from './wallet.stake-sql';

type Row = Record<string, number | string | null>;

/**
 * Stake debits for the bet engine's group commit on SQLite: the same transfers as
 * `WalletService.transferWithin` (idempotency key, conditional debit, immutable transfer row with both
 * balances after), written with prepared statements inside ONE caller-held write transaction, and the
 * house — the hot row every stake credits — updated once per batch with the sum. Each transfer row still
 * records the house balance after it, as if the credits had been applied one by one, so the ledger
 * reconciles at every commit.
 *
 * Use: `begin()` inside the write transaction, `stake()` per submission, `finish()` before the commit.
 * Any throw other than `stake()`'s refusals leaves the batch half-written: the caller must roll the
 * whole transaction back.
 */
export class SqliteStakeBatch {
  private readonly statements;
  private readonly accountIds = new Map<number, number>();
  private houseId: number | undefined;
  private houseBalance = 0;
  private houseCredit = 0;

  constructor(private readonly sqlite: SQLite.Database) {
    this.statements = {
      account: sqlite.prepare<[number], Row>('select id from accounts where player_id = ?'),
      system: sqlite.prepare<[string], Row>('select id, balance from accounts where code = ?'),
      transferByKey: sqlite.prepare<[string], Row>('select * from transfers where idempotency_key = ?'),
      debit: sqlite.prepare<[number, number, number], Row>(
        'update accounts set balance = balance - ? where id = ? and (may_go_negative = 1 or balance >= ?) returning balance',
      ),
      credit: sqlite.prepare<[number, number], Row>(
        'update accounts set balance = balance + ? where id = ? returning balance',
      ),
      insert: sqlite.prepare(
        `insert into transfers (idempotency_key, request_hash, kind, from_account_id, to_account_id, amount,
           from_balance_after, to_balance_after, reference, note, created_at_ms)
         values (?, ?, 'bet_stake', ?, ?, ?, ?, ?, ?, null, ?)`,
      ),
    };
  }

  begin(): void {
    assert(this.sqlite.inTransaction, 'a stake batch runs inside a write transaction');
    const house = this.statements.system.get('house');
    assert(house, 'system account house is missing');
    this.houseId = Number(house.id);
    this.houseBalance = Number(house.balance);
    this.houseCredit = 0;
  }

  /**
   * One stake player → house. Refusals (INSUFFICIENT_FUNDS, IDEMPOTENCY_KEY_REUSED, NOT_FOUND) are
   * AppErrors thrown before anything is written; the conditional debit is the first write.
   */
  stake(cmd: {
    playerId: number;
    amount: Riel;
    idempotencyKey: string;
    reference: string;
    nowMs: number;
  }): TransferReceipt {
    const houseId = this.houseId;
    assert(houseId !== undefined, 'begin() first');
    assert(Number.isSafeInteger(cmd.amount) && cmd.amount > 0, 'transfer amount must be a positive integer');
    const fromId = this.playerAccountId(cmd.playerId);
    const hash = stakeRequestHash(fromId, houseId, cmd.amount, cmd.reference, cmd.idempotencyKey);
    const existing = this.statements.transferByKey.get(cmd.idempotencyKey);
    if (existing) return replay(existing as never, hash);
    const debited = this.statements.debit.get(cmd.amount, fromId, cmd.amount);
    if (!debited) throw new AppError('INSUFFICIENT_FUNDS');
    const fromBalanceAfter = Number(debited.balance);
    const toBalanceAfter = this.houseBalance + this.houseCredit + cmd.amount;
    const { lastInsertRowid } = this.statements.insert.run(
      cmd.idempotencyKey,
      hash,
      fromId,
      houseId,
      cmd.amount,
      fromBalanceAfter,
      toBalanceAfter,
      cmd.reference,
      cmd.nowMs,
    );
    this.houseCredit += cmd.amount;
    return {
      transferId: Number(lastInsertRowid),
      replayed: false,
      amount: cmd.amount,
      fromAccountId: fromId,
      toAccountId: houseId,
      fromBalanceAfter: fromBalanceAfter as Riel,
      toBalanceAfter: toBalanceAfter as Riel,
      createdAtMs: cmd.nowMs,
    };
  }

  /** Credits the house with the batch's stakes in one statement; checks it lands where the rows say. */
  finish(): void {
    assert(this.houseId !== undefined, 'begin() first');
    if (this.houseCredit > 0) {
      const row = this.statements.credit.get(this.houseCredit, this.houseId);
      assert(
        Number(row?.balance) === this.houseBalance + this.houseCredit,
        'house balance drifted in a batch',
      );
    }
    this.houseId = undefined;
  }

  private playerAccountId(playerId: number): number {
    let id = this.accountIds.get(playerId);
    if (id === undefined) {
      const row = this.statements.account.get(playerId);
      if (!row) throw new AppError('NOT_FOUND', 'Account not found.');
      id = Number(row.id);
      this.accountIds.set(playerId, id);
    }
    return id;
  }
}
