import { setTimeout as delay } from 'node:timers/promises';
import type { Db } from '../../db/database';
import { createSchedulerLease } from '../../db/scheduler-lease';
import { leaseHolder } from '../../db/scheduler-lease.repository';
import type { LedgerSealsTable } from './ledger.table';
import * as repo from './ledger.repository';
import type { LedgerService } from './ledger.service';

export type SealNowOutcome =
  /** Another process holds the `ledger-seal` lease (its worker may be sealing): nothing was sealed. */
  | { ran: false; holder: string }
  /** `through`: the last transfer committed when it started; `sealedThrough`: where the chain ends now. */
  | { ran: true; seals: LedgerSealsTable[]; through: number; sealedThrough: number };

/** How long `ops ledger seal` waits for transactions still open on PostgreSQL to end (they hold the horizon). */
const WAIT_FOR_HORIZON_MS = 10_000;

/**
 * `ops ledger seal`: seals every transfer committed before it started, with the worker's own pass
 * (LedgerService.sealPending) and under the worker's `ledger-seal` lease, so that it never seals beside a worker
 * (two sealers would race for the same seq; the primary key refuses the second, but the lease avoids the race).
 * On SQLite the lease is the process's own (embedded mode has one process): run it with the server stopped
 * or with LEDGER_SEAL_SECONDS=0 there.
 */
export async function sealNow(
  deps: { db: Db; service: LedgerService; leaseName: string; leaseSeconds: number },
  postgres: boolean,
): Promise<SealNowOutcome> {
  const lease = createSchedulerLease(deps.db, deps.leaseName, deps.leaseSeconds);
  try {
    if (!(await lease.holds())) {
      const h = postgres ? await leaseHolder(deps.db, deps.leaseName) : undefined;
      return {
        ran: false,
        holder: h
          ? `pid ${String(h.pid)} (${h.application || 'no application name'}, ${h.address}, since ${h.since})`
          : 'another process (it let go while we looked)',
      };
    }
    const through = await repo.maxTransferId(deps.db);
    const seals: LedgerSealsTable[] = [];
    const until = Date.now() + WAIT_FOR_HORIZON_MS;
    for (;;) {
      // Lost (a frozen process, a dropped connection): another process may be sealing now. Stop.
      if (!(await lease.holds())) throw new Error('lost the ledger-seal lease while sealing');
      const made = await deps.service.sealPending();
      seals.push(...made);
      const sealedThrough = (await repo.lastSeal(deps.db))?.last_id ?? 0;
      // Done, or a transaction still open on PostgreSQL holds the horizon back longer than we wait.
      if (sealedThrough >= through || (made.length === 0 && Date.now() >= until))
        return { ran: true, seals, through, sealedThrough };
      if (made.length === 0) await delay(50);
    }
  } finally {
    await lease.release();
  }
}
