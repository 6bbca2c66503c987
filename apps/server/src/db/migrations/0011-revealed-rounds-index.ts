import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../database';

// Frozen in time: this migration works on `Kysely<any>` so later changes to the table types cannot break it.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The result history's total (`/api/v1/result/history`) counts a pool's revealed rounds: with only
 * `(poll, id)` that visited every round row of the pool (2,211 buffers, 46–98 ms at a month of rounds,
 * docs/performance.md "Reads as the data grows"). This index holds every column the count's filter reads,
 * and only rounds that have numbers, so the count is answered from the index alone (PostgreSQL's
 * index-only scan, SQLite's covering index). Rounds are written once a minute or so: placement never
 * touches it.
 */
export function revealedRoundsIndex(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      if (dialect === 'postgres') {
        await sql`create index lotto59_rounds_revealed_idx on lotto59_rounds (poll, reveal_at_ms)
          include (status, close_at_ms) where numbers is not null`.execute(db);
      } else {
        await sql`create index lotto59_rounds_revealed_idx on lotto59_rounds
          (poll, reveal_at_ms, status, close_at_ms, numbers) where numbers is not null`.execute(db);
      }
    },
  };
}
