import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RangeRoot } from './seal-range';
import type { SealRangeAnswer, SealRangeJob } from './seal-thread.sqlite-entry';

/**
 * SQLite: the seal's reads and hashing on a thread of their own (decision 0048). On SQLite the server's one
 * thread runs every request and every SQL statement; a seal read and hashed there (≈ 4 µs a transfer, every
 * LEDGER_SEAL_SECONDS) took its time from the wallet's requests. One thread per process, started at the first
 * seal and kept (unreferenced: it never holds a finished process alive); a job names its database file.
 */
class SealThread {
  private worker: Worker | undefined;
  private readonly jobs = new Map<
    number,
    { resolve(root: RangeRoot | null): void; reject(error: Error): void }
  >();
  private nextJob = 1;

  /** The count, last id and Merkle root of the transfers with afterId < id <= throughId, at most `limit`. */
  root(file: string, afterId: number, throughId: number, limit: number): Promise<RangeRoot | null> {
    const worker = (this.worker ??= this.start());
    const job = this.nextJob++;
    return new Promise((resolve, reject) => {
      this.jobs.set(job, { resolve, reject });
      worker.ref(); // a seal is waiting on the thread: the process must not end meanwhile
      worker.postMessage({ job, file, afterId, throughId, limit } satisfies SealRangeJob);
    });
  }

  private start(): Worker {
    const { url, execArgv } = threadEntry();
    // execArgv given: none of the parent's flags (a profiler's, a test runner's) are passed on.
    const worker = new Worker(url, { execArgv });
    worker.unref();
    worker.on('message', (answer: SealRangeAnswer) => {
      const job = this.jobs.get(answer.job);
      if (!job) return;
      this.jobs.delete(answer.job);
      if (this.jobs.size === 0) worker.unref();
      if ('error' in answer) job.reject(new Error(`seal thread: ${answer.error}`));
      else
        job.resolve(
          answer.root && { count: answer.count, lastId: answer.lastId, root: Buffer.from(answer.root) },
        );
    });
    const failed = (error: Error) => {
      if (this.worker === worker) this.worker = undefined; // the next job starts a new thread
      for (const job of this.jobs.values()) job.reject(error);
      this.jobs.clear();
    };
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`the seal thread exited with code ${String(code)}`)));
    return worker;
  }
}

/**
 * The thread's code: beside this file in the source (run through tsx, as the tests and the benchmarks run the
 * server), beside the bundle in dist/ (build.mjs builds it as `ledger-seal-thread.mjs` with every entry).
 */
function threadEntry(): { url: URL; execArgv: string[] } {
  if (import.meta.url.endsWith('.ts')) {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return { url: new URL('./seal-thread.sqlite-entry.ts', import.meta.url), execArgv: ['--import', tsx] };
  }
  return { url: new URL('./ledger-seal-thread.mjs', import.meta.url), execArgv: [] };
}

export const sealThread = new SealThread();
