import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openPostgres, openSqlite, type DbHandle } from '../src/db/create-db';
import type { Dialect } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { dropTestSchema, testSchemaName } from './test-schemas';

/** The dialects every repository test runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const TEST_DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase extends DbHandle {
  /** Where a second process (the operator CLI) finds the same database. */
  env: { DATA_DIR?: string; DATABASE_URL?: string };
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database: a real SQLite file in a temporary folder, or a fresh schema on the
 * PostgreSQL server of TEST_DATABASE_URL (a schema per test file keeps parallel files apart).
 */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'lotto59-test-'));
    const handle = openSqlite(join(dir, 'lotto59.sqlite'));
    await migrateToLatest(handle.db, 'sqlite');
    return {
      ...handle,
      env: { DATA_DIR: dir },
      drop: async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const schema = testSchemaName('t');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  // The schema rides in the URL (`options=-c search_path=…`) so a second process reaches the same tables.
  const schemaUrl = new URL(url);
  schemaUrl.searchParams.set('options', `-c search_path=${schema}`);
  const handle = openPostgres(schemaUrl.toString(), { max: 60 });
  await migrateToLatest(handle.db, 'postgres');
  return {
    ...handle,
    env: { DATABASE_URL: schemaUrl.toString() },
    drop: async () => {
      await handle.close();
      await dropTestSchema(url, schema);
    },
  };
}
