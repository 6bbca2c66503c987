import { sql, type Kysely, type Transaction } from 'kysely';
import { rawSqliteOf, walCheckpointsOf } from './create-db';
import type { Database, Db } from './database';
import { isRetryableConflict } from './db-errors';

/**
 * What a unit may leave for its batch's end: `defer(item)` hands the batch's `finish` step a write to make
 * once for all the units that succeeded, just before the COMMIT (the ledger's system-account legs: the
 * provider's row credited once per batch, decision 0045). A unit that fails loses its items with its writes.
 */
export interface BatchUnit<D> {
  defer(item: D): void;
}

/** Runs `work` as one all-or-nothing unit and resolves only once it is committed. */
export type Transact<D = never> = <T>(
  work: (trx: Transaction<Database>, unit: BatchUnit<D>) => Promise<T>,
  options?: UnitOptions,
) => Promise<T>;

export interface UnitOptions {
  /**
   * PostgreSQL: units of one key (a player) are never in two batches written at once, so that two batches
   * do not lock one player's rows in opposite orders. Units without a key go anywhere.
   */
  key?: number | undefined;
}

export interface GroupOptions<D> {
  batchMax?: number;
  /** PostgreSQL: batches written at once, each on a connection of its own (default 1). */
  batchesInFlight?: number;
  /** Writes the deferred items of the batch's successful units, inside its transaction, before the COMMIT. */
  finish?: (trx: Transaction<Database>, items: readonly D[]) => Promise<void>;
}

interface Pending {
  work: (trx: Transaction<Database>, unit: BatchUnit<unknown>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /** PostgreSQL: times this unit was run and lost a race (deadlock, serialization failure). */
  conflicts: number;
  key: number | undefined;
}

/** A unit's deferred items, collected while it runs. */
function collector(): BatchUnit<unknown> & { items: unknown[] } {
  const items: unknown[] = [];
  return { items, defer: (item) => void items.push(item) };
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit for small, independent write transactions (the seamless wallet's moves), on both dialects: the
 * units that arrive while one batch is written share the next batch's ONE transaction, each inside a
 * savepoint of its own, so a unit that throws (a refusal, a fault) rolls back its own writes only and
 * rejects with its error. Nobody is answered before the batch's COMMIT; if the transaction fails as a
 * whole (BEGIN or COMMIT refused, SQLite rolling it back by itself), every unit of it rejects with that
 * error and nothing of it was written. A commit costs as much as its distinct pages (docs/performance.md),
 * so one commit for many units is most of the gain. Units run one after the other, so each sees the ones
 * before it (a replay of a transaction id in the same batch is a replay).
 *
 * Like the stake batch, it lets the background checkpointer start the WAL over when it has grown
 * (`beforeWrite`, db/sqlite-checkpointer.ts): a writer that never pauses would otherwise keep the WAL
 * growing for as long as the moves keep coming, every commit and read of it getting slower.
 *
 * PostgreSQL: the same, with the savepoints sent through the batch's transaction (`pgGroupTransactions`).
 * There a unit per transaction was not enough (decision 0038): every move updates its provider's house
 * row and held that row's lock through its COMMIT, so a provider's moves ran one at a time, one WAL flush
 * each. In a batch the row is locked once and one flush serves every unit of it.
 */
export function groupTransactions<D = never>(db: Db, options: GroupOptions<D> = {}): Transact<D> {
  const sqlite = rawSqliteOf(db);
  const finish = (options.finish ?? noFinish) as (
    trx: Transaction<Database>,
    items: readonly unknown[],
  ) => Promise<void>;
  if (!sqlite) {
    return pgGroupTransactions(db, options.batchMax ?? PG_BATCH_MAX, options.batchesInFlight ?? 1, finish);
  }
  let queue: Pending[] = [];
  let scheduled = false;
  // Run on the raw handle (the batch holds Kysely's one connection, so nothing else runs meanwhile).
  const savepoint = sqlite.prepare('savepoint unit');
  const rollbackTo = sqlite.prepare('rollback to unit');
  const release = sqlite.prepare('release unit');
  const checkpoints = walCheckpointsOf(db);

  const flush = async () => {
    // Units keep queueing meanwhile: the next batch is just larger.
    const walRewind = checkpoints?.beforeWrite();
    if (walRewind) await walRewind;
    let batch: Pending[] = [];
    const outcomes: Outcome[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        // Taken once the connection is ours: what arrived while the batch before was written joins this one.
        batch = queue;
        queue = [];
        scheduled = false;
        const deferred: unknown[] = [];
        for (const unit of batch) {
          savepoint.run();
          const collected = collector();
          try {
            outcomes.push({ ok: true, value: await unit.work(trx, collected) });
            deferred.push(...collected.items);
          } catch (error) {
            // Throws if SQLite has rolled the whole transaction back by itself: the batch then fails.
            rollbackTo.run();
            outcomes.push({ ok: false, error });
          }
          release.run();
        }
        if (deferred.length > 0) await finish(trx, deferred);
        if (!sqlite.inTransaction) throw new Error('the group transaction ended before its commit');
      });
    } catch (error) {
      if (batch.length === 0) {
        // The transaction failed before it took its units (BEGIN refused): they fail with it.
        batch = queue;
        queue = [];
        scheduled = false;
      }
      for (const unit of batch) unit.reject(error);
      return;
    }
    batch.forEach((unit, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) unit.resolve(outcome.value);
      else unit.reject(outcome.error);
    });
  };

