import { sql } from 'kysely';
import type { Db } from './database';

export type DatabaseState = 'up' | 'down' | 'unknown';

/**
 * Whether the database answered lately, for /healthz's body (docs/decisions/0030). /healthz never waits for
 * it: it reads the last answer and, when that is older than `maxAgeMs`, starts one `select 1` in the
 * background, bounded by `timeoutMs`. However often the load balancers check, the database sees at most one
 * probe per `maxAgeMs` from each process.
 */
export class DatabaseProbe {
  private state: DatabaseState = 'unknown';
  private checkedAtMs = 0;
  private probing: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: { timeoutMs: number; maxAgeMs: number; nowMs: () => number },
  ) {}

  /** The last known state (`unknown` before the first answer). */
  current(): DatabaseState {
    if (this.options.nowMs() - this.checkedAtMs >= this.options.maxAgeMs) void this.probe();
    return this.state;
  }

  /** One probe now (shared with one in progress). Never throws. */
  probe(): Promise<void> {
    this.probing ??= this.ask()
      .then(
        (up) => {
          this.state = up ? 'up' : 'down';
        },
        () => {
          this.state = 'down';
        },
      )
      .finally(() => {
        this.checkedAtMs = this.options.nowMs();
        this.probing = undefined;
      });
    return this.probing;
  }

  private async ask(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        sql`select 1`.execute(this.db).then(() => true),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(false), this.options.timeoutMs);
          timer.unref();
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
