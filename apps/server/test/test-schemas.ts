import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * PostgreSQL schemas of a test run. Files run side by side (three Vitest workers), and Kysely's migrator lists
 * the tables of EVERY schema before it migrates: a schema dropped by another file during that query fails it
 * ("schema … does not exist"). So within a run (the server project's global setup sets TEST_RUN_TAG) a file
 * never drops its schemas: they carry the run's tag, and the global teardown drops them all at the end.
 * Without the tag (a file run on its own, outside the setup) a schema is dropped at once, as before.
 */
export function testSchemaName(prefix: string): string {
  const tag = process.env.TEST_RUN_TAG;
  return `${prefix}_${tag ? `${tag}_` : ''}${randomBytes(6).toString('hex')}`;
}

/** Drops a schema made by `testSchemaName`: now outside a tagged run, at the run's end inside one. */
export async function dropTestSchema(url: string, schema: string): Promise<void> {
  if (process.env.TEST_RUN_TAG) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await client.end();
  }
}

/** The global teardown: every schema of the tagged run, once no file is running. */
export async function dropRunSchemas(url: string, tag: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace where nspname like '%\\_' || $1 || '\\_%'`,
      [tag],
    );
    for (const { name } of rows) await client.query(`drop schema if exists "${name}" cascade`);
    return rows.length;
  } finally {
    await client.end();
  }
}
