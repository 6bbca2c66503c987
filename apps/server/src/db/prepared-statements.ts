import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/**
 * Named (prepared) statements on PostgreSQL (PG_PREPARED_STATEMENTS, docs/decisions/0039-reads-prepared-statements-history-total.md).
 *
 * Kysely sends every query as an unnamed statement, so PostgreSQL parses and plans the same text again on
 * every request: for the list and report queries (a join with the derived status and payout) planning took
 * as long as running them (0.1–0.3 ms against 0.03–0.3 ms at 10⁷ bets). Given a name, pg parses a text once
 * per connection and then only binds and executes it, and PostgreSQL may keep its plan (its plan cache picks a
 * generic plan after five executions only when it costs no more than the custom ones).
 *
 * Only queries with parameters are named (transaction control and DDL stay unnamed), and at most
 * `MAX_NAMED_TEXTS` distinct texts per process: a query built with a varying number of placeholders makes a
 * new text per shape, and each named text stays prepared on every connection that ran it. Off for a
 * transaction-pooling proxy (PgBouncer before 1.21), which would hand a statement to a connection that never
 * prepared it.
 */
const MAX_NAMED_TEXTS = 2_000;

export class StatementNames {
  private readonly names = new Map<string, string>();
  private issued = 0;

  /** The name of `text`, or undefined when it should run unnamed. */
  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= MAX_NAMED_TEXTS) return known;
    return this.issue(text);
  }

  /**
   * A new name for `text`, after PostgreSQL refused its statement because a table it reads changed shape
   * (a migration added a column under a prepared `select *`): every connection parses it again under the new
   * name, with the new columns. The old name stays prepared, unused, until its connection closes.
   */
  renew(text: string): string | undefined {
    return this.names.has(text) ? this.issue(text) : undefined;
  }

  private issue(text: string): string {
    const name = `k${++this.issued}`;
    this.names.set(text, name);
    return name;
  }
}

/** PostgreSQL's answer to a prepared statement whose result columns changed since it was prepared. */
function isStaleStatement(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === '0A000' &&
    error.message.includes('cached plan must not change result type')
  );
}

/** Kysely's transaction control, as it sends it (`begin`, `commit`, `rollback`; savepoints are inside one). */
const TRANSACTION_START = /^\s*(begin|start transaction)\b/i;
const TRANSACTION_END = /^\s*(commit|rollback|end|abort)\s*;?\s*$/i;

/**
 * One set of names for the whole process: a connection of the primary's pool also serves the replica's
 * fallback (db/read-replica.ts), and on one connection a name must always mean the same text.
 */
const processStatementNames = new StatementNames();

/** `pool` as Kysely's pool, sending each query with parameters as a named statement. */
export function preparingPool(
  pool: { connect(): Promise<pg.PoolClient>; end(): Promise<void> },
  names = processStatementNames,
): PostgresPool {
  // One wrapper per pg client, as Kysely keeps its connection object per client it is given.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      const known = wrappers.get(client);
      if (known) return known;
      let inTransaction = false;
      const query = async (text: string, parameters?: ReadonlyArray<unknown>) => {
        const values = parameters ? [...parameters] : [];
        const name = values.length > 0 ? names.nameOf(text) : undefined;
        if (!name) {
          const result = await client.query({ text, values });
          if (TRANSACTION_START.test(text)) inTransaction = true;
          else if (TRANSACTION_END.test(text)) inTransaction = false;
          return result;
        }
        try {
          return await client.query({ name, text, values });
        } catch (error) {
          if (!isStaleStatement(error)) throw error;
          // Refused before it ran: outside a transaction it runs again at once under a new name; inside one,
          // the transaction is already aborted and fails (once: the next one finds the new name).
          const renewed = names.renew(text);
          if (inTransaction || !renewed) throw error;
          return client.query({ name: renewed, text, values });
        }
      };
      const queryOrCursor = (textOrCursor: string | pg.Submittable, parameters?: ReadonlyArray<unknown>) =>
        typeof textOrCursor === 'string' ? query(textOrCursor, parameters) : client.query(textOrCursor);
      // pg's client is Kysely's pool client (Kysely takes a pg.Pool as is); its two `query` overloads (a text
      // with parameters, a cursor) are the two branches above, which TypeScript cannot match one by one.
      const prepared = {
        query: queryOrCursor,
        release: () => client.release(),
      } as unknown as PostgresPoolClient;
      wrappers.set(client, prepared);
      return prepared;
    },
    end: () => pool.end(),
  };
}
