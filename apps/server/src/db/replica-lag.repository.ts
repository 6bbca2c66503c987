import { sql, type Kysely } from 'kysely';
import type { Database } from './database';

// All SQL of the read replica's lag check (read-replica.ts): one query on the primary, one on the replica.

/** The primary's WAL write position, as PostgreSQL prints it (`16/B374D848`). */
export async function currentWalLsn(primary: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(primary);
  return rows[0]!.lsn;
}

export interface ReplayState {
  /** False on a server that is not a standby (it is then as current as a primary). */
  in_recovery: boolean;
  /** The WAL position replayed so far; null on a server that is not a standby. */
  replay_lsn: string | null;
  /** Milliseconds since the commit of the last transaction replayed (the primary's commit time). */
  since_replay_ms: number | null;
}

/** Where the replica's replay stands. */
export async function replayState(replica: Kysely<Database>): Promise<ReplayState> {
  const { rows } = await sql<ReplayState>`
    select pg_is_in_recovery() as in_recovery,
           pg_last_wal_replay_lsn()::text as replay_lsn,
           (extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::float8
             as since_replay_ms`.execute(replica);
  return rows[0]!;
}