  return <T>(work: (trx: Transaction<Database>, unit: BatchUnit<D>) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({
        work: work as Pending['work'],
        resolve: resolve as (value: unknown) => void,
        reject,
        conflicts: 0,
        key: undefined,
      });
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    });
}

/**
 * Units per PostgreSQL batch at most. Each unit that writes is a subtransaction with an id of its own, and
 * a backend keeps at most 64 of them in shared memory (PGPROC_MAX_CACHED_SUBXIDS): past that, every other
 * session's snapshots overflow to pg_subtrans lookups, a known cliff. 64 units keep the batch under it.
 */
export const PG_BATCH_MAX = 64;

/** Units waiting before a batch is started beside one being written (PostgreSQL). */
const PG_PARALLEL_BATCH_MIN = 8;

/** Times a unit is run again after losing a race (40P01, 40001) before it rejects with that error. */
const PG_CONFLICT_RUNS = 3;

const noFinish = async () => {};

/**
 * The PostgreSQL group commit (decisions 0038, 0045).
 *
 * - Up to `batchesInFlight` batches are written at once, each on a connection of its own that it keeps for
 *   as long as batches follow one another (under load the pool's other connections serve the calls' reads,
 *   and a batch that queued for one behind them would hold up every call it is about to answer). What
 *   every unit of a batch would contend on — the provider's row — is written once by `finish`, just before
 *   the COMMIT, so batches overlap everywhere but in that last statement and their COMMIT. A unit's key
 *   (its player) is in one batch at a time: two batches never wait on each other's player rows.
 * - A batch is first written without savepoints: under load each round trip of the batch's serial chain
 *   waits for a busy event loop, and a savepoint boundary per unit was one more such step per unit. If
 *   every unit succeeds (the usual case), that was the batch. If one throws, the transaction is rolled back
 *   and the batch written again, this time each unit inside `savepoint unit`: when a unit throws (a refusal,
 *   a constraint, a statement cancelled as a deadlock's victim), `rollback to savepoint unit` undoes its
 *   writes and ends the error state (its deferred items are dropped), and the others go on. Between units
 *   one round trip releases the savepoint and opens the next (two statements in one simple query: no
 *   parameters). Units are written to be run again (a unit is a retryable transaction's body), so the
 *   first pass costs only its time.
 * - A unit that lost a race (deadlock with a writer that locks player rows in another order: lotto 59's stake
 *   batch, the ticket lottery, the transfer wallet) is run again in a later batch, up to PG_CONFLICT_RUNS
 *   times, instead of failing: nothing of it was kept.
 * - A batch that fails as a whole (BEGIN, `finish` or COMMIT refused, the connection lost) rejects every
 *   unit, and nothing of it was written. If that failure is retryable, its units are run again instead,
 *   each as a transaction of its own, so that a unit that cannot share a batch does not fail the others again.
 */
