import { assert, type Riel } from '@lotto59/domain';
import { AppError } from '../../../errors/app-error';
import type { Clock } from '../../../platform/clock';
import {
  assertTransferAmount,
  replayOf,
  requestHash,
  toTransferReceipt,
  type AccountRef,
  type SystemAccount,
  type TransferCommand,
  type TransferReceipt,
} from '../wallet.ledger';
import type { NewTransferRow } from '../wallet.repository';
import type { SqliteLedgerStatements } from './ledger.repository';

/**
 * `WalletService.transferWithin` on SQLite's raw handle, synchronous: the same rows in the same order
 * (idempotency key checked first, the two account rows in id order, the conditional debit, the immutable
 * transfer row with both balances after) and the same refusals (INSUFFICIENT_FUNDS,
 * IDEMPOTENCY_KEY_REUSED, NOT_FOUND). For hot paths that already run inside a write transaction on the
 * raw handle (the seamless wallet's group commit): the caller owns the transaction, and a refusal thrown
 * after the first write must roll back to the caller's savepoint, as with `transferWithin`.
 */
export class SqliteTransfers {
  private readonly systemAccountIds = new Map<SystemAccount, number>();

  /**
   * `playerAccountIds`: the wallet service's map of player → account id (`knownPlayerAccountId`), shared:
   * an id never changes, so a move reads it once per player, not once per move (decision 0032). What this
   * class adds to it is read inside a move's transaction, where no account is ever created (players open
   * their accounts in their own transactions), so it is a committed account, as the service requires.
   * Without the map, a player's account id is read in the caller's transaction every time (the general
   * `WalletService.transferWithin`, whose caller may be opening the account).
   */
  constructor(
    private readonly sql: SqliteLedgerStatements,
    private readonly clock: Clock,
    private readonly playerAccountIds?: Map<number, number>,
  ) {}

  transferWithin(cmd: TransferCommand): TransferReceipt {
    assertTransferAmount(cmd.amount);
    const fromId = this.resolve(cmd.from);
    const toId = this.resolve(cmd.to);
    assert(fromId !== toId, 'a transfer needs two different accounts');
    const hash = requestHash({ ...cmd, fromId, toId });
    const existing = this.sql.transferByKeyOf(cmd.idempotencyKey);
    if (existing) return replayOf(existing, hash);

    // The two rows in id order, as transferWithin does (the same writes, whatever the dialect).
    let fromBalanceAfter: Riel | undefined;
    let toBalanceAfter: Riel | undefined;
    if (fromId < toId) {
      fromBalanceAfter = this.sql.debitIfCovered(fromId, cmd.amount);
      if (fromBalanceAfter === undefined) throw new AppError('INSUFFICIENT_FUNDS');
      toBalanceAfter = this.sql.creditAccount(toId, cmd.amount);
    } else {
      toBalanceAfter = this.sql.creditAccount(toId, cmd.amount);
      fromBalanceAfter = this.sql.debitIfCovered(fromId, cmd.amount);
      if (fromBalanceAfter === undefined) throw new AppError('INSUFFICIENT_FUNDS');
    }
    assert(toBalanceAfter !== undefined, 'the credited account is missing');

    const row: NewTransferRow = {
      idempotency_key: cmd.idempotencyKey,
      request_hash: hash,
      kind: cmd.kind,
      from_account_id: fromId,
      to_account_id: toId,
      amount: cmd.amount,
      from_balance_after: fromBalanceAfter,
      to_balance_after: toBalanceAfter,
      reference: cmd.reference ?? null,
      note: cmd.note ?? null,
      created_at_ms: this.clock.nowMs(),
    };
    return toTransferReceipt({ ...row, id: this.sql.insertTransfer(row) }, false);
  }

  /** The player's balance as the caller's transaction sees it. */
  playerBalance(playerId: number): Riel {
    const account = this.sql.playerAccount(playerId);
    if (!account) throw new AppError('NOT_FOUND', 'Account not found.');
    return account.balance;
  }

  private resolve(ref: AccountRef): number {
    if ('accountId' in ref) return ref.accountId;
    if ('playerId' in ref) {
      const known = this.playerAccountIds?.get(ref.playerId);
      if (known !== undefined) return known;
      const id = this.sql.playerAccount(ref.playerId)?.id;
      if (id === undefined) throw new AppError('NOT_FOUND', 'Account not found.');
      this.playerAccountIds?.set(ref.playerId, id);
      return id;
    }
    let id = this.systemAccountIds.get(ref.system);
    if (id === undefined) {
      id = this.sql.systemAccount(ref.system)?.id;
      assert(id !== undefined, `system account ${ref.system} is missing`);
      this.systemAccountIds.set(ref.system, id);
    }
    return id;
  }
}
