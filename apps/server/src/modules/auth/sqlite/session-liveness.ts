import { rawSqliteOf } from '../../../db/create-db';
import type { Db } from '../../../db/database';

/**
 * Whether a login session is live (`AuthService.isSessionLive`) as a synchronous read of what the caller's
 * open transaction sees: a prepared statement on SQLite's handle, for a unit of the seamless wallet's group
 * commit. Undefined where the database has no synchronous reads.
 */
export function syncSessionLiveness(db: Db): ((sessionId: string) => boolean) | undefined {
  const sqlite = rawSqliteOf(db);
  if (!sqlite) return undefined;
  const endedAt = sqlite.prepare<[string], { ended_at_ms: number | null }>(
    'select ended_at_ms from sessions where id = ?',
  );
  return (sessionId) => {
    const session = endedAt.get(sessionId);
    return session !== undefined && session.ended_at_ms === null;
  };
}
