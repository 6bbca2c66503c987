import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openPostgres, openSqlite, type DbHandle } from '../src/db/create-db';

/**
 * A throwaway database for one benchmark: a SQLite file in a temporary folder, or a fresh schema on the
 * PostgreSQL server of `url` (reached by a second process through the URL's search_path option).
 */
export async function openBenchDatabase(
  url: string | undefined,
  options: { max?: number } = {},
): Promise<{ handle: DbHandle; env: Record<string, string>; drop(): Promise<void> }> {
  if (!url) {
    const dir = mkdtempSync(join(tmpdir(), 'lotto59-bench-'));
    // As the server opens it (server.ts): checkpoints on a worker thread.
    const handle = openSqlite(join(dir, 'lotto59.sqlite'), { backgroundCheckpoints: true });
    return {
      handle,
      env: { DATA_DIR: dir },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const schemaUrl = new URL(url);
  schemaUrl.searchParams.set('options', `-c search_path=${schema}`);
  const handle = openPostgres(schemaUrl.toString(), { max: options.max ?? 50 });
  return {
    handle,
    env: { DATABASE_URL: schemaUrl.toString() },
    drop: async () => {
      // Requests still in flight when the load stopped may hold locks for a moment: retry.
      for (let attempt = 1; ; attempt++) {
        try {
          await sql`drop schema ${sql.id(schema)} cascade`.execute(handle.db);
          return;
        } catch (error) {
          if (attempt >= 5) throw error;
          await new Promise((r) => setTimeout(r, 200 * attempt));
        }
      }
    },
  };
}

/**
 * A whole throwaway database on the PostgreSQL server of `url` (for benchmarks whose processes need a
 * database of their own, not a schema: the cluster and its studio, or a data set to measure by size).
 */
export async function createBenchDatabase(
  url: string,
  prefix: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    name,
    // `with (force)`: a process killed mid-run may still hold a connection.
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
