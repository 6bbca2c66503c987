import type { Kysely, Migration } from 'kysely';

// Frozen in time: this migration works on `Kysely<any>` so later changes to the table types cannot break it.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The Node.js each API process runs on, written with its heartbeat, so `ops cluster status` shows an
 * operator which runtime serves (decision 0044). Rows written before this migration say ''.
 */
export function processRuntimeSchema(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('cluster_processes')
        .addColumn('runtime', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
    },
  };
}
