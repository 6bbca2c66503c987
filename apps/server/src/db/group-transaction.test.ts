import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/databases';
import { openSqlite, rawSqliteOf, walCheckpointsOf } from './create-db';
import { groupTransactions, type Transact } from './group-transaction';

describe.each(TEST_DIALECTS)('group transactions (%s)', (dialect) => {
  let tdb: TestDatabase;
  let transact: Transact;
  beforeAll(async () => {
    tdb = await createTestDatabase(dialect);
    transact = groupTransactions(tdb.db);
  });
  afterAll(() => tdb.drop());

  const put = (key: string) => (trx: Parameters<Parameters<Transact>[0]>[0]) =>
    trx.insertInto('settings').values({ key, value: 'x', updated_at_ms: 0 }).execute();
  const keys = async (prefix: string) =>
    (
      await tdb.db
        .selectFrom('settings')
        .select('key')
        .where('key', 'like', `${prefix}%`)
        .orderBy('key')
        .execute()
    ).map((r) => r.key);

  it('units that throw roll back their own writes only; the others commit, each seeing those before it', async () => {
    const results = await Promise.allSettled([
      transact(put('a:1')),
      transact(async (trx) => {
        await put('a:2')(trx);
        throw new Error('refused after a write');
      }),
      transact(async (trx) => {
        await put('a:3')(trx);
        // A unit's unique key refusal (the same key as the first unit): only this unit fails.
        await put('a:1')(trx);
      }),
      transact(async (trx) => {
        await put('a:4')(trx);
        return (await trx.selectFrom('settings').select('key').where('key', 'like', 'a:%').execute()).length;
      }),
    ]);
    expect(results[1]?.status).toBe('rejected');
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ message: 'refused after a write' });
    expect(results[3]?.status).toBe('fulfilled');
    const seenByFourth = (results[3] as PromiseFulfilledResult<number>).value;
    if (dialect === 'sqlite') {
      // One batch, its units in order: the fourth saw the first and itself only.
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
      expect(seenByFourth).toBe(2);
      expect(await keys('a:')).toEqual(['a:1', 'a:4']);
    } else {
      // PostgreSQL: one transaction per unit, running side by side. Whichever of the first and the third
      // wrote `a:1` first keeps it and the other is refused whole; the fourth saw itself, and the first if
      // that had committed. Nothing of a refused unit is kept either way.
      expect([results[0]?.status, results[2]?.status].sort()).toEqual(['fulfilled', 'rejected']);
      expect([1, 2, 3]).toContain(seenByFourth);
      const kept = await keys('a:');
      expect(kept).not.toContain('a:2');
      expect(kept).toEqual(results[0]?.status === 'fulfilled' ? ['a:1', 'a:4'] : ['a:1', 'a:3', 'a:4']);
    }
  });

  it('answers only once its unit is committed (on SQLite: the batch of all three)', async () => {
    const seen = new Map<string, string[]>();
    await Promise.all(
      ['b:1', 'b:2', 'b:3'].map(async (key) => {
        await transact(put(key));
        // Read outside the unit's transaction: what is committed.
        seen.set(key, await keys('b:'));
      }),
    );
    for (const [key, rows] of seen) {
      if (dialect === 'sqlite') expect(rows).toEqual(['b:1', 'b:2', 'b:3']);
      else expect(rows).toContain(key);
    }
  });

  it.runIf(dialect === 'sqlite')(
    'a batch that SQLite ends by itself fails as a whole: nothing of it is kept',
    async () => {
      const sqlite = rawSqliteOf(tdb.db)!;
      const results = await Promise.allSettled([
        transact(put('c:1')),
        transact(async () => {
          // As SQLite does by itself on some errors (a full disk, I/O): the whole transaction is rolled back.
          sqlite.exec('rollback');
        }),
        transact(put('c:3')),
      ]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
      expect(await keys('c:')).toEqual([]);
      expect(sqlite.inTransaction).toBe(false);
      // The writer goes on with the next batch.
      await transact(put('c:4'));
      expect(await keys('c:4')).toEqual(['c:4']);
    },
  );
});

describe('group transactions and the background checkpointer (SQLite)', () => {
  it('a batch waits for the WAL to be started over when the checkpointer asks, then commits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'group-wal-'));
    const handle = openSqlite(join(dir, 'db.sqlite'), { backgroundCheckpoints: true });
    try {
      await sql`create table t (v integer)`.execute(handle.db);
      const checkpoints = walCheckpointsOf(handle.db)!;
      let rewound!: () => void;
      const beforeWrite = vi
        .spyOn(checkpoints, 'beforeWrite')
        .mockReturnValueOnce(new Promise<void>((resolve) => (rewound = resolve)));
      const transact = groupTransactions(handle.db);
      let committed = false;
      const unit = transact((trx) => sql`insert into t values (1)`.execute(trx)).then(
        () => (committed = true),
      );
      await new Promise((r) => setTimeout(r, 30));
      expect(beforeWrite).toHaveBeenCalledTimes(1);
      expect(committed).toBe(false);
      rewound();
      await unit;
      expect(committed).toBe(true);
      const rows = await sql<{ n: number }>`select count(*) as n from t`.execute(handle.db);
      expect(rows.rows[0]!.n).toBe(1);
    } finally {
      await handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
