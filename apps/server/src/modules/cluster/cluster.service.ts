import type { Db } from '../../db/database';
import type { Clock } from '../../platform/clock';
import * as repo from './cluster.repository';

export interface ProcessIdentity {
  servedBy: string;
  host: string;
  pid: number;
  /** The Node.js this process runs on (`process.version`): operators see it in `ops cluster status`. */
  runtime: string;
}

export interface ClusterProcess {
  servedBy: string;
  host: string;
  pid: number;
  startedAtMs: number;
  seenAtMs: number;
  /** Seen within the last three heartbeats. */
  live: boolean;
  holdsLease: boolean;
  runtime: string;
}

/** Heartbeats missed before a process is shown as gone. */
const MISSED_BEATS = 3;
/** Rows of processes gone for longer than this are deleted by any heartbeat. */
const FORGET_AFTER_MS = 3_600_000;

/**
 * Which API processes share this database, and which one draws (`ops cluster status`). Each process
 * writes its row every `intervalMs` with whether it holds the scheduler lease; the row goes at a clean
 * shutdown, and a process killed outright shows as gone once its heartbeats stop.
 */
export class ClusterService {
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;
  private readonly startedAtMs: number;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly self: ProcessIdentity,
    private readonly holdsLease: () => boolean,
    private readonly intervalMs: number,
  ) {
    this.startedAtMs = clock.nowMs();
  }

  /** Writes this process's row now (and forgets processes gone for an hour). */
  beat(): Promise<void> {
    this.beating ??= (async () => {
      const nowMs = this.clock.nowMs();
      await repo.upsertHeartbeat(this.db, {
        served_by: this.self.servedBy,
        host: this.self.host,
        pid: this.self.pid,
        started_at_ms: this.startedAtMs,
        seen_at_ms: nowMs,
        holds_lease: this.holdsLease() ? 1 : 0,
        runtime: this.self.runtime,
      });
      await repo.deleteSeenBefore(this.db, nowMs - FORGET_AFTER_MS);
    })().finally(() => {
      this.beating = undefined;
    });
    return this.beating;
  }

  start(log: { warn(obj: object, msg: string): void }): void {
    const loop = () => {
      this.beat()
        .catch((error: unknown) => log.warn({ err: error }, 'cluster heartbeat failed'))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(loop, this.intervalMs);
        });
    };
    this.timer = setTimeout(loop, 0);
  }

  /** Stops the heartbeat and removes this process's row: it is no longer part of the cluster. */
  async stop(): Promise<void> {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.beating?.catch(() => undefined);
    await repo.deleteProcess(this.db, this.self.servedBy);
  }

  async list(): Promise<ClusterProcess[]> {
    const nowMs = this.clock.nowMs();
    const rows = await repo.listProcesses(this.db);
    return rows.map((r) => {
      const live = nowMs - r.seen_at_ms <= this.intervalMs * MISSED_BEATS;
      return {
        servedBy: r.served_by,
        host: r.host,
        pid: r.pid,
        startedAtMs: r.started_at_ms,
        seenAtMs: r.seen_at_ms,
        live,
        // A dead process's last word on the lease is stale: the lock went with its connection.
        holdsLease: live && r.holds_lease === 1,
        runtime: r.runtime,
      };
    });
  }
}
