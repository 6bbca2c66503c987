import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Workers } from '../../db/leased-worker';
import type { Clock } from '../../platform/clock';
import { sealNow } from './ledger-seal-now';
import { LedgerSealJob } from './ledger-seal.worker';
import { LedgerService } from './ledger.service';
import { loadSealKey } from './seal-key';

export { ledgerRoutes } from './ledger.routes';
export { LedgerService, SEAL_MAX_ROWS, type SealProblem, type VerifyReport } from './ledger.service';
export type { SealNowOutcome } from './ledger-seal-now';
export { loadSealKey, publicKeyFromHex, type SealKey } from './seal-key';

/**
 * The sealed ledger: its service, and its worker on the `ledger-seal` lease, one of the process's workers
 * (started and stopped with them), when sealing is on (LEDGER_SEAL_SECONDS > 0) and this process has the key.
 */
export function createLedger(deps: { config: Config; db: Db; clock: Clock; workers: Workers }) {
  const { config, db, clock } = deps;
  const key = loadSealKey(config, { create: true });
  const service = new LedgerService(db, clock, key, config.mode === 'server' ? 'postgres' : 'sqlite');
  const sealJob = new LedgerSealJob(service, config.LEDGER_SEAL_SECONDS * 1000);
  const worker = config.LEDGER_SEAL_SECONDS > 0 && service.canSeal() ? deps.workers.add(sealJob) : undefined;
  /** `ops ledger seal`: every pending transfer sealed now, under the worker's lease (ledger-seal-now.ts). */
  const sealPendingNow = () =>
    sealNow(
      { db, service, leaseName: sealJob.name, leaseSeconds: config.SCHEDULER_LEASE_SECONDS },
      config.mode === 'server',
    );
  return { service, sealJob, worker, key, sealPendingNow };
}
