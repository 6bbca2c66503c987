import type SQLite from 'better-sqlite3';
import { assert, riel, type Riel } from '@lotto59/domain';
import { rawSqliteOf, walCheckpointsOf } from '../../../db/create-db';
import type { Db } from '../../../db/database';
import type { BackgroundCheckpoints } from '../../../db/sqlite-checkpointer';
import { AppError } from '../../../errors/app-error';
import type { Clock } from '../../../platform/clock';
import {
  assertTransferAmount,
  replayOf,
  requestHash,
  toTransferReceipt,
  type TransferReceipt,
} from '../wallet.ledger';
import type {
  SqliteBatchContext,
  SqliteStakeGame,
  StakeBatchWriter,
  StakeGame,
  StakeLane,
  StakeRequest,
  TakeStake,
} from '../wallet.stake-batch';
import { SqliteLedgerStatements } from './ledger.repository';
import { WriteQueue } from '../wallet.write-queue';

/** A submission in the queue (the queue holds every game's, whatever their types). */
interface QueuedStake {
  /** Writes the submission inside the batch and keeps its answer for after the commit. */
  write(takeStake: TakeStake, batch: SqliteBatchContext): void;
  /** Its batch committed: answers with what `write` kept. */
  answer(): void;
  fail(error: unknown): void;
}

/**
 * One game's submission. A class rather than closures: nothing is allocated per submission but this
 * object (a named closure per submission costs more than it seems under a keep-names transpiler).
 */
class QueuedSubmission<S, A> implements QueuedStake {
  private written: { answer: A } | undefined;

  constructor(
    private readonly part: SqliteStakeGame<S, A>,
    private readonly sub: S,
    private readonly resolve: (answer: A) => void,
    readonly fail: (error: unknown) => void,
  ) {}

  write(takeStake: TakeStake, batch: SqliteBatchContext): void {
    this.written = { answer: this.part.writeWithin(this.sub, takeStake, batch) };
  }

  answer(): void {
    assert(this.written, 'answered after it was written');
    this.resolve(this.written.answer);
  }
}

type Outcome = { ok: true } | { ok: false; error: unknown };

/** A throw after a submission's first write: the batch's transaction must not commit. */
class WriteFault extends Error {
  override name = 'WriteFault';
}

/**
 * Group commit on SQLite (embedded mode): the submissions that arrive within one turn of the event loop
 * share ONE write transaction of prepared statements; nobody is answered before the whole batch is
 * committed. The transaction holds Kysely's single connection, so it never interleaves with another
 * transaction of the process. The house — the hot row every stake credits — is updated once per batch
 * with the sum; each transfer row still records the house balance after it, as if credited one by one,
 * so the ledger reconciles at every commit.
 *
 * No savepoints (they cost more than the rest of a submission, docs/performance.md): every refusal is
 * decided before the submission's first write, the conditional debit. A throw after it is a fault (a
 * constraint, a full disk): the whole batch rolls back and is written again one submission per
 * transaction, so that fault reaches only the submission that caused it.
 */
/** This database's stake writer, with its background checkpointer if it has one; undefined on PostgreSQL. */
export function sqliteStakeBatchWriterOf(
  db: Db,
  clock: Clock,
  options: { maxDepth: number },
): SqliteStakeBatchWriter | undefined {
  const sqlite = rawSqliteOf(db);
  if (!sqlite) return undefined;
  return new SqliteStakeBatchWriter(db, sqlite, clock, { ...options, checkpoints: walCheckpointsOf(db) });
}

export class SqliteStakeBatchWriter implements StakeBatchWriter {
  private readonly queue: WriteQueue<QueuedStake>;
  private readonly checkpoints: BackgroundCheckpoints | undefined;
  private flushScheduled = false;
  private readonly sql: SqliteLedgerStatements;
  private readonly batchTransaction: SQLite.Transaction<(batch: QueuedStake[]) => Outcome[]>;
  private readonly accountIds = new Map<number, number>();
  // The batch under way: the house's id, its balance at the start and the stakes credited so far.
  private houseId: number | undefined;
  private houseBalance = riel(0);
  private houseCredit = riel(0);
  private batchId = 0;
  // The submission under way: its clock reading, and whether its stake was taken (its first write).
  private nowMs = 0;
  private debited = false;

  constructor(
    private readonly db: Db,
    private readonly sqlite: SQLite.Database,
    private readonly clock: Clock,
    options: { maxDepth: number; checkpoints?: BackgroundCheckpoints | undefined },
  ) {
    this.queue = new WriteQueue(options.maxDepth);
    this.checkpoints = options.checkpoints;
    this.sql = new SqliteLedgerStatements(sqlite);
    this.batchTransaction = sqlite.transaction((batch: QueuedStake[]) => this.writeBatchWithin(batch));
  }

  get depth(): number {
    return this.queue.depth;
  }

  get maxDepth(): number {
    return this.queue.maxDepth;
  }

  run<T>(write: () => Promise<T>): Promise<T> {
    return this.queue.run(write);
  }

  drain(): Promise<void> {
    return this.queue.drain();
  }

  close(): Promise<void> {
    return this.queue.close();
  }

