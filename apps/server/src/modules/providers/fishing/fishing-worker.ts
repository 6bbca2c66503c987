import type { FishingService } from './fishing.service';
import type { TransferWallet } from './transfer-wallet.service';

/** An OPENING session with no transfer this long after it began was cut off before its deposit. */
const ORPHAN_AFTER_MS = 60_000;

/**
 * The transfer wallet's one job (providers.md §4): resolves transfers whose outcome is unknown (and INITIATED
 * ones a crash left behind) by asking `status` on the back-off schedule, and closes idle fishing sessions.
 * Every step is a conditional update in the database, so a restart resumes; the `fishing-transfers` lease
 * of its worker (db/leased-worker.ts) keeps it on exactly one process. Time comes from the injected clock;
 * tests call the worker's `tick()`.
 */
export class FishingWorker {
  constructor(
    private readonly transfers: TransferWallet,
    private readonly fishing: FishingService,
  ) {}

  async pass(): Promise<void> {
    // Drain what is due (a long outage leaves many), a batch at a time.
    while ((await this.transfers.recoverDue(100)) === 100);
    await this.fishing.failOrphanedOpenings(ORPHAN_AFTER_MS);
    await this.fishing.closeIdle();
  }
}
