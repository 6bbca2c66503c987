import type { WorkerJob } from '../../db/leased-worker';
import type { LedgerService } from './ledger.service';

/**
 * Seals the ledger every LEDGER_SEAL_SECONDS on the one process that holds the `ledger-seal` lease (one of the
 * process's workers, db/leased-worker.ts). A pass is reads and one insert per seal, so a restart or a change of
 * holder resumes from the last seal in the database.
 */
export class LedgerSealJob implements WorkerJob {
  readonly name = 'ledger-seal';
  /** Seals and transfers this process sealed since it started (the benchmarks print them). */
  sealed = 0;
  sealedTransfers = 0;

  constructor(
    private readonly ledger: LedgerService,
    readonly everyMs: number,
  ) {}

  async pass(): Promise<void> {
    for (const seal of await this.ledger.sealPending()) {
      this.sealed += 1;
      this.sealedTransfers += seal.count;
    }
  }
}
