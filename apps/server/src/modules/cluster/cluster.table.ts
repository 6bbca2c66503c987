/** One row per API process, written by its heartbeat (server mode: `ops cluster status`). */
export interface ClusterProcessesTable {
  /** SERVED_BY: the name the process puts in `x-served-by`. */
  served_by: string;
  host: string;
  pid: number;
  started_at_ms: number;
  seen_at_ms: number;
  /** 1 while the process holds the lotto 59 draw scheduler's lease, as of its last heartbeat. */
  holds_lease: 0 | 1;
  /** The Node.js it runs on (`process.version`), '' for rows older than the column. */
  runtime: string;
}
