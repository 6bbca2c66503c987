import { sql, type Kysely, type Transaction } from 'kysely';
import { rawSqliteOf, walCheckpointsOf } from './create-db';
import type { Database, Db } from './database';
import { isRetryableConflict } from './db-errors';

/** Runs `work` as one all-or-nothing unit and resolves only once it is committed. */
export type Transact = <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;

interface Pending {
  work: (trx: Transaction<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /** PostgreSQL: times this unit was run and lost a race (deadlock, serialization failure). */
  conflicts: number;
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
export function groupTransactions(db: Db, options: { batchMax?: number } = {}): Transact {
  const sqlite = rawSqliteOf(db);
  if (!sqlite) return pgGroupTransactions(db, options.batchMax ?? PG_BATCH_MAX);
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
        for (const unit of batch) {
          savepoint.run();
          try {
            outcomes.push({ ok: true, value: await unit.work(trx) });
          } catch (error) {
            // Throws if SQLite has rolled the whole transaction back by itself: the batch then fails.
            rollbackTo.run();
            outcomes.push({ ok: false, error });
          }
          release.run();
        }
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

  return <T>(work: (trx: Transaction<Database>) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject, conflicts: 0 });
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

/** Times a unit is run again after losing a race (40P01, 40001) before it rejects with that error. */
const PG_CONFLICT_RUNS = 3;

/**
 * The PostgreSQL group commit. One batch at a time: batches would queue on the provider row anyway, and
 * the units that arrive meanwhile make the next one larger (as PgStakeBatchWriter, decision 0008).
 *
 * - A batch is first written without savepoints: under load each round trip of the batch's serial chain
 *   waits for a busy event loop, and a savepoint boundary per unit was one more such step per unit. If
 *   every unit succeeds (the usual case), that was the batch. If one throws, the transaction is rolled back
 *   and the batch written again, this time each unit inside `savepoint unit`: when a unit throws (a refusal,
 *   a constraint, a statement cancelled as a deadlock's victim), `rollback to savepoint unit` undoes its
 *   writes and ends the error state, and the others go on. Between units one round trip releases the
 *   savepoint and opens the next (two statements in one simple query: no parameters). Units are written to
 *   be run again (a unit is a retryable transaction's body), so the first pass costs only its time.
 * - A unit that lost a race (deadlock with a writer that locks player rows in another order: lotto 59's stake
 *   batch, the ticket lottery, the transfer wallet) is run again in the next batch, up to PG_CONFLICT_RUNS
 *   times, instead of failing: nothing of it was kept.
 * - A batch that fails as a whole (BEGIN or COMMIT refused, the connection lost) rejects every unit, and
 *   nothing of it was written. If that failure is retryable, its units are run again instead, each as a
 *   transaction of its own, so that a unit that cannot share a batch does not fail the others again.
 */
function pgGroupTransactions(db: Db, batchMax: number): Transact {
  let queue: Pending[] = [];
  let writing = false;
  let scheduled = false;

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

  const runAlone = async (unit: Pending) => {
    for (;;) {
      try {
        unit.resolve(await db.transaction().execute(unit.work));
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
        for (const unit of batch) {
          try {
            values.push(await unit.work(trx));
          } catch (error) {
            failed = { failed: unit, error };
            throw error;
          }
        }
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
        for (const [i, unit] of batch.entries()) {
          if (i === 0) await sql`savepoint unit`.execute(trx);
          else await sql.raw('release savepoint unit; savepoint unit').execute(trx);
          try {
            outcomes.push({ ok: true, value: await unit.work(trx) });
          } catch (error) {
            // Throws if the transaction cannot go on (the connection lost): the batch then fails whole.
            await sql`rollback to savepoint unit`.execute(trx);
            outcomes.push({ ok: false, error });
          }
        }
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

  const pump = () => {
    scheduled = false;
    if (writing || queue.length === 0) return;
    writing = true;
    // A connection of its own for as long as batches follow one another: under load the pool's other
    // connections serve the calls' reads, and a batch that queued for one behind them would hold up every
    // call it is about to answer. Let go when the queue is empty.
    db.connection()
      .execute(async (connection) => {
        while (queue.length > 0) {
          // What arrived while the batch before was written (up to the cap) is this batch.
          const batch = queue.slice(0, batchMax);
          queue = queue.slice(batchMax);
          await writeBatch(connection, batch);
        }
      })
      .catch((error: unknown) => {
        // No connection (the database down): what waits fails with it, as a batch that could not begin.
        const waiting = queue;
        queue = [];
        for (const unit of waiting) unit.reject(error);
      })
      .finally(() => {
        writing = false;
        pump();
      });
  };

  return <T>(work: (trx: Transaction<Database>) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject, conflicts: 0 });
      // The units of one turn of the event loop start their batch together.
      if (!scheduled && !writing) {
        scheduled = true;
        setImmediate(pump);
      }
    });
}
