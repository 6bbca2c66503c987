import type { RawBuilder, Transaction } from 'kysely';
import type { Riel } from '@lotto59/domain';
import type { Database } from '../../db/database';
import type { UnitOptions } from '../../db/group-transaction';
import type { MovedRow } from './pg/transfer.repository';
import type { SqliteTransfers } from './sqlite/transfers';
import type { TransferCommand } from './wallet.ledger';

/**
 * The money a unit of a move lane may move: transfers between a player and a system account that may go
 * negative (a provider's), each for a key the caller knows to be new (it looked its own record up in the
 * unit's transaction, and the key is written only with that record). A key used after all is refused by
 * its unique index (on PostgreSQL at the batch's end, and the batch then fails whole).
 */
export interface LaneMoves {
  /**
   * One transfer; answers the player's balance after. PostgreSQL (decision 0045): the player's half now,
   * one statement (the conditional debit or the credit); the system account's half and the transfer row at
   * the batch's end, once for the whole batch. SQLite: `transferWithin`.
   */
  move(cmd: TransferCommand): Promise<Riel>;
  /**
   * PostgreSQL: `move` as common table expressions for the caller's own statement, which writes its rows
   * with the player's half in one round trip (`transfer_moved(id, from_balance_after, to_balance_after)`:
   * no row when the debit is not covered, or when `onlyIf`, the caller's condition, does not hold).
   * `land(row)` hands the system half to the batch and answers the player's balance after; call it once
   * the statement has written the row. Undefined on SQLite.
   */
  moveCtes(
    cmd: TransferCommand,
    onlyIf?: RawBuilder<boolean>,
  ): Promise<{ ctes: RawBuilder<unknown>; land: (moved: MovedRow) => Riel } | undefined>;
}

/**
 * The wallet's third door in its second form (the first is a stake batch's lane): a lane of single moves
 * that a product fills with its own rows (the seamless wallet's calls). Each `transact` is one unit of a
 * group commit (db/group-transaction.ts): it waits in the process's one money queue (its depth, its 503
 * `BUSY`, its drain at shutdown), shares its batch's transaction in a savepoint of its own, and resolves
 * once committed. The wallet writes the batch's system halves before the COMMIT.
 */
export interface MoveLane {
  transact<T>(
    work: (trx: Transaction<Database>, moves: LaneMoves) => Promise<T>,
    options?: UnitOptions,
  ): Promise<T>;
  /**
   * SQLite: `transferWithin` as synchronous prepared statements on the raw handle, for units that run
   * synchronously inside `transact` (decision 0021); undefined on PostgreSQL.
   */
  readonly sqliteTransfers: SqliteTransfers | undefined;
}
