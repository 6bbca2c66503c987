import type { Executor } from '../../db/database';
import type { AnalyticsEventsTable } from './analytics.table';

export type AnalyticsRow = Omit<AnalyticsEventsTable, 'id'>;

export async function insertAnalyticsEvents(ex: Executor, rows: readonly AnalyticsRow[]): Promise<void> {
  if (rows.length === 0) return;
  await ex
    .insertInto('analytics_events')
    .values([...rows])
    .execute();
}

export function listAnalyticsEvents(
  ex: Executor,
  filter: { limit: number; playerId?: number | undefined; type?: string | undefined },
) {
  let q = ex.selectFrom('analytics_events').selectAll().orderBy('id', 'desc').limit(filter.limit);
  if (filter.playerId !== undefined) q = q.where('player_id', '=', filter.playerId);
  if (filter.type !== undefined) q = q.where('type', '=', filter.type);
  return q.execute();
}
