import type { Executor } from '../../../db/database';
import { ReusedValues } from '../../../platform/reused-values';

/** The oldest round still open or releasing: bets of rounds before it are final. */
export interface OldestActive {
  id: number;
  openedAtMs: number;
}

/** How long an answer is reused per database. */
export const OLDEST_ACTIVE_REUSE_MS = 1_000;

/**
 * The oldest active round as it was at most `OLDEST_ACTIVE_REUSE_MS` ago. The oldest active round only
 * moves forward (a round becomes final and never active again), so a reused answer is never newer than the
 * truth: a read of "the player's bets from the oldest active round on" over an older one only looks at more
 * rounds, all final, and stays exact (the badge's count, the list's live totals, decision 0039). A shared read
 * may have started before the request that joins it, which is fine for the same reason. "No active round" is
 * not reused, and those that joined its read read again: a round opened since would be missed.
 */
export class RecentOldestActive {
  /** Per database (the primary, a replica: a handful of keys). */
  private readonly answers = new ReusedValues<Executor, OldestActive | null>({
    reuseMs: OLDEST_ACTIVE_REUSE_MS,
    maxKeys: 16,
    keeps: (answer) => answer !== null,
  });

  constructor(
    private readonly read: (ex: Executor) => Promise<OldestActive | null>,
    private readonly nowMs: () => number,
  ) {}

  get(ex: Executor): Promise<OldestActive | null> {
    return this.answers.get(ex, this.nowMs(), () => this.read(ex));
  }
}
