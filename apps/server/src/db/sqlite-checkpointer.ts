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
 * The writer only knows the WAL's size from the worker's reports, so a report counts for `staleAfterMs`
 * (ten intervals): until the first report, or once the last is older (the worker slow to start, or
 * stuck in a long checkpoint's fsync on a busy machine), `beforeWrite()` asks for a report and waits
 * for it. A writer that trusted an old figure once filled 72 MB, and once 87 MB, of WAL before the next
 * report came (docs/ci-timing.md).
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
  /** How long a report of the WAL's size is trusted; ten intervals unless given. */
  staleAfterMs?: number | undefined;
  /** The clock reports are timed by (tests move it). */
  now?: (() => number) | undefined;
  /** Told when a checkpoint fails (the next one is tried anyway). */
  onError?: ((message: string) => void) | undefined;
}

type WorkerReport = ({ log: number; checkpointed: number } | { error: string }) & { asked?: number };

const SQLITE_DEFAULT_AUTOCHECKPOINT = 1000;

// Runs in the worker (CommonJS, evaluated from this string so it needs no build step or loader).
// Every checkpoint is reported: `log` frames in the WAL, `checkpointed` of them copied, and `asked`, the
// number of the writer's request it answers (none for the worker's own timer).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const checkpoint = (asked) => {
  try {
    const [{ log, checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ log, checkpointed, asked });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error), asked });
  }
};
const timer = setInterval(() => checkpoint(undefined), workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message.checkpoint !== undefined) return checkpoint(message.checkpoint);
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
  const now = options.now ?? (() => performance.now());
  const staleAfterMs = options.staleAfterMs ?? options.intervalMs * 10;
  let walFrames = 0;
  let reportedAt: number | undefined; // undefined until the worker's first report
  /**
   * A paused writer: until a fresh report says the WAL is small (`report`), or until a checkpoint has
   * copied all of it (`rewind`).
   */
  let waiting:
    { until: 'report' | 'rewind'; asked: number; promise: Promise<void>; resolve(): void } | undefined;
  let requests = 0;
  /** Asks for a checkpoint; only its report (or a later request's) answers a paused writer. */
  const ask = () => {
    requests += 1;
    worker.postMessage({ checkpoint: requests });
    return requests;
  };
  let stopping = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  const wait = (until: 'report' | 'rewind') => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    worker.ref(); // a writer is waiting on the worker: the process must not end meanwhile
    waiting = { until, asked: ask(), promise, resolve };
    return promise;
  };
  const release = () => {
    if (!waiting) return;
    waiting.resolve();
    waiting = undefined;
    // The worker must not keep a finished process alive while no writer waits on it.
    if (!stopping) worker.unref();
  };
  worker.on('message', (report: WorkerReport) => {
    reportedAt = now();
    if ('error' in report) {
      options.onError?.(report.error);
      // A failed checkpoint must not hold the writer; the next one is asked for later.
      if (report.asked !== undefined) release();
      return;
    }
    walFrames = report.log;
    // A report of a checkpoint that may have begun before the writer paused tells nothing of its last
    // batch: only the answer to the writer's own request counts.
    if (!waiting || report.asked === undefined || report.asked < waiting.asked) return;
    if (report.checkpointed === report.log) {
      // Everything is copied: the writer's next transaction starts the WAL over.
      walFrames = 0;
      release();
    } else if (waiting.until === 'report' && walFrames <= options.rewindAtFrames) {
      release();
    } else {
      waiting.until = 'rewind';
      waiting.asked = ask();
    }
  });
  worker.on('error', (error) => options.onError?.(error.message));
  void exited.then(() => {
    release();
    // A worker that died on its own leaves no one to checkpoint: SQLite's automatic one takes over.
    if (!stopping && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT}`);
  });
  sqlite.pragma('wal_autocheckpoint = 0');
  // A writer may come before the worker's first report: it will wait for that report.
  wait('report');

  return {
    beforeWrite() {
      if (stopping) return undefined;
      if (waiting) return waiting.promise;
      if (reportedAt === undefined || now() - reportedAt > staleAfterMs) return wait('report');
      if (walFrames <= options.rewindAtFrames) return undefined;
      return wait('rewind');
    },
    stop() {
      if (!stopping) {
        stopping = true;
        release();
        worker.ref(); // keep the process alive until the worker has closed its connection
        worker.postMessage({ stop: true });
      }
      return exited;
    },
  };
}
