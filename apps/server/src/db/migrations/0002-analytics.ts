import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';

// Frozen in time: this migration works on `Kysely<any>` so later changes to the table types cannot break it.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** Screen views, client errors and failed calls reported by the web app (decisions §7). */
export function analyticsSchema(dialect: Dialect): Migration {
  const id = dialect === 'postgres' ? 'bigserial' : 'integer';
  const idColumn = (c: any) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('analytics_events')
        .addColumn('id', id, idColumn)
        .addColumn('received_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('client_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('path', 'text')
        .addColumn('detail', 'text')
        // No foreign key: analytics never block deleting or renaming a player.
        .addColumn('player_id', 'bigint')
        .execute();
      await db.schema
        .createIndex('analytics_events_player_idx')
        .on('analytics_events')
        .column('player_id')
        .execute();
    },
  };
}
