import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { pgPoolOf } from './create-db';
import { preparingPool } from './prepared-statements';
import type { Database, Db } from './database';
import { currentWalLsn, replayState, type ReplayState } from './replica-lag.repository';

export interface ReadReplicaOptions {
  /** The replica serves only while it is at most this far behind (REPLICA_MAX_LAG_SECONDS). */
  maxLagMs: number;
  /** How often the lag is measured (REPLICA_CHECK_SECONDS). */
  checkEveryMs: number;
  /** Connections to the replica (like the primary's pool). */
  maxConnections?: number;
  /** Each time the replica starts or stops serving, with the reason (the server logs it). */
  onChange?: (serving: boolean, reason: string) => void;
  /** Queries with parameters as named statements (PG_PREPARED_STATEMENTS), as on the primary. Default on. */
  preparedStatements?: boolean;
}

/**
 * A streaming replica of the primary (docs/decisions/0029-read-replica.md). `db` is a Kysely whose every
 * connection comes from the replica while it serves and from the primary's own pool otherwise: a replica
 * that is unreachable, behind by more than `maxLagMs`, or not yet measured never answers a read. The lag
 * is measured every `checkEveryMs` (never per request) from the primary's WAL position and the replica's
 * replay (`lagSince`): how long after a check began the replica had replayed what the primary had written
 * by then, i.e. how old the newest commit it may be missing is.
 */
export class ReadReplica {
  /** Read-only queries: on the replica while it serves, on the primary otherwise. */
  readonly db: Db;
  private readonly pool: pg.Pool;
  /** The replica itself, for the lag check only. */
  private readonly direct: Db;
  private serving = false;
  /** Set by the first check's outcome, so that a replica that never serves is reported once too. */
  private reported = false;
  private lagMs: number | null = null;
  /** The primary's WAL position at earlier checks, oldest first. */
  private samples: { atMs: number; lsn: bigint }[] = [];
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;

  constructor(
    private readonly primary: Db,
    url: string,
    private readonly options: ReadReplicaOptions,
  ) {
    const primaryPool = pgPoolOf(primary);
    if (!primaryPool) throw new Error('a read replica needs a PostgreSQL primary');
    this.pool = new pg.Pool({
      connectionString: url,
      max: options.maxConnections ?? 20,
      // A replica that does not answer must not hold a read for long: the read goes to the primary.
      connectionTimeoutMillis: this.checkTimeoutMs(),
    });
    // An idle connection the replica drops (a restart, a failover) must not take the process down.
    this.pool.on('error', (error) => this.stop(`replica connection lost: ${error.message}`));
    this.direct = new Kysely<Database>({ dialect: new PostgresDialect({ pool: this.pool }) });
    const routed = {
      connect: async () => {
        if (this.serving) {
          try {
            return await this.pool.connect();
          } catch (error) {
            this.stop(`replica unreachable: ${messageOf(error)}`);
          }
        }
        return primaryPool.connect();
      },
      // The two pools are closed by their owners (close() below, and the primary's handle).
      end: async () => undefined,
    };
    this.db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: options.preparedStatements === false ? routed : preparingPool(routed),
      }),
    });
  }

  /** True while reads go to the replica. */
  get isServing(): boolean {
    return this.serving;
  }

  /** The lag measured by the last check, in seconds; null when the last check failed (or none ran yet). */
  get lagSeconds(): number | null {
    return this.lagMs === null ? null : this.lagMs / 1000;
  }

  /** Measures now, then every `checkEveryMs` until `close()`. */
  start(): void {
    void this.check();
    this.timer = setInterval(() => void this.check(), this.options.checkEveryMs);
    this.timer.unref();
  }

  /** One measurement (the timer's; tests call it to see a change at once). Never throws. */
  check(): Promise<void> {
    this.checking ??= this.measure().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.checking;
    this.serving = false;
    await Promise.all([this.db.destroy(), this.direct.destroy()]);
  }

  private async measure(): Promise<void> {
    const startedMs = Date.now();
    let timeout: NodeJS.Timeout | undefined;
    try {
      const lagMs = await Promise.race([
        this.lagSince(startedMs),
        new Promise<never>((_, reject) => {
          timeout = setTimeout(() => reject(new Error('no answer in time')), this.checkTimeoutMs());
        }),
      ]);
      this.lagMs = lagMs;
      if (lagMs > this.options.maxLagMs) this.stop(`replica ${(lagMs / 1000).toFixed(1)} s behind`);
      else this.begin();
    } catch (error) {
      this.lagMs = null;
      this.stop(`replica check failed: ${messageOf(error)}`);
    } finally {
      clearTimeout(timeout);
    }
  }

  /**
   * The primary's position first: whatever it had written by `startedMs`, the replica must replay. A
   * replica that has not yet is asked again a few times (a busy primary is always a little ahead), for at
   * most `WAIT_FOR_REPLAY_MS`: caught up meanwhile, its lag is the time that took. Still behind, it is at
   * least that time behind, and at most the smaller of the time since its last replayed commit and the
   * time since an earlier check whose position it has passed; that bound is what decides.
   */
  private async lagSince(startedMs: number): Promise<number> {
    const primaryLsn = parseLsn(await currentWalLsn(this.primary));
    const firstAnswer = await replayState(this.direct);
    let state = firstAnswer;
    const budgetMs = Math.min(WAIT_FOR_REPLAY_MS, this.options.maxLagMs, this.options.checkEveryMs / 2);
    for (let waitMs = 2; isBehind(state, primaryLsn) && Date.now() - startedMs < budgetMs; waitMs *= 2) {
      await new Promise((resolve) => setTimeout(resolve, waitMs));
      state = await replayState(this.direct);
    }
    const nowMs = Date.now();
    const earlier = this.samples;
    const keepFromMs = startedMs - this.options.maxLagMs - 2 * this.options.checkEveryMs;
    this.samples = [
      ...earlier.filter((s) => s.atMs >= keepFromMs).slice(-999),
      { atMs: startedMs, lsn: primaryLsn },
    ];
    if (!isBehind(state, primaryLsn)) return state === firstAnswer ? 0 : nowMs - startedMs;
    const replayed = parseLsn(state.replay_lsn!);
    let boundMs = state.since_replay_ms ?? Number.POSITIVE_INFINITY;
    for (const sample of earlier) {
      if (sample.lsn <= replayed) boundMs = Math.min(boundMs, nowMs - sample.atMs);
    }
    return Math.max(nowMs - startedMs, boundMs);
  }

  private checkTimeoutMs(): number {
    return Math.max(2000, 2 * this.options.checkEveryMs);
  }

  private begin(): void {
    this.change(true, 'replica caught up');
  }

  private stop(reason: string): void {
    this.change(false, reason);
  }

  private change(serving: boolean, reason: string): void {
    if (this.serving === serving && this.reported) return;
    this.serving = serving;
    this.reported = true;
    this.options.onChange?.(serving, reason);
  }
}

/** How long one check waits for a replica a little behind to replay the primary's position. */
const WAIT_FOR_REPLAY_MS = 1000;

/** A standby that has not yet replayed `primaryLsn` (a server not in recovery is as current as a primary). */
function isBehind(state: ReplayState, primaryLsn: bigint): boolean {
  return state.in_recovery && state.replay_lsn !== null && parseLsn(state.replay_lsn) < primaryLsn;
}

/** `16/B374D848` → a comparable number (the high and low 32 bits of the WAL position). */
export function parseLsn(text: string): bigint {
  const [high, low] = text.split('/');
  if (high === undefined || low === undefined) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
