import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/databases';
import { openPostgres, openSqlite, rawSqliteOf, walCheckpointsOf } from './create-db';
import { groupTransactions, type Transact } from './group-transaction';

/** The keys of the settings rows written by a test, in order. */
async function settingKeys(tdb: TestDatabase, prefix: string): Promise<string[]> {
  const rows = await tdb.db
    .selectFrom('settings')
    .select('key')
    .where('key', 'like', `${prefix}%`)
    .orderBy('key')
    .execute();
  return rows.map((r) => r.key);
}

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
  const keys = (prefix: string) => settingKeys(tdb, prefix);

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
    // One batch (on both dialects), its units in order: the fourth saw the first and itself only.
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(seenByFourth).toBe(2);
    expect(await keys('a:')).toEqual(['a:1', 'a:4']);
  });

  it('answers only once its unit is committed: the batch of all three', async () => {
    const seen = new Map<string, string[]>();
    await Promise.all(
      ['b:1', 'b:2', 'b:3'].map(async (key) => {
        await transact(put(key));
        // Read outside the unit's transaction: what is committed.
        seen.set(key, await keys('b:'));
      }),
    );
    for (const rows of seen.values()) expect(rows).toEqual(['b:1', 'b:2', 'b:3']);
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

/** What a unit returns to tell its batch: PostgreSQL's id of the (top-level) transaction it ran in. */
const txidOf = async (trx: Parameters<Parameters<Transact>[0]>[0]) =>
  (await sql<{ txid: string }>`select txid_current()::text as txid`.execute(trx)).rows[0]!.txid;

const pgOnly = TEST_DIALECTS.includes('postgres') ? describe : describe.skip;

pgOnly('group transactions on PostgreSQL (decision 0038)', () => {
  let tdb: TestDatabase;
  let transact: Transact;
  beforeAll(async () => {
    tdb = await createTestDatabase('postgres');
    transact = groupTransactions(tdb.db);
    // A gate checked at COMMIT (a deferred constraint trigger): `always` refuses every commit, `once` fails
    // the first commit that holds it as a serialization failure (a sequence is not rolled back with it).
    await sql
      .raw(
        `create table commit_gate (v text);
         create sequence commit_gate_seq;
         create function commit_gate_check() returns trigger language plpgsql as $$
         begin
           if new.v = 'always' then raise exception 'refused at commit' using errcode = 'P0001'; end if;
           if new.v = 'once' and nextval('commit_gate_seq') = 1 then
             raise exception 'could not serialize' using errcode = '40001';
           end if;
           return null;
         end $$;
         create constraint trigger commit_gate_trigger after insert on commit_gate
           deferrable initially deferred for each row execute function commit_gate_check();`,
      )
      .execute(tdb.db);
  });
  afterAll(() => tdb.drop());

  const put =
    (key: string, value = 'x') =>
    (trx: Parameters<Parameters<Transact>[0]>[0]) =>
      trx.insertInto('settings').values({ key, value, updated_at_ms: 0 }).execute();
  const gate = (v: 'always' | 'once') => (trx: Parameters<Parameters<Transact>[0]>[0]) =>
    sql`insert into commit_gate (v) values (${v})`.execute(trx);
  const valueOf = async (key: string) =>
    (await tdb.db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
  const keys = (prefix: string) => settingKeys(tdb, prefix);

  it('150 units at once: batches of at most 64 in one transaction each; the one that throws loses only its writes', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 150 }, (_, i) =>
        transact(async (trx) => {
          await put(`g:${String(i).padStart(3, '0')}`)(trx);
          if (i === 7) throw new Error('unit 7 refused after its write');
          return txidOf(trx);
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect(results[7]?.status).toBe('rejected');
    const kept = await keys('g:');
    expect(kept).toHaveLength(149);
    expect(kept).not.toContain('g:007');
    // Units of one batch share its transaction: 64 + 64 + 22 (unit 7, in the first, returned none).
    const perTransaction = new Map<string, number>();
    for (const r of results) {
      if (r.status === 'fulfilled') perTransaction.set(r.value, (perTransaction.get(r.value) ?? 0) + 1);
    }
    expect([...perTransaction.values()]).toEqual([63, 64, 22]);
  });

  it('a batch whose COMMIT is refused rejects every unit, and nothing of it is written', async () => {
    const results = await Promise.allSettled([
      transact(put('e:1')),
      transact(async (trx) => {
        await put('e:2')(trx);
        await gate('always')(trx);
      }),
      transact(put('e:3')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ message: 'refused at commit' });
    expect(await keys('e:')).toEqual([]);
    // The next batch commits.
    await transact(put('e:4'));
    expect(await keys('e:')).toEqual(['e:4']);
  });

  it('a batch whose COMMIT fails as retryable runs its units again, each in a transaction of its own, once', async () => {
    const runs = [0, 0, 0];
    const txids: string[][] = [[], [], []];
    const unit = (i: number) =>
      transact(async (trx) => {
        runs[i]! += 1;
        txids[i]!.push(await txidOf(trx));
        await put(`f:${i}`)(trx);
        if (i === 1) await gate('once')(trx);
        return i;
      });
    expect(await Promise.all([unit(0), unit(1), unit(2)])).toEqual([0, 1, 2]);
    expect(runs).toEqual([2, 2, 2]);
    // First together, then apart.
    expect(new Set(txids.map((t) => t[0])).size).toBe(1);
    expect(new Set(txids.map((t) => t[1])).size).toBe(3);
    expect(await keys('f:')).toEqual(['f:0', 'f:1', 'f:2']);
  });

  it('a batch whose units all succeed is one transaction without savepoints; one failure writes it again with them', async () => {
    // A row's xmin is the id of the (sub)transaction that wrote it: one for all without savepoints.
    const xminsOf = async (prefix: string) =>
      (
        await sql<{
          xmin: string;
        }>`select xmin::text as xmin from settings where key like ${`${prefix}%`}`.execute(tdb.db)
      ).rows.map((r) => r.xmin);
    await Promise.all([1, 2, 3, 4].map((i) => transact(put(`x:${i}`))));
    expect(new Set(await xminsOf('x:')).size).toBe(1);

    const runs = [0, 0, 0, 0];
    const results = await Promise.allSettled(
      [0, 1, 2, 3].map((i) =>
        transact(async (trx) => {
          runs[i]! += 1;
          await put(`y:${i}`)(trx);
          if (i === 2) throw new Error('unit 2 refused');
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    // The first pass ran units 0..2 and stopped at 2's refusal; the second ran all four, each in a savepoint.
    expect(runs).toEqual([2, 2, 2, 1]);
    expect(await keys('y:')).toEqual(['y:0', 'y:1', 'y:3']);
    expect(new Set(await xminsOf('y:')).size).toBe(3);
  });

  it('a unit that loses races is run again, a bounded number of times', async () => {
    const lostRace = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
    let flakyRuns = 0;
    let hopelessRuns = 0;
    const [flaky, steady] = await Promise.allSettled([
      transact(async (trx) => {
        flakyRuns += 1;
        await put(`z:flaky:${flakyRuns}`)(trx);
        if (flakyRuns <= 2) throw lostRace();
        return flakyRuns;
      }),
      transact(put('z:steady')),
    ]);
    expect(flaky).toEqual({ status: 'fulfilled', value: 3 });
    expect(steady?.status).toBe('fulfilled');
    const hopeless = transact(async () => {
      hopelessRuns += 1;
      throw lostRace();
    });
    await expect(hopeless).rejects.toMatchObject({ code: '40P01' });
    expect(hopelessRuns).toBe(3);
    // Only the run that succeeded left its row.
    expect(await keys('z:')).toEqual(['z:flaky:3', 'z:steady']);
  });

  it('with no connection to be had (the database down), the waiting units reject instead of hanging', async () => {
    const down = new URL(process.env.TEST_DATABASE_URL!);
    down.port = '1'; // nothing listens there
    const handle = openPostgres(down.toString(), { max: 2 });
    try {
      const transactDown = groupTransactions(handle.db);
      const results = await Promise.allSettled([transactDown(put('h:1')), transactDown(put('h:2'))]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'ECONNREFUSED' });
    } finally {
      await handle.close();
    }
  });

  it('a unit chosen as a deadlock victim is run again and lands once; the others commit', async () => {
    await tdb.db
      .insertInto('settings')
      .values(['d:A', 'd:B', 'd:count'].map((key) => ({ key, value: '0', updated_at_ms: 0 })))
      .execute();
    const bump = (key: string) => (trx: Parameters<Parameters<Transact>[0]>[0]) =>
      sql`update settings set value = (value::int + 1)::text where key = ${key}`.execute(trx);
    let bLocked!: () => void;
    const bIsLocked = new Promise<void>((r) => (bLocked = r));
    let secondWaits!: () => void;
    const secondIsWaiting = new Promise<void>((r) => (secondWaits = r));
    // Another writer (think: a stake batch) locks B, then wants A, which the batch's first unit holds.
    const other = tdb.db.transaction().execute(async (trx) => {
      // It waits longer before looking for a deadlock, so the batch is the one that finds it (the victim).
      await sql`set local deadlock_timeout = '10s'`.execute(trx);
      await bump('d:B')(trx);
      bLocked();
      await secondIsWaiting;
      await new Promise((r) => setTimeout(r, 150));
      await bump('d:A')(trx);
    });
    await bIsLocked;
    let secondRuns = 0;
    const first = transact(async (trx) => {
      await bump('d:A')(trx);
      return txidOf(trx);
    });
    const second = transact(async (trx) => {
      secondRuns += 1;
      if (secondRuns === 1) secondWaits();
      await bump('d:count')(trx);
      await bump('d:B')(trx);
      return txidOf(trx);
    });
    await Promise.all([first, second]);
    await other;
    expect(secondRuns).toBe(2);
    // Each write once: the victim's first run left nothing.
    expect(await valueOf('d:count')).toBe('1');
    expect(await valueOf('d:A')).toBe('2');
    expect(await valueOf('d:B')).toBe('2');
  }, 20_000);
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
