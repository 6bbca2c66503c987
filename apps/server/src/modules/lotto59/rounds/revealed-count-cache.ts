import { ReusedValues } from '../../../platform/reused-values';
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
 * The number of revealed rounds per filter, reused for `REVEALED_COUNT_TTL_MS` of the clock, the count in
 * flight shared (50 counts at once made the page's p99 five times its median).
 */
export class RevealedCountCache {
  private readonly counts = new ReusedValues<string, number>({
    reuseMs: REVEALED_COUNT_TTL_MS,
    maxKeys: MAX_FILTERS,
  });

  get(filter: RevealedFilter, count: () => Promise<number>): Promise<number> {
    return this.counts.get(`${filter.poll}:${filter.fromMs ?? ''}:${filter.toMs ?? ''}`, filter.nowMs, count);
  }
}
