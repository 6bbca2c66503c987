import { parentPort } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { rangeRootOfRows } from './seal-range';
import { TRANSFER_RANGE_SQL, type TransferTuple } from './transfer-encoding';

/**
 * The seal thread's code (seal-thread.ts starts it): reads a range of transfers from a SQLite file on a
 * connection of its own and answers their count, last id and Merkle root. A connection per job, closed
 * before the answer: between seals the thread holds nothing open on the file.
 */
export interface SealRangeJob {
  job: number;
  file: string;
  afterId: number;
  throughId: number;
  limit: number;
}

export type SealRangeAnswer =
  { job: number; count: number; lastId: number; root: Uint8Array | null } | { job: number; error: string };

const port = parentPort;
if (!port) throw new Error('seal-thread.sqlite-entry.ts runs as a worker thread');

port.on('message', (task: SealRangeJob) => {
  let answer: SealRangeAnswer;
  try {
    const db = new SQLite(task.file, { readonly: true, fileMustExist: true });
    try {
      const rows = db
        .prepare<[number, number, number], TransferTuple>(TRANSFER_RANGE_SQL(() => '?'))
        .raw(true)
        .all(task.afterId, task.throughId, task.limit);
      const range = rangeRootOfRows(rows);
      answer = range
        ? { job: task.job, count: range.count, lastId: range.lastId, root: range.root }
        : { job: task.job, count: 0, lastId: task.afterId, root: null };
    } finally {
      db.close();
    }
  } catch (error) {
    answer = { job: task.job, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(answer);
});
