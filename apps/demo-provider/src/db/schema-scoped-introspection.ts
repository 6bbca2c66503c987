import { sql, type DatabaseIntrospector, type Kysely, type TableMetadata } from 'kysely';

/**
 * The database handle given to Kysely's migrator, with its introspection kept to one PostgreSQL schema.
 *
 * (The studio keeps its own copy of the server's helper: it talks to our server only over the protocol.)
 * Why: the migrator asks "does my table exist?" by listing the tables of EVERY schema, and Kysely's listing
 * calls `pg_get_serial_sequence` on each of them; a schema that another process drops during that query fails
 * the migration ("schema … does not exist"). Test files, benchmarks and a second deployment on one server
 * make and drop schemas all the time, so the check must look at our schema only. Everything else the
 * migrator does goes to the real handle (its methods bound to it: Kysely keeps its state in private fields).
 */
export function withSchemaScopedIntrospection<DB>(db: Kysely<DB>, schema: string): Kysely<DB> {
  const introspection: DatabaseIntrospector = {
    getSchemas: () => db.introspection.getSchemas(),
    async getTables(): Promise<TableMetadata[]> {
      const { rows } = await sql<{ name: string; schema: string; is_view: boolean }>`
        select table_name as name, table_schema as schema, table_type = 'VIEW' as is_view
        from information_schema.tables where table_schema = ${schema}`.execute(db);
      return rows.map((row) => ({ name: row.name, schema: row.schema, isView: row.is_view, columns: [] }));
    },
    async getMetadata() {
      return { tables: await this.getTables() };
    },
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
