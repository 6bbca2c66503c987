import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

// Frozen in time: this migration works on `Kysely<any>` so later changes to the table types cannot break it.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The sealed ledger (issue 25, decision 0048, docs/ledger-seal.md): one row per seal, chained by `prev_hash`
 * and signed. Seals are as immutable as the transfers they cover (those already refuse update and delete,
 * 0001): a trigger refuses any change or removal of a seal on both databases.
 */
export function ledgerSealsSchema(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('ledger_seals')
        .addColumn('seq', 'bigint', (c) => c.primaryKey())
        .addColumn('first_id', 'bigint', (c) => c.notNull())
        .addColumn('last_id', 'bigint', (c) => c.notNull())
        .addColumn('count', 'bigint', (c) => c.notNull())
        .addColumn('root', 'text', (c) => c.notNull())
        .addColumn('prev_hash', 'text', (c) => c.notNull())
        .addColumn('sealed_at_ms', 'bigint', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('signature', 'text', (c) => c.notNull())
        .addColumn('key_id', 'text', (c) => c.notNull())
        .addCheckConstraint(
          'ledger_seals_range',
          sql`first_id <= last_id and count between 1 and last_id - first_id + 1`,
        )
        .execute();
      // The proof's lookup: the seal whose range holds an id.
      await db.schema.createIndex('ledger_seals_last_id_idx').on('ledger_seals').column('last_id').execute();
      if (dialect === 'postgres') {
        await sql`create function ledger_seals_immutable() returns trigger language plpgsql as $$
          begin raise exception 'ledger seals are immutable'; end $$`.execute(db);
        await sql`create trigger ledger_seals_no_change before update or delete on ledger_seals
          for each row execute function ledger_seals_immutable()`.execute(db);
      } else {
        await sql`create trigger ledger_seals_no_update before update on ledger_seals
          begin select raise(abort, 'ledger seals are immutable'); end`.execute(db);
        await sql`create trigger ledger_seals_no_delete before delete on ledger_seals
          begin select raise(abort, 'ledger seals are immutable'); end`.execute(db);
      }
    },
  };
}
