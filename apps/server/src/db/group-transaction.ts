import type { Transaction } from 'kysely';
import { rawSqliteOf, walCheckpointsOf } from './create-db';
import type { Database, Db } from './database';

/** Runs `work` as one all-or-nothing unit and resolves only once it is committed. */
export type Transact = <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;

interface Pending {
  work: (trx: Transaction<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit for small, independent write transactions (the seamless wallet's moves), on SQLite: the
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
 * PostgreSQL: each unit is a transaction of its own (concurrent transactions already share the WAL flush).
 */
export function groupTransactions(db: Db): Transact {
  const sqlite = rawSqliteOf(db);
  if (!sqlite) return (work) => db.transaction().execute(work);
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
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    });
}
