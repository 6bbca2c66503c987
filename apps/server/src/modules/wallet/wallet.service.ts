import type { RawBuilder } from 'kysely';
import { assert, type Riel } from '@lotto59/domain';
import type { Db, Executor } from '../../db/database';
import type { BatchUnit } from '../../db/group-transaction';
import { isUniqueViolation, retryOnConflict } from '../../db/db-errors';
import { AppError } from '../../errors/app-error';
import type { Clock } from '../../platform/clock';
import { creditManyWithin, type CreditManyCommand } from './wallet.credit-many';
import { sqliteLedgerOf, type SqliteLedgerStatements } from './sqlite/ledger.repository';
import {
  assertTransferAmount,
  replayOf,
  requestHash,
  toTransferReceipt,
  type AccountRef,
  type DebitGuard,
  type SystemAccount,
  type TransferCommand,
  type TransferReceipt,
} from './wallet.ledger';
import {
  movedBy,
  playerLegCtes,
  writeSystemLegs,
  type MovedRow,
  type NewTransferRow,
  type SystemLeg,
} from './pg/transfer.repository';
import * as repo from './wallet.repository';
import { SqliteTransfers } from './sqlite/transfers';
import type { StatementKind } from './wallet.repository';

export interface ReconcileReport {
  ok: boolean;
  sumOfBalances: number;
  negativePlayerAccounts: number;
  accounts: number;
  unbalanced: { id: number; code: string; balance: number; computed: number }[];
}

/**
 * The ledger: double-entry accounts and immutable transfers. Every riel that moves goes through
 * `transfer`, inside a database transaction, with a conditional debit and an idempotency key.
 */
export class WalletService {
  private readonly systemAccountIds = new Map<SystemAccount, number>();
  private readonly playerAccountIds = new Map<number, number>();
  private sqliteTransfersOfDb: SqliteTransfers | null | undefined;

