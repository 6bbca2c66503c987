import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import { pgPoolOf, rawSqliteOf } from '../../db/create-db';
import type { Db } from '../../db/database';
import { TRANSFER_RANGE_SQL as RANGE_SQL, type TransferTuple } from './transfer-encoding';

// The range reads return bare arrays (better-sqlite3 `raw`, pg `rowMode: 'array'`), below Kysely: `ops ledger
// verify` reads every transfer of the ledger through them.

/** Reads transfers by id range, fast; one per database. */
export class TransferRangeReader {
  private readonly sqliteRange: SQLite.Statement<[number, number, number], TransferTuple> | undefined;
  private readonly pool: pg.Pool | undefined;

  constructor(db: Db) {
    const sqlite = rawSqliteOf(db);
    this.sqliteRange = sqlite
      ?.prepare<[number, number, number], TransferTuple>(RANGE_SQL(() => '?'))
      .raw(true);
    this.pool = sqlite ? undefined : pgPoolOf(db);
    if (!sqlite && !this.pool)
      throw new Error('the ledger reads need a database opened by openSqlite or openPostgres');
  }

  /** Transfers with afterId < id <= throughId, in id order, at most `limit`. */
  async range(afterId: number, throughId: number, limit: number): Promise<TransferTuple[]> {
    if (this.sqliteRange) return this.sqliteRange.all(afterId, throughId, limit);
    const result = await (this.pool as pg.Pool).query<TransferTuple>({
      text: RANGE_SQL((n) => `$${String(n)}`),
      values: [afterId, throughId, limit],
      rowMode: 'array',
    });
    return result.rows;
  }
}

/** The file of a SQLite database (the seal thread opens it too); undefined on PostgreSQL or in memory. */
export function sqliteFileOf(db: Db): string | undefined {
  const sqlite = rawSqliteOf(db);
  return sqlite && !sqlite.memory ? sqlite.name : undefined;
}
