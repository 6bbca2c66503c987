import type { Executor } from '../../../db/database';

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
 * rounds, all final, and stays exact (the badge's count, the list's live totals, decision 0039). "No active
 * round" is not reused: a round opened since would be missed. A shared read may have started before the
 * request that joins it, which is fine for the same reason.
 *
 * The read in flight is shared: the requests that find the answer expired together wait for one query
 * (decision 0040). A failed read is dropped at once.
 */
export class RecentOldestActive {
  private readonly answers = new WeakMap<Executor, { answer: Promise<OldestActive | null>; atMs: number }>();

  constructor(
    private readonly read: (ex: Executor) => Promise<OldestActive | null>,
    private readonly nowMs: () => number,
  ) {}

  get(ex: Executor): Promise<OldestActive | null> {
    const nowMs = this.nowMs();
    const cached = this.answers.get(ex);
    // A clock that went back (a test's) is a miss, as is an answer as old as the reuse.
    if (cached && nowMs >= cached.atMs && nowMs - cached.atMs < OLDEST_ACTIVE_REUSE_MS) {
      // A shared "none" was read before this request came: read again (only while it is in flight: a
      // settled "none" is not kept).
      return cached.answer.then((answer) => answer ?? this.read(ex));
    }
    const entry = { answer: this.read(ex), atMs: nowMs };
    this.answers.set(ex, entry);
    const forget = () => {
      if (this.answers.get(ex) === entry) this.answers.delete(ex);
    };
    entry.answer.then((answer) => {
      if (answer === null) forget();
    }, forget);
    return entry.answer;
  }
}