  /** SQLite: the ledger's prepared statements (made on first use); undefined on PostgreSQL. */
  private readonly sqlite: (() => SqliteLedgerStatements) | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.sqlite = sqliteLedgerOf(db);
  }

  /** Moves money in its own transaction; retried on lost races, replayed on a reused key. */
  transfer(cmd: TransferCommand): Promise<TransferReceipt> {
    return retryOnConflict(async () => {
      try {
        return await this.db.transaction().execute((trx) => this.transferWithin(trx, cmd));
      } catch (error) {
        // A concurrent request with the same key committed first: running again answers with its result.
        if (isUniqueViolation(error)) {
          return this.db.transaction().execute((trx) => this.transferWithin(trx, cmd));
        }
        throw error;
      }
    });
  }

  /**
   * Moves money inside the caller's transaction (a bet's stake is debited with the bet rows). A stake's
   * `guard` (responsible gaming) runs first, before any account is locked: in the key's lookup on PostgreSQL.
   */
  async transferWithin(trx: Executor, cmd: TransferCommand, guard?: DebitGuard): Promise<TransferReceipt> {
    assertTransferAmount(cmd.amount);
    const [fromId, toId] = await Promise.all([this.resolve(trx, cmd.from), this.resolve(trx, cmd.to)]);
    assert(fromId !== toId, 'a transfer needs two different accounts');
    const hash = requestHash({ ...cmd, fromId, toId });
    const existing = guard
      ? await this.guardedKeyLookup(trx, cmd.idempotencyKey, guard)
      : await repo.findTransferByKey(trx, cmd.idempotencyKey);
    if (existing) return replayOf(existing, hash);

    // Lock the two rows in id order so that opposite transfers cannot deadlock on PostgreSQL.
    let fromBalanceAfter: Riel | undefined;
    let toBalanceAfter: Riel;
    if (fromId < toId) {
      fromBalanceAfter = await repo.debitIfCovered(trx, fromId, cmd.amount);
      if (fromBalanceAfter === undefined) throw new AppError('INSUFFICIENT_FUNDS');
      toBalanceAfter = await repo.credit(trx, toId, cmd.amount);
    } else {
      toBalanceAfter = await repo.credit(trx, toId, cmd.amount);
      fromBalanceAfter = await repo.debitIfCovered(trx, fromId, cmd.amount);
      if (fromBalanceAfter === undefined) throw new AppError('INSUFFICIENT_FUNDS');
    }

    const row: repo.NewTransferRow = {
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
    return toTransferReceipt({ ...row, id: await repo.insertTransfer(trx, row) }, false);
  }

  private async guardedKeyLookup(trx: Executor, idempotencyKey: string, guard: DebitGuard) {
    if (this.sqlite) {
      guard.now();
      return repo.findTransferByKey(trx, idempotencyKey);
    }
    const { taken, transfer } = await repo.findTransferByKeyGuarded(trx, idempotencyKey, guard.inStatement);
    if (!taken) throw await guard.inStatement.refusal(trx);
    return transfer;
  }

  /**
   * A transfer between a player and a system account that may go negative (a provider's), for a key the
   * caller knows to be new (it looked its own record up in the same transaction, and the key is written only
   * with that record), inside a group-commit batch (`unit`, db/group-transaction.ts). PostgreSQL (decision
   * 0045): the player's half now, one statement (the conditional debit or the credit); the system account's
   * half and the transfer row at the batch's end, once for the whole batch (`writeSystemLegs`). A key used
   * after all is refused by its unique index at the batch's end (the batch then fails whole). SQLite:
   * `transferWithin`. Answers the player's balance after.
   */
  async transferNewWithin(trx: Executor, cmd: TransferCommand, unit: BatchUnit<SystemLeg>): Promise<Riel> {
    if (this.sqlite) {
      const receipt = await this.transferWithin(trx, cmd);
      return 'system' in cmd.from ? receipt.toBalanceAfter : receipt.fromBalanceAfter;
    }
    const leg = await this.playerLeg(trx, cmd, unit);
    const moved = await movedBy(trx, leg.ctes);
    if (!moved) throw new AppError('INSUFFICIENT_FUNDS');
    return leg.land(moved);
  }

  /**
   * PostgreSQL: `transferNewWithin` as common table expressions for the caller's own statement, which
   * writes its rows with the player's half in one round trip (`transfer_moved(id, from_balance_after,
   * to_balance_after)`: no row when the debit is not covered). `land(row)` hands the system half to the
   * batch and answers the player's balance after; call it once the statement has written the row.
   * Undefined on SQLite.
   */
  async newTransferCtes(
    trx: Executor,
    cmd: TransferCommand,
    unit: BatchUnit<SystemLeg>,
    /** The caller's condition on its own CTEs: the player's half is written only when it holds. */
    onlyIf?: RawBuilder<boolean>,
  ): Promise<{ ctes: RawBuilder<unknown>; land: (moved: MovedRow) => Riel } | undefined> {
    return this.sqlite ? undefined : this.playerLeg(trx, cmd, unit, onlyIf);
  }

  private async playerLeg(
    trx: Executor,
    cmd: TransferCommand,
    unit: BatchUnit<SystemLeg>,
    onlyIf?: RawBuilder<boolean>,
  ): Promise<{ ctes: RawBuilder<unknown>; land: (moved: MovedRow) => Riel }> {
    const row = await this.newTransferRow(trx, cmd);
    const side = 'system' in cmd.from ? 'to' : 'from';
    assert('system' in (side === 'to' ? cmd.from : cmd.to), 'a leg is between a player and a system account');
    const playerAccountId = side === 'from' ? row.from_account_id : row.to_account_id;
    const systemAccountId = side === 'from' ? row.to_account_id : row.from_account_id;
    return {
      ctes: playerLegCtes({ accountId: playerAccountId, amount: row.amount, side, onlyIf }),
      land: (moved) => {
        const playerBalanceAfter = side === 'from' ? moved.from_balance_after : moved.to_balance_after;
        assert(playerBalanceAfter !== null, 'the player half was written');
        unit.defer({ ...row, systemAccountId, playerBalanceAfter });
        return playerBalanceAfter;
      },
    };
  }

  /** The system halves and transfer rows of a batch's legs (`newTransferCtes`), before its COMMIT. */
  async writeSystemLegs(trx: Executor, legs: readonly SystemLeg[]): Promise<void> {
    const written = await writeSystemLegs(trx, legs);
    assert(written === legs.length, 'every leg of the batch has its transfer row');
  }

  private async newTransferRow(trx: Executor, cmd: TransferCommand): Promise<NewTransferRow> {
    assertTransferAmount(cmd.amount);
    const [fromId, toId] = await Promise.all([this.resolve(trx, cmd.from), this.resolve(trx, cmd.to)]);
    assert(fromId !== toId, 'a transfer needs two different accounts');
    return {
      idempotency_key: cmd.idempotencyKey,
      request_hash: requestHash({ ...cmd, fromId, toId }),
      kind: cmd.kind,
      from_account_id: fromId,
      to_account_id: toId,
      amount: cmd.amount,
      reference: cmd.reference ?? null,
      note: cmd.note ?? null,
      created_at_ms: this.clock.nowMs(),
    };
  }

  /**
   * On SQLite, `transferWithin` as synchronous prepared statements on the raw handle, for a hot path that
   * writes inside a transaction it holds on that handle (the seamless wallet's group commit); undefined on
   * PostgreSQL. One per service (the statements are prepared once).
   */
  sqliteTransfers(): SqliteTransfers | undefined {
    if (this.sqliteTransfersOfDb === undefined) {
      this.sqliteTransfersOfDb = this.sqlite
        ? new SqliteTransfers(this.sqlite(), this.clock, this.playerAccountIds)
        : null;
    }
    return this.sqliteTransfersOfDb ?? undefined;
  }

  /**
   * Many credits from a system account to players inside the caller's transaction (settlement payouts,
   * void refunds): the rows of one transfer each, written with a few set-based statements.
   */
  async creditManyWithin(
    trx: Executor,
    from: { system: SystemAccount },
    cmd: CreditManyCommand,
  ): Promise<TransferReceipt[]> {
    if (cmd.credits.length === 0) return [];
    return creditManyWithin(trx, await this.resolve(trx, from), cmd, this.clock.nowMs(), this.sqlite?.());
  }

  /** Account ids for a batched stake (the group-commit writers); ids never change, so they are cached. */
  async stakeAccounts(playerId: number): Promise<{ playerAccountId: number; houseAccountId: number }> {
    const playerAccountId = await this.knownPlayerAccountId(playerId);
    return { playerAccountId, houseAccountId: await this.resolve(this.db, { system: 'house' }) };
  }

  /**
   * A player's account id, read once from what is committed (outside any transaction: never an account
   * a transaction may still roll back) and then remembered; an account's id never changes. Pass it as
   * `{ accountId }` to `transferWithin` to save the lookup in a hot path.
   */
  async knownPlayerAccountId(playerId: number): Promise<number> {
    let id = this.playerAccountIds.get(playerId);
    if (id === undefined) {
      id = await this.playerAccountId(playerId);
      this.playerAccountIds.set(playerId, id);
    }
    return id;
  }

  /** Opens the wallet of a new player (inside the transaction that creates the player). */
  async openPlayerAccount(trx: Executor, playerId: number): Promise<number> {
    return repo.insertAccount(trx, {
      code: `player:${playerId}`,
      kind: 'player',
      playerId,
      mayGoNegative: false,
      nowMs: this.clock.nowMs(),
    });
  }

  async playerBalance(playerId: number, ex: Executor = this.db): Promise<Riel> {
    const account = await repo.findPlayerAccount(ex, playerId);
    if (!account) throw new AppError('NOT_FOUND', 'Account not found.');
    return account.balance;
  }

  /** Balance of a system account (the jackpot pool is the `jackpot` account's balance). */
  async systemBalance(system: SystemAccount, ex: Executor = this.db): Promise<Riel> {
    const row = await repo.findAccountByCode(ex, system);
    assert(row, `system account ${system} is missing`);
    return row.balance;
  }

  async playerAccountId(playerId: number, ex: Executor = this.db): Promise<number> {
    const account = await repo.findPlayerAccount(ex, playerId);
    if (!account) throw new AppError('NOT_FOUND', 'Account not found.');
    return account.id;
  }

  /** A page of one player's transfers of the given kinds, newest first, with the count and sum of all. */
  async playerTransfers(
    playerId: number,
    filter: { kinds: readonly StatementKind[]; fromMs?: number | undefined; toMs?: number | undefined },
    page: { limit: number; offset: number },
    /** A read replica's executor (the history): the transfers are immutable, an account's id too. */
    ex: Executor = this.db,
  ) {
    const accountId = await this.knownPlayerAccountId(playerId);
    const f = { accountId, ...filter };
    const [rows, totals] = await Promise.all([
      repo.listTransfersOfAccount(ex, f, page),
      repo.countAndSumTransfersOfAccount(ex, f),
    ]);
    return { accountId, rows, ...totals };
  }

  /** Checks the ledger's invariants: sum zero, no negative player, balance = sum of transfers. */
  async reconcile(): Promise<ReconcileReport> {
    const [totals, unbalanced] = await Promise.all([
      repo.ledgerTotals(this.db),
      repo.findUnbalancedAccounts(this.db),
    ]);
    return {
      ok: totals.sumOfBalances === 0 && totals.negativePlayerAccounts === 0 && unbalanced.length === 0,
      ...totals,
      unbalanced: unbalanced.map((u) => ({ ...u, computed: Number(u.computed) })),
    };
  }

  private async resolve(ex: Executor, ref: AccountRef): Promise<number> {
    if ('accountId' in ref) return ref.accountId;
    if ('playerId' in ref) return this.playerAccountId(ref.playerId, ex);
    const cached = this.systemAccountIds.get(ref.system);
    if (cached !== undefined) return cached;
    const row = await repo.findAccountIdByCode(ex, ref.system);
    assert(row, `system account ${ref.system} is missing`);
    this.systemAccountIds.set(ref.system, row.id);
    return row.id;
  }
}
