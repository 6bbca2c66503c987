import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './sqlite-statement-cache';

describe('the prepared-statement cache under Kysely', () => {
  const open: SQLite.Database[] = [];
  const sqliteDb = () => {
    const db = new SQLite(':memory:');
    db.exec('create table t (k integer primary key, v text)');
    open.push(db);
    return db;
  };
  afterEach(() => {
    for (const db of open.splice(0)) if (db.open) db.close();
  });

  it('hands out the same statement for the same text, binding new parameters each time', () => {
    const cached = withStatementCache(sqliteDb());
    const a = cached.prepare('select ? as x');
    expect(cached.prepare('select ? as x')).toBe(a);
    expect(a.all([1])).toEqual([{ x: 1 }]);
    expect(cached.prepare('select ? as x').all([2])).toEqual([{ x: 2 }]);
    expect(cached.prepare('select ? as y')).not.toBe(a);
  });

  it('prepares a fresh statement while the cached one is busy iterating', () => {
    const raw = sqliteDb();
    raw.exec("insert into t values (1, 'a'), (2, 'b')");
    const cached = withStatementCache(raw);
    const text = 'select v from t order by k';
    const iterating = cached.prepare(text);
    const rows = iterating.iterate([]);
    expect(rows.next().value).toEqual({ v: 'a' });
    const other = cached.prepare(text);
    expect(other).not.toBe(iterating);
    expect(other.all([])).toEqual([{ v: 'a' }, { v: 'b' }]);
    expect(rows.next().value).toEqual({ v: 'b' });
    expect(rows.next().done).toBe(true);
    expect(cached.prepare(text)).toBe(iterating);
  });

  it('keeps at most `max` statements, dropping the oldest', () => {
    const cached = withStatementCache(sqliteDb(), 2);
    const one = cached.prepare('select 1');
    const two = cached.prepare('select 2');
    expect(cached.prepare('select 2')).toBe(two);
    cached.prepare('select 3'); // drops `select 1`
    expect(cached.prepare('select 2')).toBe(two);
    expect(cached.prepare('select 1')).not.toBe(one);
  });

  it('is still right after a failed statement and after a schema change (Kysely on top)', async () => {
    const db = new Kysely<{ t: { k: number; v: string } }>({
      dialect: new SqliteDialect({ database: withStatementCache(sqliteDb()) }),
    });
    const insert = (k: number, v: string) => db.insertInto('t').values({ k, v }).execute();
    await insert(1, 'a');
    await expect(insert(1, 'again')).rejects.toThrow(/UNIQUE/);
    await insert(2, 'b');
    expect(await db.selectFrom('t').selectAll().orderBy('k').execute()).toEqual([
      { k: 1, v: 'a' },
      { k: 2, v: 'b' },
    ]);
    await sql`alter table t add column w integer not null default 7`.execute(db);
    expect(await db.selectFrom('t').selectAll().where('k', '=', 2).execute()).toEqual([
      { k: 2, v: 'b', w: 7 },
    ]);
    // A transaction's begin/commit statements are cached like any other.
    await db.transaction().execute((trx) => trx.insertInto('t').values({ k: 3, v: 'c' }).execute());
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ k: 4, v: 'd' }).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await db.selectFrom('t').select('k').execute()).map((r) => r.k)).toEqual([1, 2, 3]);
    await db.destroy();
  });
});
