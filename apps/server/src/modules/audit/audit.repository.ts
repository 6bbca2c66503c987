import type { Insertable } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { AuditTable } from './audit.table';

// All SQL of the audit log.

export async function insertAuditEvent(ex: Executor, row: Insertable<AuditTable>): Promise<void> {
  await ex.insertInto('audit_events').values(row).execute();
}

export function listAuditEvents(db: Db, filter: { playerId?: number; limit: number }) {
  let q = db.selectFrom('audit_events').selectAll().orderBy('id', 'desc').limit(filter.limit);
  if (filter.playerId !== undefined) q = q.where('player_id', '=', filter.playerId);
  return q.execute();
}
