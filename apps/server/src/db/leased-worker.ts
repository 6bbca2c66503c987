import { workerErrorLog } from '../platform/outage-log';
import type { Db } from './database';
import { createSchedulerLease, type SchedulerLease } from './scheduler-lease';

/**
 * A background job: one pass over the database, run again `everyMs` after the last pass ended, by the one
 * process of the deployment that holds the lease called `name` (db/scheduler-lease.ts). A pass must be
 * safe to repeat and to resume after a crash: every step a conditional update, state read from the
 * database, so the next holder (or this process after a restart) continues where the last one stopped.
 */
export interface WorkerJob {
  /** The lease's name (one elected holder per name and deployment) and the worker's name in its logs. */
  readonly name: string;
  /** The pause between the end of a pass and the start of the next; at most half the lease (config.ts). */
  readonly everyMs: number;
  pass(): Promise<void>;
}

export interface WorkerLog {
  error(obj: object, msg: string): void;
}

/**
 * The loop around a job: `tick()` runs one pass when this process holds the lease (concurrent ticks share
 * the pass in progress: tests and the loop may both tick), `start` repeats it until `stop`, which waits for
 * the pass in progress and gives the lease back so that another process takes it at once.
 */
export class LeasedWorker {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> | undefined;

  constructor(
    private readonly job: WorkerJob,
    private readonly lease: SchedulerLease,
  ) {}

  get name(): string {
    return this.job.name;
  }

  /** One pass if this process holds the lease (takes it when free); else nothing. */
  tick(): Promise<void> {
    this.current ??= this.leasedPass().finally(() => {
      this.current = undefined;
    });
    return this.current;
  }

  start(log: WorkerLog): void {
    if (this.timer) return;
    const failed = workerErrorLog(log);
    const loop = () => {
      this.tick()
        .catch((error: unknown) => failed(error, `${this.job.name} tick failed`))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(loop, this.job.everyMs);
        });
    };
    this.timer = setTimeout(loop, 0);
  }

  /** Whether this process runs the loop and holds its lease (/healthz, the cluster heartbeat). */
  leads(): boolean {
    return this.timer !== undefined && this.lease.held();
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.current?.catch(() => undefined);
    await this.lease.release();
  }

  private async leasedPass(): Promise<void> {
    if (!(await this.lease.holds())) return;
    await this.job.pass();
  }
}

/**
 * Every background worker of the process, each on a lease of its own: built once by the composition root
 * (services.ts), which hands it to the modules; the app starts them all when it is ready (unless
 * LOTTO_SCHEDULER=false, as in tests, which call a worker's `tick()`) and stops them all when it closes
 * (app.ts). The operator CLI and the benchmarks build the same services and never start them.
 */
export class Workers {
  private readonly all: LeasedWorker[] = [];
  /** Set once started: a worker added later starts at once. */
  private log: WorkerLog | undefined;

  constructor(
    private readonly db: Db,
    private readonly leaseSeconds: number,
  ) {}

  /** A new worker for `job`, started and stopped with the others. */
  add(job: WorkerJob): LeasedWorker {
    if (this.all.some((w) => w.name === job.name)) throw new Error(`two workers named ${job.name}`);
    const worker = new LeasedWorker(job, createSchedulerLease(this.db, job.name, this.leaseSeconds));
    this.all.push(worker);
    if (this.log) worker.start(this.log);
    return worker;
  }

  get names(): readonly string[] {
    return this.all.map((w) => w.name);
  }

  start(log: WorkerLog): void {
    this.log = log;
    for (const worker of this.all) worker.start(log);
  }

  /** Stops every worker (started or not: each gives its lease back), waiting for the passes in progress. */
  async stop(): Promise<void> {
    this.log = undefined;
    await Promise.all(this.all.map((w) => w.stop()));
  }
}
