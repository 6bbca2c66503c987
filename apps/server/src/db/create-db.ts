import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type KyselyConfig } from 'kysely';
import pg from 'pg';
import type { Database, Dialect } from './database';
import { preparingPool } from './prepared-statements';
import { startBackgroundCheckpoints, type BackgroundCheckpoints } from './sqlite-checkpointer';
import { withStatementCache } from './sqlite-statement-cache';

export interface DbHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

// pg returns int8 and numeric as strings to protect precision. Riel amounts, ids and counts stay far inside
// Number.MAX_SAFE_INTEGER, so they are read as numbers, and a value outside that range is an error, not a
// silent rounding.
function parseSafeInteger(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`integer out of safe range: ${text}`);
  return n;
}
pg.types.setTypeParser(pg.types.builtins.INT8, parseSafeInteger);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (text: string) =>
  /^-?\d+$/.test(text) ? parseSafeInteger(text) : Number(text),
);

export interface SqliteOptions {
  /** Checkpoint the WAL on a worker thread (the server); a short-lived CLI or a test lets SQLite do it. */
  backgroundCheckpoints?: boolean;
  onCheckpointError?: (message: string) => void;
}

export function openSqlite(file: string, options: SqliteOptions = {}): DbHandle {
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the writer; NORMAL sync is durable across process crashes (the WAL is
  // fsynced at checkpoints); busy_timeout lets the operator CLI and the server share the file.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Sorts and temporary b-trees stay in memory, not in temporary files.
  sqlite.pragma('temp_store = MEMORY');
  const checkpoints = options.backgroundCheckpoints
    ? startBackgroundCheckpoints(sqlite, {
        intervalMs: 50,
        rewindAtFrames: 8_000, // ≈ 32 MB of WAL
        onError: options.onCheckpointError,
      })
    : undefined;
  // Kysely prepares every query again; the cache keeps its statements by SQL text (decision 0020).
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  rawSqlite.set(db, sqlite);
  if (checkpoints) walCheckpoints.set(db, checkpoints);
  return {
    db,
    dialect: 'sqlite',
    close: async () => {
      await checkpoints?.stop();
      await db.destroy();
    },
  };
}

const rawSqlite = new WeakMap<Kysely<Database>, SQLite.Database>();
const walCheckpoints = new WeakMap<Kysely<Database>, BackgroundCheckpoints>();

/** The background checkpointer of a SQLite database opened with `backgroundCheckpoints`, if any. */
export function walCheckpointsOf(db: Kysely<Database>): BackgroundCheckpoints | undefined {
  return walCheckpoints.get(db);
}

/**
 * The better-sqlite3 handle behind a Kysely instance opened by `openSqlite`: the bet engine's group
 * commit runs prepared statements on it (while holding Kysely's one connection). Undefined on PostgreSQL.
 */
export function rawSqliteOf(db: Kysely<Database>): SQLite.Database | undefined {
  return rawSqlite.get(db);
}

/**
 * A dialect object made on first use from SQLite's handle (prepared statements: the tables exist only once
 * the migrations ran), then kept; undefined on PostgreSQL. The dialect folders' factories build on it.
 */
export function onSqlite<T>(
  db: Kysely<Database>,
  make: (sqlite: SQLite.Database) => T,
): (() => T) | undefined {
  const sqlite = rawSqliteOf(db);
  if (!sqlite) return undefined;
  let made: { value: T } | undefined;
  return () => (made ??= { value: make(sqlite) }).value;
}

export interface PostgresOptions {
  max?: number;
  /**
   * How long a connection (or a free slot in the pool) may take before the query fails (PG_CONNECT_TIMEOUT_MS):
   * a database that is down or unreachable fails a request fast instead of holding it. Unset: no limit.
   */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL's statement_timeout for every connection (PG_STATEMENT_TIMEOUT_MS), and a client-side limit a
   * little longer for a server that answers nothing at all (frozen, or the network gone). Unset: no limit.
   */
  statementTimeoutMs?: number;
  /**
   * A connection lost while nobody was querying on it (PostgreSQL restarted, the network dropped): reported
   * here instead of crashing the process; the pool replaces it at the next query.
   */
  onConnectionError?: (error: Error) => void;
  /** Queries with parameters as named statements (PG_PREPARED_STATEMENTS; db/prepared-statements.ts). Default on. */
  preparedStatements?: boolean;
  /** Kysely's query log (the reads benchmark captures the queries a route sends). */
  log?: KyselyConfig['log'];
}

/** The client-side query limit past statement_timeout: the server's own cancel normally answers first. */
const QUERY_TIMEOUT_MARGIN_MS = 2_000;

export function openPostgres(url: string, options: PostgresOptions = {}): DbHandle {
  const { connectTimeoutMs, statementTimeoutMs } = options;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    ...(connectTimeoutMs ? { connectionTimeoutMillis: connectTimeoutMs } : {}),
    ...(statementTimeoutMs
      ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS }
      : {}),
    // A peer that vanished without closing (a host gone) is found by TCP keep-alive, not by a hung query.
    keepAlive: true,
  });
  const report = options.onConnectionError ?? (() => undefined);
  // pg emits 'error' on an idle pooled client through the pool, and on a client that is checked out (the
  // scheduler lease holds one for as long as it leads) on the client itself: unheard, either one would end
  // the process when PostgreSQL restarts (docs/decisions/0030-server-mode-failure-behaviour.md).
  pool.on('connect', (client) => {
    client.on('error', report);
  });
  // The idle client's error is the one just reported by its own listener: heard here only so as not to throw.
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: options.preparedStatements === false ? pool : preparingPool(pool) }),
    ...(options.log ? { log: options.log } : {}),
  });
  pgPools.set(db, pool);
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

const pgPools = new WeakMap<Kysely<Database>, pg.Pool>();

/**
 * The pg pool behind a Kysely instance opened by `openPostgres`: a read replica's queries fall back to
 * it when the replica cannot serve (db/read-replica.ts). Undefined on SQLite.
 */
export function pgPoolOf(db: Kysely<Database>): pg.Pool | undefined {
  return pgPools.get(db);
}

/** SQLite under `dataDir` (embedded mode) unless a PostgreSQL URL is given (server mode). */
export function openDatabase(
  config: { DATABASE_URL?: string | undefined; DATA_DIR: string },
  sqliteOptions: SqliteOptions = {},
  postgresOptions: PostgresOptions = {},
): DbHandle {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL, postgresOptions);
  mkdirSync(config.DATA_DIR, { recursive: true });
  return openSqlite(join(config.DATA_DIR, 'lotto59.sqlite'), sqliteOptions);
}