function pgGroupTransactions(
  db: Db,
  batchMax: number,
  batchesInFlight: number,
  finish: (trx: Transaction<Database>, items: readonly unknown[]) => Promise<void>,
): Transact<never> {
  let queue: Pending[] = [];
  let writers = 0;
  let scheduled = false;
  /** Keys of the units in batches being written. */
  const keysInFlight = new Map<number, number>();

  const settle = (unit: Pending, outcome: Outcome) => {
    if (outcome.ok) unit.resolve(outcome.value);
    else unit.reject(outcome.error);
  };

  /** A unit that lost a race runs again (in a later batch) while it has runs left. */
  const runsAgain = (unit: Pending, error: unknown): boolean => {
    if (!isRetryableConflict(error) || unit.conflicts + 1 >= PG_CONFLICT_RUNS) return false;
    unit.conflicts += 1;
    queue.push(unit);
    return true;
  };

  /** One unit, its deferred items and `finish`, as one transaction. */
  const runOne = (connection: Kysely<Database>, unit: Pending) =>
    connection.transaction().execute(async (trx) => {
      const collected = collector();
      const value = await unit.work(trx, collected);
      if (collected.items.length > 0) await finish(trx, collected.items);
      return value;
    });

  const runAlone = async (unit: Pending) => {
    for (;;) {
      try {
        unit.resolve(await runOne(db, unit));
        return;
      } catch (error) {
        if (!isRetryableConflict(error) || ++unit.conflicts >= PG_CONFLICT_RUNS) {
          unit.reject(error);
          return;
        }
      }
    }
  };

  /** A batch's failure as a whole: nothing of it was written. */
  const failBatch = async (batch: readonly Pending[], error: unknown) => {
    if (isRetryableConflict(error)) await Promise.all(batch.map(runAlone));
    else for (const unit of batch) unit.reject(error);
  };

  /**
   * The batch without savepoints: resolves every unit when all succeed and the COMMIT is done; otherwise
   * the transaction is rolled back and the failed unit (its error) is returned, or the batch fails whole.
   */
  const writeWithoutSavepoints = async (
    connection: Kysely<Database>,
    batch: readonly Pending[],
  ): Promise<{ failed: Pending; error: unknown } | 'done'> => {
    const values: unknown[] = [];
    let failed: { failed: Pending; error: unknown } | undefined;
    try {
      await connection.transaction().execute(async (trx) => {
        const collected = collector();
        for (const unit of batch) {
          try {
            values.push(await unit.work(trx, collected));
          } catch (error) {
            failed = { failed: unit, error };
            throw error;
          }
        }
        if (collected.items.length > 0) await finish(trx, collected.items);
      });
    } catch (error) {
      if (failed) return failed;
      await failBatch(batch, error);
      return 'done';
    }
    batch.forEach((unit, i) => unit.resolve(values[i]));
    return 'done';
  };

  const writeBatch = async (connection: Kysely<Database>, batch: readonly Pending[]) => {
    const first = await writeWithoutSavepoints(connection, batch);
    if (first === 'done') return;
    if (batch.length === 1) {
      // Its own transaction, rolled back: the unit's outcome, as after a savepoint's rollback.
      if (!runsAgain(first.failed, first.error)) first.failed.reject(first.error);
      return;
    }
    // A unit failed: the batch again, each unit in a savepoint of its own.
    const outcomes: Outcome[] = [];
    try {
      await connection.transaction().execute(async (trx) => {
        const deferred: unknown[] = [];
        for (const [i, unit] of batch.entries()) {
          if (i === 0) await sql`savepoint unit`.execute(trx);
          else await sql.raw('release savepoint unit; savepoint unit').execute(trx);
          const collected = collector();
          try {
            outcomes.push({ ok: true, value: await unit.work(trx, collected) });
            deferred.push(...collected.items);
          } catch (error) {
            // Throws if the transaction cannot go on (the connection lost): the batch then fails whole.
            await sql`rollback to savepoint unit`.execute(trx);
            outcomes.push({ ok: false, error });
          }
        }
        if (deferred.length > 0) await finish(trx, deferred);
      });
    } catch (error) {
      await failBatch(batch, error);
      return;
    }
    batch.forEach((unit, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok || !runsAgain(unit, outcome.error)) settle(unit, outcome);
    });
  };

  /**
   * The next batch: the oldest waiting units (up to the cap) whose key is not in a batch being written;
   * the others keep their place.
   */
  const take = (): Pending[] => {
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    for (const unit of queue) {
      const free = unit.key === undefined || !keysInFlight.has(unit.key);
      if (free && batch.length < batchMax) batch.push(unit);
      else rest.push(unit);
    }
    queue = rest;
    for (const unit of batch) {
      if (unit.key !== undefined) keysInFlight.set(unit.key, (keysInFlight.get(unit.key) ?? 0) + 1);
    }
    return batch;
  };

  const release = (batch: readonly Pending[]) => {
    for (const unit of batch) {
      if (unit.key === undefined) continue;
      const left = keysInFlight.get(unit.key)! - 1;
      if (left === 0) keysInFlight.delete(unit.key);
      else keysInFlight.set(unit.key, left);
    }
  };

  const pump = () => {
    scheduled = false;
    while (writers < batchesInFlight) {
      // A second writer only for a batch worth its own BEGIN, `finish` and COMMIT: under a CPU-bound load
      // fewer, larger batches cost less per unit; when many wait, batches in parallel overlap their waits.
      if (writers > 0 && queue.length < PG_PARALLEL_BATCH_MIN) return;
      let batch = take();
      if (batch.length === 0) return;
      writers += 1;
      db.connection()
        .execute(async (connection) => {
          // Batches follow one another on this connection while units wait that it may take.
          while (batch.length > 0) {
            try {
              await writeBatch(connection, batch);
            } finally {
              release(batch);
              batch = [];
            }
            // Beside another writer, go on only while enough units wait (as `pump` starts one).
            if (writers > 1 && queue.length < PG_PARALLEL_BATCH_MIN) return;
            batch = take();
          }
        })
        .catch((error: unknown) => {
          // No connection (the database down): this batch fails with it, as a batch that could not begin.
          for (const unit of batch) unit.reject(error);
          release(batch);
          batch = [];
        })
        .finally(() => {
          writers -= 1;
          pump();
        });
    }
  };

  return <T>(
    work: (trx: Transaction<Database>, unit: BatchUnit<never>) => Promise<T>,
    options?: UnitOptions,
  ) =>
    new Promise<T>((resolve, reject) => {
      queue.push({
        work: work as Pending['work'],
        resolve: resolve as (value: unknown) => void,
        reject,
        conflicts: 0,
        key: options?.key,
      });
      // The units of one turn of the event loop start their batch together.
      if (!scheduled && writers < batchesInFlight) {
        scheduled = true;
        setImmediate(pump);
      }
    });
}
