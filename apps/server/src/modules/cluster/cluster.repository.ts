import type { Executor } from '../../db/database';
import type { ClusterProcessesTable } from './cluster.table';

// All SQL of the process heartbeats (cluster.service.ts).

export async function upsertHeartbeat(ex: Executor, row: ClusterProcessesTable): Promise<void> {
  await ex
    .insertInto('cluster_processes')
    .values(row)
    .onConflict((oc) =>
      oc.column('served_by').doUpdateSet({
        host: row.host,
        pid: row.pid,
        started_at_ms: row.started_at_ms,
        seen_at_ms: row.seen_at_ms,
        holds_lease: row.holds_lease,
        runtime: row.runtime,
      }),
    )
    .execute();
}

export async function deleteProcess(ex: Executor, servedBy: string): Promise<void> {
  await ex.deleteFrom('cluster_processes').where('served_by', '=', servedBy).execute();
}

export async function deleteSeenBefore(ex: Executor, beforeMs: number): Promise<void> {
  await ex.deleteFrom('cluster_processes').where('seen_at_ms', '<', beforeMs).execute();
}

export async function listProcesses(ex: Executor): Promise<ClusterProcessesTable[]> {
  return ex.selectFrom('cluster_processes').selectAll().orderBy('served_by').execute();
}
