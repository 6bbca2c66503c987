import type SQLite from 'better-sqlite3';
import type { RgCounts } from '@lotto59/domain';
import { onSqlite } from '../../../db/create-db';
import type { Db } from '../../../db/database';
import type { RgRow } from '../rg-state';
import { paramsOf, upsertText, type RgJudge } from '../rg.counters.repository';

/** Responsible gaming's statements of this database, prepared on first use; undefined on PostgreSQL. */
export function rgSqliteStatementsOf(db: Db): (() => RgSqliteStatements) | undefined {
  return onSqlite(db, (sqlite) => new RgSqliteStatements(sqlite));
}

/**
 * SQLite: the same statements prepared once on the raw handle, run synchronously inside whatever
 * transaction holds it (a stake batch, a savepoint of the seamless wallet, a Kysely transaction).
 */
export class RgSqliteStatements {
  private readonly upserts: Record<
    RgJudge,
    SQLite.Statement<[Record<string, number>], { player_id: number }>
  >;
  private readonly row: SQLite.Statement<[number], RgRow>;

  constructor(sqlite: SQLite.Database) {
    const prepare = (judge: RgJudge) =>
      sqlite.prepare<[Record<string, number>], { player_id: number }>(
        upsertText(judge, 'max', true).replace(/:(\w+)/g, '@$1'),
      );
    this.upserts = { STAKE: prepare('STAKE'), DEPOSIT: prepare('DEPOSIT'), NONE: prepare('NONE') };
    this.row = sqlite.prepare('select * from rg_players where player_id = ?');
  }

  /** Judges and counts one movement; false = refused (nothing changed). */
  upsert(judge: RgJudge, playerId: number, counts: RgCounts, nowMs: number): boolean {
    const params = paramsOf(playerId, counts, nowMs);
    return this.upserts[judge].get({ ...params }) !== undefined;
  }

  rowOf(playerId: number): RgRow | undefined {
    return this.row.get(playerId);
  }
}
