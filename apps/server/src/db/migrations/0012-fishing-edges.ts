import type { Kysely, Migration } from 'kysely';

// Frozen in time: this migration works on `Kysely<any>` so later changes to the table types cannot break it.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A session's transfers by session (decision 0041): every failed open now fails its session only where no
 * transfer belongs to it (`not exists … where session_id = ?`, a conditional update on the settoken path),
 * and the operator's close reads a session's newest transfer. Without this index both read every transfer
 * ever made.
 */
export function fishingEdgesSchema(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('provider_transfer_session_idx')
        .on('provider_transfer')
        .columns(['session_id', 'created_at_ms'])
        .execute();
    },
  };
}
