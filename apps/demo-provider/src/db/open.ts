import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrateDemoProvider } from './migrations';
import type { DemoProviderDatabase } from './schema';

/** Where the studio keeps its data: a SQLite file under a folder (embedded), or a PostgreSQL schema. */
export type DemoProviderDatabaseOptions =
  { kind: 'sqlite'; dataDir: string } | { kind: 'postgres'; url: string; schema?: string };

export interface DemoProviderDb {
  db: Kysely<DemoProviderDatabase>;
  dialect: 'sqlite' | 'postgres';
  close(): Promise<void>;
}

export const DEFAULT_PG_SCHEMA = 'demo_provider';
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

// int8 comes back from pg as text to protect precision; the studio's riel and millisecond values stay far
// inside the safe range, and one outside it is an error rather than a silent rounding. Set on this pool only,
// so the casino's own pool (same process in embedded mode) is not touched.
function parseSafeInteger(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`integer out of safe range: ${text}`);
  return n;
}
const pgTypes = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === pg.types.builtins.INT8
      ? parseSafeInteger
      : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** Opens the studio's database and brings its schema up to date. */
export async function openDemoProviderDb(options: DemoProviderDatabaseOptions): Promise<DemoProviderDb> {
  if (options.kind === 'sqlite') {
    mkdirSync(options.dataDir, { recursive: true });
    const sqlite = new SQLite(join(options.dataDir, 'demo-provider.sqlite'));
    // WAL: readers beside the writer; NORMAL sync survives a process crash; busy_timeout lets a second process
    // (or the casino's CLI) share the file.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<DemoProviderDatabase>({ dialect: new SqliteDialect({ database: sqlite }) });
    await migrateDemoProvider(db as Kysely<unknown>);
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const schema = options.schema ?? DEFAULT_PG_SCHEMA;
  if (!SCHEMA_NAME.test(schema)) throw new Error(`invalid PostgreSQL schema name: ${schema}`);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: 10,
    // Every connection works inside the studio's own schema, whatever the URL's search_path says.
    options: `-c search_path=${schema}`,
    types: pgTypes,
    // PostgreSQL away: a call fails within seconds (the caller retries) instead of hanging.
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
  });
  // A connection PostgreSQL ends (a restart) emits 'error' on its client, idle or checked out: unheard, it
  // would end the process. Heard, the pool replaces the connection at the next query.
  pool.on('connect', (client) => {
    client.on('error', (error) =>
      process.stderr.write(`[studio] PostgreSQL connection lost: ${error.message}\n`),
    );
  });
  pool.on('error', () => undefined);
  const db = new Kysely<DemoProviderDatabase>({ dialect: new PostgresDialect({ pool }) });
  try {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    await migrateDemoProvider(db as Kysely<unknown>, schema);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, dialect: 'postgres', close: () => db.destroy() };
}
