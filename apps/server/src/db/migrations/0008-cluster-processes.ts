import type { Kysely, Migration } from 'kysely';

// Frozen in time: this migration works on `Kysely<any>` so later changes to the table types cannot break it.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** A heartbeat row per API process (server mode), for `ops cluster status` (operations.md). */
export function clusterProcessesSchema(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('cluster_processes')
        .addColumn('served_by', 'text', (c) => c.primaryKey())
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('pid', 'integer', (c) => c.notNull())
        .addColumn('started_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('seen_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('holds_lease', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
