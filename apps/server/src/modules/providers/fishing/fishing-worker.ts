import type { SchedulerLease } from '../../../db/scheduler-lease';
import type { FishingService } from './fishing.service';
import type { TransferWallet } from './transfer-wallet.service';
import { workerErrorLog } from '../../../platform/outage-log';

/** An OPENING session with no transfer this long after it began was cut off before its deposit. */
const ORPHAN_AFTER_MS = 60_000;

interface WorkerLog {
  error(obj: object, msg: string): void;
}

/**
 * The transfer wallet's one job (providers.md §4): resolves transfers whose outcome is unknown (and INITIATED
 * ones a crash left behind) by asking `status` on the back-off schedule, and closes idle fishing sessions.
 * Every step is a conditional update in the database, so a restart resumes; the `fishing-transfers` lease
 * (db/scheduler-lease.ts) keeps it on exactly one process. Time comes from the injected clock; tests call
 * `tick()`.
 */
export class FishingWorker {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> | undefined;

  constructor(
    private readonly transfers: TransferWallet,
    private readonly fishing: FishingService,
    private readonly lease: SchedulerLease,
  ) {}

  tick(): Promise<void> {
    this.current ??= this.pass().finally(() => {
      this.current = undefined;
    });
    return this.current;
  }

  start(intervalMs: number, log: WorkerLog): void {
    const failed = workerErrorLog(log);
    const loop = () => {
      this.tick()
        .catch((error: unknown) => failed(error, 'fishing transfer worker tick failed'))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(loop, intervalMs);
        });
    };
    this.timer = setTimeout(loop, 0);
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.current?.catch(() => undefined);
    await this.lease.release();
  }

  private async pass(): Promise<void> {
    if (!(await this.lease.holds())) return;
    // Drain what is due (a long outage leaves many), a batch at a time.
    while ((await this.transfers.recoverDue(100)) === 100);
    await this.fishing.failOrphanedOpenings(ORPHAN_AFTER_MS);
    await this.fishing.closeIdle();
  }
}
