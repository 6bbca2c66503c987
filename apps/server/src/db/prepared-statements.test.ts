import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/databases';
import { openPostgres } from './create-db';
import { StatementNames } from './prepared-statements';

describe('statement names', () => {
  it('gives one name per text, the same each time, and no new name past the bound', () => {
    const names = new StatementNames();
    const first = names.nameOf('select $1');
    expect(first).toBeDefined();
    expect(names.nameOf('select $1')).toBe(first);
    expect(names.nameOf('select $1, $2')).not.toBe(first);
    for (let i = 0; i < 5_000; i++) names.nameOf(`select ${i} + $1`);
    // Past the bound a new text runs unnamed; the texts named before keep their names.
    expect(names.nameOf('select $1, $2, $3')).toBeUndefined();
    expect(names.nameOf('select $1')).toBe(first);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('named statements on PostgreSQL', () => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    await tdb?.drop();
  });

  /** The statements this connection has prepared whose text contains `marker`. */
  const preparedOn = (conn: TestDatabase['db'], marker: string) =>
    sql<{ name: string; statement: string }>`
      select name, statement from pg_prepared_statements where statement like ${`%${marker}%`}`
      .execute(conn)
      .then((r) => r.rows.filter((row) => !row.statement.includes('pg_prepared_statements')));

  it('prepares a query with parameters once per connection and answers it every time', async () => {
    await tdb.db.connection().execute(async (conn) => {
      for (const x of [1, 2, 3, 4, 5, 6, 7]) {
        const { rows } = await sql<{ y: number }>`select ${x}::int + 1 as y /* marker-a */`.execute(conn);
        expect(rows).toEqual([{ y: x + 1 }]);
      }
      const prepared = await preparedOn(conn, 'marker-a');
      expect(prepared).toHaveLength(1);
      expect(prepared[0]!.name).toMatch(/^k\d+$/);
    });
  });

  it('leaves queries without parameters unnamed, and everything unnamed when turned off', async () => {
    await tdb.db.connection().execute(async (conn) => {
      await sql`select 1 as one /* marker-b */`.execute(conn);
      expect(await preparedOn(conn, 'marker-b')).toHaveLength(0);
    });
    const off = openPostgres(tdb.env.DATABASE_URL!, { max: 1, preparedStatements: false });
    try {
      await off.db.connection().execute(async (conn) => {
        await sql`select ${1}::int as one /* marker-c */`.execute(conn);
        expect(await preparedOn(conn, 'marker-c')).toHaveLength(0);
      });
    } finally {
      await off.close();
    }
  });

  it('keeps answering right inside a transaction that fails and one that follows it', async () => {
    await expect(
      tdb.db.transaction().execute(async (trx) => {
        await sql`select ${1}::int as one /* marker-d */`.execute(trx);
        await sql`select ${'x'}::int as broken /* marker-d */`.execute(trx);
      }),
    ).rejects.toThrow(/invalid input syntax/);
    const { rows } = await sql<{ one: number }>`select ${2}::int as one /* marker-d */`.execute(tdb.db);
    expect(rows).toEqual([{ one: 2 }]);
  });

  it('survives a column added under a prepared select *: at once outside a transaction, after one failure inside', async () => {
    await sql`create table shape_t (a int)`.execute(tdb.db);
    await sql`insert into shape_t values (1)`.execute(tdb.db);
    const read = (ex: TestDatabase['db']) =>
      sql<Record<string, number>>`select * from shape_t where a = ${1}`.execute(ex);
    await tdb.db.connection().execute(async (conn) => {
      expect((await read(conn)).rows).toEqual([{ a: 1 }]);
      await sql`alter table shape_t add column b int default 2`.execute(conn);
      // The statement prepared before the change is refused by PostgreSQL, and asked again under a new name.
      expect((await read(conn)).rows).toEqual([{ a: 1, b: 2 }]);
      await sql`alter table shape_t add column c int default 3`.execute(conn);
      await expect(
        tdb.db.transaction().execute(async () => undefined), // another connection: unaffected
      ).resolves.toBeUndefined();
    });
    // Inside a transaction the refused statement fails it (it is aborted); the next transaction reads the new shape.
    const inTransaction = () => tdb.db.transaction().execute((trx) => read(trx));
    const first = await inTransaction().then(
      (r) => r.rows,
      (error: Error) => error.message,
    );
    expect([[{ a: 1, b: 2, c: 3 }], 'cached plan must not change result type']).toContainEqual(first);
    expect((await inTransaction()).rows).toEqual([{ a: 1, b: 2, c: 3 }]);
  });
});
