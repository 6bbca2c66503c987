import type { Db } from './database';

/**
 * Where the read-only lists and reports run their queries (docs/decisions/0029-read-replica.md). The
 * services of those reads take it instead of the primary `Db`; their queries do not change, only the
 * executor they are given. Writes, sessions, money and transactions always use the primary `Db`.
 */
export interface ReadDb {
  /** Rows nobody's own write needs to see at once (the result history): the replica while it serves. */
  readonly shared: Db;
  /** One player's own rows: the primary while they are a recent writer, else `shared`. */
  forPlayer(playerId: number): Promise<Db>;
}

/** Every read on the primary (no DATABASE_READ_URL, SQLite, the operator command line). */
export function primaryReads(db: Db): ReadDb {
  const answer = Promise.resolve(db);
  return { shared: db, forPlayer: () => answer };
}

/**
 * Reads on a replica, with read-your-writes: `replica.db` falls back to the primary on its own while the
 * replica cannot serve, and a recent writer's reads go to the primary (asked only while the replica
 * serves: otherwise the answer is the primary anyway).
 */
export function replicaReads(deps: {
  primary: Db;
  replica: { db: Db; isServing: boolean };
  isRecentWriter(playerId: number): Promise<boolean>;
}): ReadDb {
  const { primary, replica } = deps;
  return {
    shared: replica.db,
    async forPlayer(playerId) {
      if (!replica.isServing) return primary;
      return (await deps.isRecentWriter(playerId)) ? primary : replica.db;
    },
  };
}
