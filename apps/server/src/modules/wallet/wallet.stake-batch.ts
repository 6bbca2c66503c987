import type SQLite from 'better-sqlite3';
import type { Riel } from '@lotto59/domain';
import type { RawBuilder } from 'kysely';
import type { TransferReceipt } from './wallet.ledger';

// The group-commit stake batch: the public interface every game that takes stakes writes through (lotto 59
// now; the provider wallet and the ticket lottery next). The wallet owns the queue, the transaction or
// statement, the ledger rows and the fault handling; a game owns only its own rows, written in the same
// transaction (SQLite) or the same statement (PostgreSQL) as its stake, all or nothing per submission.

/** One stake player → house. */
export interface StakeRequest {
  playerId: number;
  amount: Riel;
  /** The stake transfer's own key (e.g. `bet-stake:<client key>:<player>`). */
  idempotencyKey: string;
  /** What the stake is for (`lotto59-round:<id>`); part of the request hash. */
  reference: string;
}

/** Takes a stake inside a SQLite batch: refuses (AppError) before writing anything, or returns the receipt. */
export type TakeStake = (request: StakeRequest) => TransferReceipt;

/** The batch transaction a submission is written in. */
export interface SqliteBatchContext {
  /** The batch's one clock reading. */
  nowMs: number;
  /** New for every transaction (a retry after a fault is a new one): what a game may cache per batch. */
  batchId: number;
}

/** A game's part of a SQLite batch, run synchronously inside the batch's write transaction. */
export interface SqliteStakeGame<S, A> {
  /**
   * Writes one submission: every refusal (an AppError) is decided BEFORE `takeStake`, whose conditional
   * debit is the submission's first write; the game's rows come after it. A throw after `takeStake` is a
   * fault: the batch is rolled back and written again one submission per transaction.
   */
  writeWithin(sub: S, takeStake: TakeStake, batch: SqliteBatchContext): A;
}

/** A stake made ready for a batch statement: accounts resolved, request hash computed. */
export interface PreparedStake extends StakeRequest {
  playerAccountId: number;
  houseAccountId: number;
  requestHash: string;
}

/** What a game's PostgreSQL batch statement is given. */
export interface PgStakeStatement {
  nowMs: number;
  /** One per submission, in batch order: the columns of the source CTE (see `ctes`). */
  stakes: readonly PreparedStake[];
  /**
   * The stake CTEs (`stake_house`, `stake_debit`, `stake_credit`, `stake`), reading the game's CTE named
   * `source` (columns `ord`, `account_id`, `amount`, `stake_key`, `stake_hash`, `reference`; one row per
   * account at most). `stake(id, idempotency_key, from_balance_after)` lists the stakes taken.
   */
  ctes(source: string): RawBuilder<unknown>;
}

/** A game's part of a PostgreSQL batch. */
export interface PgStakeGame<S, A> {
  /** False: written by `writeOne` at once (e.g. a limit that must be counted under the player's lock). */
  batchable(sub: S): boolean;
  stakeOf(sub: S): StakeRequest;
  /**
   * ONE statement for the batch, with the stake CTEs; the answers of the submissions it wrote, by index.
   * Those it did not write (replays, refusals) go to `writeOne`, and so does every submission of a batch
   * whose statement threw (nothing of it was written).
   */
  writeBatch(batch: readonly S[], statement: PgStakeStatement): Promise<ReadonlyMap<number, A>>;
  /** The exact path: one transaction per submission, through `WalletService.transferWithin`. */
  writeOne(sub: S): Promise<A>;
  /** Told the size of every batch written (tests and benchmarks). */
  onBatch?(size: number): void;
  /** Told why a batch's statement failed (its submissions were then written one by one). */
  onBatchFailed?(error: unknown): void;
}

/** A game's two parts; the writer uses the one of its database. */
export interface StakeGame<S extends { playerId: number }, A> {
  sqlite(sqlite: SQLite.Database): SqliteStakeGame<S, A>;
  pg(): PgStakeGame<S, A>;
}

/** Where a game submits: the answer comes once the submission's batch is committed. */
export interface StakeLane<S, A> {
  /** Rejects with `BUSY` (503, `Retry-After`) at once, writing nothing, when the queue is full. */
  submit(sub: S): Promise<A>;
}

/** The shared group-commit writer: one queue, one batch at a time. */
export interface StakeBatchWriter {
  lane<S extends { playerId: number }, A>(game: StakeGame<S, A>): StakeLane<S, A>;
  /** Submissions accepted and not yet answered. */
  readonly depth: number;
  readonly maxDepth: number;
  /**
   * Runs a money write that is not a stake of a batch (the seamless wallet's moves) under the same depth:
   * refused at once with `BUSY` when the queue is full or closing, drained with the rest at shutdown.
   */
  run<T>(write: () => Promise<T>): Promise<T>;
  /** Resolves when every accepted submission has its answer. */
  drain(): Promise<void>;
  /** Stops accepting (BUSY) and drains: graceful shutdown. */
  close(): Promise<void>;
}

/** The account ids of a stake (the wallet caches them; ids never change). */
export interface StakeAccounts {
  stakeAccounts(playerId: number): Promise<{ playerAccountId: number; houseAccountId: number }>;
}
