import type { Db } from '../../db/database';
import type { Clock } from '../../platform/clock';
import type { StakeAccounts, StakeBatchWriter } from './wallet.stake-batch';
import { PgStakeBatchWriter } from './pg/stake-batch';
import { sqliteStakeBatchWriterOf } from './sqlite/stake-batch';

// The wallet's one public surface: the only way other modules move money. The wallet is the only code
// that writes `accounts` and `transfers` (eslint.config.js keeps other modules out of its other files).
// Three doors (docs/ARCHITECTURE.md):
//  - move: one transfer, idempotent by its key: `WalletService.transfer` / `transferWithin` (inside the
//    caller's transaction);
//  - creditMany: many credits from a system account, `WalletService.creditManyWithin` (settlement, refunds);
//  - lane: a group-commit unit a product fills with its own rows inside the wallet's transaction, in the
//    process's one bounded queue (`createStakeBatchWriter`, one per process): a stake batch's lane
//    (`StakeBatchWriter.lane`, lotto 59), or a move lane (`WalletService.moveLane`, the seamless wallet's
//    calls: the player's half now, the provider's half and the row at the batch's end, decision 0045). The
//    queue's `run(write)` counts the products' other money writes in the same depth (ticket lottery, fishing).

export { WalletService, type ReconcileReport } from './wallet.service';
export { CashierService } from './cashier.service';
export { TRANSFER_KINDS, type TransferKind } from './wallet.kinds';
export type { SqliteTransfers } from './sqlite/transfers';
export type { LaneMoves, MoveLane } from './wallet.move-lane';
export type { CreditManyCommand } from './wallet.credit-many';
export {
  SYSTEM_ACCOUNTS,
  type AccountRef,
  type DebitGuard,
  type SystemAccount,
  type TransferCommand,
  type TransferReceipt,
} from './wallet.ledger';
export type {
  PgStakeGame,
  PgStakeStatement,
  PreparedStake,
  SqliteBatchContext,
  SqliteStakeGame,
  StakeAccounts,
  StakeBatchWriter,
  StakeGame,
  StakeLane,
  StakeRequest,
  TakeStake,
} from './wallet.stake-batch';
export { BUSY_RETRY_AFTER_SECONDS } from './wallet.write-queue';

/** `WRITE_QUEUE_MAX_DEPTH`'s default: far above what a real load queues (a batch is a few hundred). */
export const DEFAULT_WRITE_QUEUE_MAX_DEPTH = 10_000;

/**
 * The group-commit stake writer of this database: prepared statements in one transaction per batch on
 * SQLite, one statement per batch on PostgreSQL. Build ONE per process (services.ts) and give every game
 * a lane of it, so that one queue, with one depth limit, holds every stake waiting to be written.
 */
export function createStakeBatchWriter(deps: {
  db: Db;
  clock: Clock;
  accounts: StakeAccounts;
  maxDepth?: number | undefined;
  /** PostgreSQL: submissions per batch statement at most. */
  batchMax?: number | undefined;
  /** PostgreSQL: batches written at once (`PG_STAKE_BATCHES_IN_FLIGHT`). */
  batchesInFlight?: number | undefined;
}): StakeBatchWriter {
  const maxDepth = deps.maxDepth ?? DEFAULT_WRITE_QUEUE_MAX_DEPTH;
  const sqlite = sqliteStakeBatchWriterOf(deps.db, deps.clock, { maxDepth });
  if (sqlite) return sqlite;
  return new PgStakeBatchWriter(deps.clock, deps.accounts, {
    maxDepth,
    batchMax: deps.batchMax,
    batchesInFlight: deps.batchesInFlight,
  });
}