  lane<S extends { playerId: number }, A>(game: StakeGame<S, A>): StakeLane<S, A> {
    const part = game.sqlite(this.sqlite);
    return {
      submit: (sub) =>
        new Promise<A>((resolve, reject) => {
          this.queue.push(new QueuedSubmission(part, sub, resolve, reject));
          if (!this.flushScheduled) {
            this.flushScheduled = true;
            setImmediate(this.flushSoon);
          }
        }),
    };
  }

  private readonly flushSoon = () => void this.flush();

  private async flush(): Promise<void> {
    // When the WAL must start over, the checkpointer is given the gap; submissions keep queueing.
    const walRewind = this.checkpoints?.beforeWrite();
    if (walRewind) await walRewind;
    this.flushScheduled = false;
    const batch = this.queue.take();
    let outcomes: Outcome[];
    try {
      outcomes = await this.db.connection().execute(async () => this.writeBatch(batch));
    } catch (error) {
      outcomes = batch.map(() => ({ ok: false, error }));
    }
    batch.forEach((p, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) p.answer();
      else p.fail(outcome.error);
    });
    this.queue.settled(batch.length);
  }

  /** One transaction for the batch; after a fault, one transaction per submission. Never throws. */
  private writeBatch(batch: QueuedStake[]): Outcome[] {
    if (this.sqlite.inTransaction) {
      const error = new Error('the connection is inside another transaction');
      return batch.map(() => ({ ok: false, error }));
    }
    try {
      return this.batchTransaction.immediate(batch);
    } catch (error) {
      // Nothing of the batch was written (a fault, or the file locked by another process for too long).
      if (batch.length === 1) return [{ ok: false, error }];
      return batch.flatMap((p) => this.writeBatch([p]));
    } finally {
      this.houseId = undefined;
    }
  }

  private writeBatchWithin(batch: QueuedStake[]): Outcome[] {
    const nowMs = this.clock.nowMs();
    const context: SqliteBatchContext = { nowMs, batchId: ++this.batchId };
    const house = this.sql.systemAccount('house');
    assert(house, 'system account house is missing');
    this.houseId = house.id;
    this.houseBalance = house.balance;
    this.houseCredit = riel(0);
    this.nowMs = nowMs;
    const outcomes = batch.map((p): Outcome => {
      this.debited = false;
      try {
        p.write(this.takeStakeOfSubmission, context);
        return { ok: true };
      } catch (error) {
        if (error instanceof WriteFault) throw error.cause;
        // After its stake, a throw is a fault: the batch's transaction must not commit.
        if (this.debited) throw error;
        return { ok: false, error };
      }
    });
    if (this.houseCredit > 0) {
      const after = this.sql.creditAccount(house.id, this.houseCredit);
      assert(after === this.houseBalance + this.houseCredit, 'house balance drifted in a batch');
    }
    return outcomes;
  }

  /** What a game calls to take a submission's stake (one function for every submission). */
  private readonly takeStakeOfSubmission: TakeStake = (request) => {
    try {
      const receipt = this.takeStake(request, this.nowMs);
      this.debited = true;
      return receipt;
    } catch (error) {
      // A refusal (AppError) is thrown before the debit; anything else may follow a write.
      if (error instanceof AppError) throw error;
      throw new WriteFault('a stake failed', { cause: error });
    }
  };

  /**
   * One stake player → house: the rows of `WalletService.transferWithin` (idempotency key, conditional
   * debit, immutable transfer row with both balances after); the house is credited by the batch's end.
   * Refusals (INSUFFICIENT_FUNDS, IDEMPOTENCY_KEY_REUSED, NOT_FOUND) are thrown before anything is written.
   */
  private takeStake(request: StakeRequest, nowMs: number): TransferReceipt {
    const houseId = this.houseId;
    assert(houseId !== undefined, 'a stake is taken inside a batch');
    assertTransferAmount(request.amount);
    const fromId = this.playerAccountId(request.playerId);
    const hash = requestHash({ kind: 'bet_stake', fromId, toId: houseId, ...request });
    const existing = this.sql.transferByKeyOf(request.idempotencyKey);
    if (existing) return replayOf(existing, hash);
    const fromBalanceAfter = this.sql.debitIfCovered(fromId, request.amount);
    if (fromBalanceAfter === undefined) throw new AppError('INSUFFICIENT_FUNDS');
    const toBalanceAfter: Riel = riel(this.houseBalance + this.houseCredit + request.amount);
    const row = {
      idempotency_key: request.idempotencyKey,
      request_hash: hash,
      from_account_id: fromId,
      to_account_id: houseId,
      amount: request.amount,
      from_balance_after: fromBalanceAfter,
      to_balance_after: toBalanceAfter,
      reference: request.reference,
      created_at_ms: nowMs,
    };
    const id = this.sql.insertTransfer({ ...row, kind: 'bet_stake', note: null });
    this.houseCredit = riel(this.houseCredit + request.amount);
    return toTransferReceipt({ ...row, id }, false);
  }

  private playerAccountId(playerId: number): number {
    let id = this.accountIds.get(playerId);
    if (id === undefined) {
      id = this.sql.playerAccount(playerId)?.id;
      if (id === undefined) throw new AppError('NOT_FOUND', 'Account not found.');
      this.accountIds.set(playerId, id);
    }
    return id;
  }
}
