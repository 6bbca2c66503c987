import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Statements kept per connection; a server's queries are a few hundred distinct texts at most. */
export const STATEMENT_CACHE_MAX = 1_000;
/** Longer texts (the bulk `VALUES` lists of settlement, a thousand rows each) are prepared every time. */
const CACHEABLE_SQL_MAX = 4_096;

/**
 * The database handed to Kysely's SqliteDialect, with its prepared statements kept by SQL text: Kysely's
 * SQLite driver calls `prepare(sql)` for every query it runs, and parsing and planning a statement cost
 * more than running most of ours (docs/performance.md, "Provider wallet"; decision 0020).
 *
 * Safe to reuse because a better-sqlite3 statement carries no state from one call to the next: every
 * `all`/`run` binds its parameters anew and resets the statement when it returns or throws; SQLite
 * prepares a statement again by itself when the schema changed under it. Kysely sets none of a
 * statement's modes (`pluck`, `raw`, `expand`, `safeIntegers`) and nothing else sees these statements.
 * The one state a statement has is `busy` (an `iterate` of Kysely's `stream()` not finished yet): such a
 * statement is not handed out again, a fresh one is prepared instead. Bounded: past `max` texts the oldest
 * statement is dropped (better-sqlite3 finalizes it when it is collected); a hit is not moved, since moving
 * costs on every call and a server's hot statements are far fewer than `max`.
 */
export function withStatementCache(sqlite: SQLite.Database, max = STATEMENT_CACHE_MAX): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => void sqlite.close(),
    prepare(sql: string): SqliteStatement {
      const cached = statements.get(sql);
      if (cached !== undefined) {
        return cached.busy ? sqlite.prepare(sql) : cached;
      }
      const statement = sqlite.prepare(sql);
      if (sql.length <= CACHEABLE_SQL_MAX) {
        if (statements.size >= max) {
          // Maps iterate in insertion order: the first key is the oldest statement.
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}
