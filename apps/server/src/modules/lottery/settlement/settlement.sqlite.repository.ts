import type SQLite from 'better-sqlite3';
import type { LotteryBetType, Riel } from '@lotto59/domain';
import { rawSqliteOf } from '../../../db/create-db';
import type { Db } from '../../../db/database';
import type { LiveItem, WinningItem } from './settlement.repository';

type LiveItemRow = [number, number, number, LotteryBetType, string, string, Riel, number | null];

/**
 * The SQL of settling a draw on SQLite, as prepared statements on the better-sqlite3 handle: they run
 * synchronously inside the settling transaction (which holds Kysely's one connection), with no promise,
 * no query compilation and no result object per row. Reading 10⁶ items through Kysely took 2.3 s of an
 * 8.3 s settlement; a multi-row statement costs more to build and parse than its rows to write, where one
 * prepared statement per winner is a primary-key seek or an append (docs/performance.md).
 * Amounts are cast to integer: better-sqlite3 binds JS numbers as REAL.
 */
export class SqliteSettlementStatements {
  private readonly itemWon;

  constructor(private readonly sqlite: SQLite.Database) {
    this.itemWon = sqlite.prepare<[number, number, Riel, string, number]>(
      `insert into lottery_item_wins (item_id, player_id, payout, hits, paid_at_ms)
       values (?, ?, cast(? as integer), ?, ?)`,
    );
  }

  /** Only inside the settling transaction: a statement outside it would commit on its own. */
  private inTransaction(): void {
    if (!this.sqlite.inTransaction)
      throw new Error('lottery settlement statements run inside its transaction');
  }

  /**
   * Hands `visit` each live item that can win, as SQLite steps to it.
   * An item wins only if one of its numbers is the tail of some line of the sheet (whatever its posts), so
   * SQLite skips every item with none of `tails` among its numbers and only those candidates (about 1 in 8
   * in the benchmark) cross into JS, where they are scored exactly. An item of one number (most of them)
   * is tested with `numbers in (…)`, one lookup in a list SQLite sorts once per statement; only an item of
   * several numbers takes the `instr` test per tail on its comma-delimited list, whose string building cost
   * 1.1 s of 1.4 s at 10⁶ items when every item took it (docs/performance.md). Stepped with `iterate()`,
   * not `.all()`: rows held all at once cost 3–4 times as much.
   */
  forEachCandidateItem(
    drawId: number,
    tails: Readonly<Record<LotteryBetType, readonly string[]>>,
    visit: (item: LiveItem) => void,
  ): void {
    this.inTransaction();
    const withTails = Object.entries(tails).filter(([, list]) => list.length > 0);
    if (withTails.length > 0) {
      const oneNumber: (string | number)[] = [];
      const oneNumberTest = withTails
        .map(([betType, list]) => {
          oneNumber.push(betType, ...list);
          return `when ? then numbers in (${list.map(() => '?').join(', ')})`;
        })
        .join(' ');
      const several: (string | number)[] = [];
      const severalTest = withTails
        .map(([betType, list]) => {
          several.push(betType, ...list.map((tail) => `,${tail},`));
          return `(bet_type = ? and (${list.map(() => "instr(',' || numbers || ',', ?) > 0").join(' or ')}))`;
        })
        .join(' or ');
      const candidates = this.sqlite
        .prepare<(string | number)[], LiveItemRow>(
          `select id, ticket_id, player_id, bet_type, posts, numbers, amount, price from lottery_items
           where draw_id = ? and status = 'OPEN'
             and iif(instr(numbers, ',') = 0, case bet_type ${oneNumberTest} else 0 end, ${severalTest})
           order by id`,
        )
        .raw(true);
      for (const [id, ticketId, playerId, betType, posts, numbers, amount, price] of candidates.iterate(
        drawId,
        ...oneNumber,
        ...several,
      )) {
        visit({ id, ticketId, playerId, betType, posts, numbers, amount, price });
      }
    }
  }

  /** One row of `lottery_item_wins` per winner, in item order (decision 0036). */
  insertItemWins(winners: readonly WinningItem[], nowMs: number): void {
    this.inTransaction();
    for (const w of winners) this.itemWon.run(w.id, w.playerId, w.payout, w.hits, nowMs);
  }
}

/**
 * On SQLite, the settling statements on its raw handle, prepared on first use (the tables exist only once
 * the migrations ran); undefined on PostgreSQL, which settles through settlement.repository.ts.
 */
export function sqliteSettlementOf(db: Db): (() => SqliteSettlementStatements) | undefined {
  const sqlite = rawSqliteOf(db);
  if (!sqlite) return undefined;
  let statements: SqliteSettlementStatements | undefined;
  return () => (statements ??= new SqliteSettlementStatements(sqlite));
}
