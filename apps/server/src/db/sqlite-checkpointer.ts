import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/**
 * WAL checkpoints on a worker thread, off the server's event loop.
 *
 * SQLite's automatic checkpoint runs inside the COMMIT that crosses its threshold, on the committing
 * connection: under a steady stream of bets that is a copy of thousands of pages plus an fsync in the
 * middle of the request path (docs/performance.md). Here the server's connection never checkpoints
 * (`wal_autocheckpoint = 0`); a second connection on a worker thread runs a PASSIVE checkpoint every
 * `intervalMs`, copying pages while the writer goes on.
 *
 * A checkpoint running beside a writer that never pauses can never finish the WAL, and SQLite only
 * starts the WAL over when a write transaction begins after the WAL was copied in full. So the hot
 * writer (the bet engine's group commit) calls `beforeWrite()` before each batch: once the WAL holds
 * more than `rewindAtFrames`, it waits (asynchronously: requests keep being parsed meanwhile and the
 * next batch is just larger) for one checkpoint that copies everything, and its next transaction
 * starts the WAL over.
 *
 * Until the worker's first report the WAL's size is unknown, so `beforeWrite()` waits for it: a worker
 * that starts slowly on a busy machine would otherwise let a writer fill hundreds of MB of WAL first.
 */
export interface BackgroundCheckpoints {
  /** Undefined when the writer may go on; else a promise to await before the next write transaction. */
  beforeWrite(): Promise<void> | undefined;
  /** Stops the worker; the caller then closes its connection (the last close checkpoints everything). */
  stop(): Promise<void>;
}

export interface CheckpointOptions {
  intervalMs: number;
  rewindAtFrames: number;
  /** Told when a checkpoint fails (the next one is tried anyway). */
  onError?: ((message: string) => void) | undefined;
}

type WorkerReport = { log: number; checkpointed: number } | { error: string };

const SQLITE_DEFAULT_AUTOCHECKPOINT = 1000;

// Runs in the worker (CommonJS, evaluated from this string so it needs no build step or loader).
// Every checkpoint is reported: `log` frames in the WAL, `checkpointed` of them copied.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const checkpoint = () => {
  try {
    const [{ log, checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ log, checkpointed });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
};
// A first report at once: until it comes, the writer cannot know how large the WAL is.
checkpoint();
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'checkpoint') return checkpoint();
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export function startBackgroundCheckpoints(
  sqlite: SQLite.Database,
  options: CheckpointOptions,
): BackgroundCheckpoints {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    // Plain CommonJS: none of the parent's loaders or profiler flags (tsx, --cpu-prof) are needed.
    execArgv: [],
    workerData: { driver, file: sqlite.name, intervalMs: options.intervalMs },
  });
  let walFrames = 0;
  let resolveFirstReport!: () => void;
  let firstReport: Promise<void> | undefined = new Promise<void>((resolve) => (resolveFirstReport = resolve));
  const firstReportIn = () => {
    if (!firstReport) return;
    firstReport = undefined;
    resolveFirstReport();
    if (!stopping && !waiting) worker.unref();
  };
  let waiting: { promise: Promise<void>; resolve(): void } | undefined;
  let stopping = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  const release = () => {
    if (!waiting) return;
    waiting.resolve();
    waiting = undefined;
    if (!stopping) worker.unref();
  };
  worker.on('message', (report: WorkerReport) => {
    firstReportIn();
    if ('error' in report) {
      options.onError?.(report.error);
      release(); // a failed checkpoint must not hold the writer; the next one is asked for later
      return;
    }
    walFrames = report.log;
    if (!waiting) return;
    // The writer is paused: once everything is copied, its next transaction starts the WAL over.
    if (report.checkpointed === report.log) {
      walFrames = 0;
      release();
    } else {
      worker.postMessage('checkpoint');
    }
  });
  worker.on('error', (error) => options.onError?.(error.message));
  void exited.then(() => {
    firstReportIn();
    release();
    // A worker that died on its own leaves no one to checkpoint: SQLite's automatic one takes over.
    if (!stopping && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT}`);
  });
  // The worker must not keep a finished process alive; it is unreferenced once it has reported (a
  // writer may be waiting for that first report).
  sqlite.pragma('wal_autocheckpoint = 0');

  return {
    beforeWrite() {
      if (stopping) return undefined;
      if (firstReport) return firstReport;
      if (walFrames <= options.rewindAtFrames) return undefined;
      if (!waiting) {
        let resolve!: () => void;
        const promise = new Promise<void>((r) => (resolve = r));
        waiting = { promise, resolve };
        worker.ref(); // a writer is waiting on the worker: the process must not end meanwhile
        worker.postMessage('checkpoint');
      }
      return waiting.promise;
    },
    stop() {
      if (!stopping) {
        stopping = true;
        release();
        worker.ref(); // keep the process alive until the worker has closed its connection
        worker.postMessage('stop');
      }
      return exited;
    },
  };
}
