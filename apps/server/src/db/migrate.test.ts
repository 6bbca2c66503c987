import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgres } from './create-db';
import { migrateToLatest } from './migrate';
import { withSchemaScopedIntrospection } from './schema-scoped-introspection';
import { dropTestSchema, testSchemaName } from '../../test/test-schemas';

const url = process.env.TEST_DATABASE_URL;

/** A handle whose connections work inside `schema`, as the server's are (search_path in the URL). */
function openInSchema(schema: string) {
  const schemaUrl = new URL(url!);
  schemaUrl.searchParams.set('options', `-c search_path=${schema}`);
  return openPostgres(schemaUrl.toString(), { max: 4 });
}

describe.skipIf(!url)('migrations on a PostgreSQL server shared with other schemas', () => {
  const admin = new pg.Client({ connectionString: url });
  const made: string[] = [];
  afterAll(async () => {
    for (const schema of made) await dropTestSchema(url!, schema);
    await admin.end();
  });

  it('the migrator sees the tables of its own schema only', async () => {
    await admin.connect();
    const ours = testSchemaName('mig');
    const theirs = testSchemaName('mig');
    made.push(ours, theirs);
    await admin.query(`create schema ${ours}; create schema ${theirs}`);
    await admin.query(`create table ${ours}.mine (id serial primary key)`);
    await admin.query(`create table ${theirs}.not_mine (id serial primary key)`);
    const handle = openInSchema(ours);
    try {
      const tables = await withSchemaScopedIntrospection(handle.db, ours).introspection.getTables();
      expect(tables.map((t) => `${t.schema}.${t.name}`)).toEqual([`${ours}.mine`]);
    } finally {
      await handle.close();
    }
  });

  // Kysely's own listing runs pg_get_serial_sequence on every table of every schema: a schema dropped by
  // another process during that query failed our migration ("schema … does not exist"), in CI and under
  // benchmarks. Ours must not care what other schemas come and go.
  it('migrates while other processes create and drop schemas beside it', async () => {
    const ours = testSchemaName('mig');
    made.push(ours);
    await admin.query(`create schema ${ours}`);
    const handle = openInSchema(ours);
    let migrating = true;
    const churn = (async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      for (let i = 0; migrating && i < 400; i++) {
        const other = `churn_${process.pid}_${i}`;
        await client.query(`create schema ${other}; create table ${other}.t (id serial primary key)`);
        await client.query(`drop schema ${other} cascade`);
      }
      await client.end();
    })();
    try {
      const applied = await migrateToLatest(handle.db, 'postgres');
      expect(applied.length).toBeGreaterThan(10);
    } finally {
      migrating = false;
      await churn;
      await handle.close();
    }
  });
});
