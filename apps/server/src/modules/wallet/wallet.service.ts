import type { RawBuilder } from 'kysely';
import { assert, type Riel } from '@lotto59/domain';
import type { Db, Executor } from '../../db/database';
import { groupTransactions, type BatchUnit } from '../../db/group-transaction';
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
import type { LaneMoves, MoveLane } from './wallet.move-lane';
import type { StakeBatchWriter } from './wallet.stake-batch';

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
  private exactSqliteTransfersOfDb: SqliteTransfers | null | undefined;

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
   *
   * The transfer algorithm is written once per dialect: SQLite's is `SqliteTransfers.transferWithin`
   * (synchronous prepared statements on the raw handle, which is the connection the caller's transaction
   * holds), PostgreSQL's the statements below; `wallet.service.test.ts` runs the same cases on both.
   */
  async transferWithin(trx: Executor, cmd: TransferCommand, guard?: DebitGuard): Promise<TransferReceipt> {
    const sqlite = this.exactSqliteTransfers();
    if (sqlite) {
      // Raw statements join the transaction that holds SQLite's one connection: it must be the caller's.
      assert(trx.isTransaction, "transferWithin runs inside the caller's transaction");
      guard?.now();
      return sqlite.transferWithin(cmd);
    }
    assertTransferAmount(cmd.amount);
    const [fromId, toId] = await Promise.all([this.resolve(trx, cmd.from), this.resolve(trx, cmd.to)]);
    assert(fromId !== toId, 'a transfer needs two different accounts');
    const hash = requestHash({ ...cmd, fromId, toId });
    const existing = guard
      ? await this.guardedKeyLookup(trx, cmd.idempotencyKey, guard)
      : await repo.findTransferByKey(trx, cmd.idempotencyKey);
    if (existing) return replayOf(existing, hash);

    // Lock the two rows in id order so that opposite transfers cannot deadlock.
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
    const { taken, transfer } = await repo.findTransferByKeyGuarded(trx, idempotencyKey, guard.inStatement);
    if (!taken) throw await guard.inStatement.refusal(trx);
    return transfer;
  }

  /**
   * A lane of single moves (`MoveLane`: the seamless wallet's calls), one unit of a group commit each, in
   * the process's one money queue (`writes`, the stake batch writer). PostgreSQL: `batchesInFlight`
   * batches written at once, each on its own connection, the system halves of each written at its end.
   */
  moveLane(options: {
    writes: Pick<StakeBatchWriter, 'run'>;
    batchMax?: number | undefined;
    batchesInFlight?: number | undefined;
  }): MoveLane {
    const transact = groupTransactions<SystemLeg>(this.db, {
      ...(options.batchMax === undefined ? {} : { batchMax: options.batchMax }),
      batchesInFlight: options.batchesInFlight ?? 1,
      finish: (trx, legs) => this.writeSystemLegs(trx, legs),
    });
    return {
      transact: (work, unitOptions) =>
        options.writes.run(() => transact((trx, unit) => work(trx, this.laneMoves(trx, unit)), unitOptions)),
      sqliteTransfers: this.sqliteTransfers(),
    };
  }

  private laneMoves(trx: Executor, unit: BatchUnit<SystemLeg>): LaneMoves {
    return {
      move: (cmd) => this.moveInLane(trx, cmd, unit),
      moveCtes: async (cmd, onlyIf) => (this.sqlite ? undefined : this.playerLeg(trx, cmd, unit, onlyIf)),
    };
  }

  private async moveInLane(trx: Executor, cmd: TransferCommand, unit: BatchUnit<SystemLeg>): Promise<Riel> {
    if (this.sqlite) {
      const receipt = await this.transferWithin(trx, cmd);
      return 'system' in cmd.from ? receipt.toBalanceAfter : receipt.fromBalanceAfter;
    }
    const leg = await this.playerLeg(trx, cmd, unit);
    const moved = await movedBy(trx, leg.ctes);
    if (!moved) throw new AppError('INSUFFICIENT_FUNDS');
    return leg.land(moved);
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

  /** The system halves and transfer rows of a batch's legs (`LaneMoves`), before its COMMIT. */
  private async writeSystemLegs(trx: Executor, legs: readonly SystemLeg[]): Promise<void> {
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
   * SQLite: `transferWithin`'s transfers. They read a player's account id in the caller's transaction every
   * time (never cached): that transaction may be the one that opens the account, and may roll back.
   */
  private exactSqliteTransfers(): SqliteTransfers | undefined {
    if (this.exactSqliteTransfersOfDb === undefined) {
      this.exactSqliteTransfersOfDb = this.sqlite ? new SqliteTransfers(this.sqlite(), this.clock) : null;
    }
    return this.exactSqliteTransfersOfDb ?? undefined;
  }

  /** SQLite: a move lane's synchronous transfers (`MoveLane.sqliteTransfers`), prepared once per service. */
  private sqliteTransfers(): SqliteTransfers | undefined {
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
