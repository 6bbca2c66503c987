import { Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/databases';
import { countJackpotLines } from '../modules/lotto59/bets/bets.repository';
import {
  countOutstanding,
  pageAndTotals,
  reportBuckets,
} from '../modules/lotto59/tickets/tickets.repository';
import { statementPageAndBuckets } from '../modules/statement/statement.repository';
import { listTransfersOfAccount } from '../modules/wallet/wallet.repository';
import { rawSqliteOf } from './create-db';
import type { Database } from './database';

/**
 * The per-player reads still find their rows through an index after migration 0004 took the indexes
 * that cost the most to write (docs/performance.md). SQLite uses a partial index only when the query
 * repeats its condition, and a scan of a table of millions of bets would not show up in other tests.
 */
describe('per-player reads use an index (SQLite query plans)', () => {
  let tdb: TestDatabase;
  let traced: Kysely<Database>;
  let lastQuery: CompiledQuery | undefined;

  beforeAll(async () => {
    tdb = await createTestDatabase('sqlite');
    // A second Kysely on the same connection, recording the SQL the repository functions send.
    traced = new Kysely<Database>({
      dialect: new SqliteDialect({ database: rawSqliteOf(tdb.db)! }),
      log: (event) => {
        lastQuery = event.query;
      },
    });
  });
  afterAll(() => tdb.drop());

  async function planOf(run: (db: Kysely<Database>) => Promise<unknown>): Promise<string> {
    await run(traced);
    const query = lastQuery!;
    const rows = rawSqliteOf(tdb.db)!
      .prepare(`explain query plan ${query.sql}`)
      .all(...(query.parameters as unknown[])) as { detail: string }[];
    return rows.map((r) => r.detail).join('\n');
  }

  // The statement's per-account indexes (migration 0018) hold every kind; SQLite prefers them to the partial
  // deposit-and-withdrawal ones of migration 0004. Either is a search by account, never a scan.
  it('the deposit and withdrawal list searches by account on each side', async () => {
    const plan = await planOf((db) =>
      listTransfersOfAccount(db, { accountId: 7, kinds: ['deposit'] }, { limit: 20, offset: 0 }),
    );
    expect(plan).toMatch(
      /SEARCH transfers USING INDEX transfers_from_(statement|account_time)_idx \(from_account_id=\?/,
    );
    expect(plan).toMatch(
      /SEARCH transfers USING INDEX transfers_to_(statement|account_time)_idx \(to_account_id=\?/,
    );
    expect(plan).not.toContain('SCAN');
  });

  it('the ticket list, the report and the badge use the player-and-time index', async () => {
    for (const run of [
      (db: Kysely<Database>) => {
        const filter = { playerId: 7, type: 'ALL', fromMs: 0, toMs: 1e13 } as const;
        return pageAndTotals(db, filter, filter, { limit: 20, offset: 0 });
      },
      (db: Kysely<Database>) => reportBuckets(db, 7, 0, 1e13),
      (db: Kysely<Database>) => countOutstanding(db, 7, { id: 3, openedAtMs: 1_000 }),
    ]) {
      expect(await planOf(run)).toContain('lotto59_bets_player_time_idx');
    }
  });

  it("the statement's page names a stake's ticket by the submissions' key, searching by account on each side", async () => {
    const plan = await planOf((db) =>
      statementPageAndBuckets(
        db,
        { playerId: 7, accountId: 9, fromMs: 0, toMs: 1e13, kinds: ['bet_stake', 'bet_payout'] },
        { limit: 20, offset: 0 },
      ),
    );
    expect(plan).toMatch(
      /SEARCH g USING (COVERING )?INDEX sqlite_autoindex_lotto59_bet_groups_1 \(player_id=\? AND idempotency_key=\?\)/,
    );
    expect(plan).toMatch(/SEARCH b USING (COVERING )?INDEX lotto59_bets_group_idx \(group_id=\?\)/);
    expect(plan).not.toMatch(/SCAN (g|b|transfers)\b/);
  });

  it('the jackpot limit counts through the partial index of jackpot submissions', async () => {
    const plan = await planOf((db) => countJackpotLines(db, 7, 3));
    expect(plan).toContain('lotto59_bet_groups_jackpot_idx');
    expect(plan).toContain('lotto59_bets_group_idx');
  });
});
