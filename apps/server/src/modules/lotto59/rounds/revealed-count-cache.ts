import type { RevealedFilter } from './rounds.repository';

/**
 * How long the history page's total may be reused: every player asks the same count of revealed rounds, the
 * set changes once a minute per pool (a reveal) or when an operator voids a round, and counting it cost a core
 * of PostgreSQL at 10⁷ bets (docs/decisions/0039-reads-prepared-statements-history-total.md). The rows are never cached.
 */
export const REVEALED_COUNT_TTL_MS = 1_000;

/** Distinct filters kept at most (a date range is part of the key): a stranger cannot grow it without bound. */
const MAX_FILTERS = 1_000;

/**
 * The number of revealed rounds per filter, reused for `REVEALED_COUNT_TTL_MS` of the clock. The count in
 * flight is shared too: when an entry expires under load, the requests of that moment wait for one count
 * instead of each sending its own (50 at once made the page's p99 five times its median).
 */
export class RevealedCountCache {
  private readonly counts = new Map<string, { count: Promise<number>; atMs: number }>();

  get(filter: RevealedFilter, count: () => Promise<number>): Promise<number> {
    const key = `${filter.poll}:${filter.fromMs ?? ''}:${filter.toMs ?? ''}`;
    const hit = this.counts.get(key);
    // A clock that went back (a test's) is a miss, as is an entry as old as the TTL.
    if (hit && filter.nowMs >= hit.atMs && filter.nowMs - hit.atMs < REVEALED_COUNT_TTL_MS) return hit.count;
    if (this.counts.size >= MAX_FILTERS) this.counts.clear();
    const entry = { count: count(), atMs: filter.nowMs };
    this.counts.set(key, entry);
    // A failed count is never reused: the next request counts again.
    entry.count.catch(() => {
      if (this.counts.get(key) === entry) this.counts.delete(key);
    });
    return entry.count;
  }
}
