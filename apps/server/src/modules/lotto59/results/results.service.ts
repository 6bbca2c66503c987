import type {
  NumberStatsAnswer,
  PlayingRound,
  RecentResults,
  ReleasingRound,
  ResultGrid,
  ResultHistoryPage,
  ResultHistoryQuery,
} from '@lotto59/contract';
import {
  NUMBER_STATS_DRAWS,
  RESULT_GRID,
  numberStats,
  overUnderTypeOf,
  rangeTypeOf,
  resultLabelOf,
  type Pool,
} from '@lotto59/domain';
import type { Clock } from '../../../platform/clock';
import { localDateRange, pageMeta } from '../../../http/list-query';
import { iso, parseNumbers } from '../rounds/round-view';
import type { RoundsService } from '../rounds/rounds.service';

/** The result calls of seed §7. A round shows only what is public at this instant (round-view.ts). */
export class ResultsService {
  /** The hot and cold numbers per pool, kept until a newer draw is public (one count per draw, not per call). */
  private readonly stats = new Map<Pool, Promise<NumberStatsAnswer>>();

  constructor(
    private readonly rounds: RoundsService,
    private readonly clock: Clock,
    private readonly timeZone: string,
    /** The revealed rounds of the history calls (a replica's); the live round is read from `rounds`. */
    private readonly pastRounds: RoundsService = rounds,
  ) {}

  async playing(poll: Pool): Promise<PlayingRound> {
    const nowMs = this.clock.nowMs();
    const round = await this.rounds.openOf(poll);
    return {
      round: round ? this.rounds.view(round, nowMs) : null,
      server_time: iso(nowMs),
      seconds_left: round ? Math.max(0, (round.close_at_ms - nowMs) / 1000) : 0,
    };
  }

  async releasing(poll: Pool): Promise<ReleasingRound> {
    const nowMs = this.clock.nowMs();
    const round = await this.rounds.latestReleasingOf(poll);
    return { round: round ? this.rounds.view(round, nowMs) : null, server_time: iso(nowMs) };
  }

  async recent(poll: Pool, limit: number = RESULT_GRID.columns): Promise<RecentResults> {
    const nowMs = this.clock.nowMs();
    const rows = await this.pastRounds.revealedRounds({ poll, nowMs }, { limit, offset: 0 });
    return { items: rows.map((r) => this.rounds.view(r, nowMs)) };
  }

  async history(poll: Pool, query: ResultHistoryQuery): Promise<ResultHistoryPage> {
    const nowMs = this.clock.nowMs();
    const range = localDateRange(query.from, query.to, this.timeZone);
    const { rows, count } = await this.pastRounds.revealedPage(
      { poll, nowMs, ...range },
      { limit: query.per_page, offset: (query.page - 1) * query.per_page },
    );
    return {
      items: rows.map((r) => this.rounds.view(r, nowMs)),
      meta: pageMeta(query.page, query.per_page, count),
    };
  }

  /**
   * How often each ball came out over the pool's last 100 fully drawn rounds, with the hot and cold numbers
   * (issue 26). Cached per draw: a call reads the newest revealed round's id (one indexed row) and counts the
   * 100 rounds again only when it differs from the cached answer's. The promise is kept, so calls that find
   * the same new draw share one read; a failed read is dropped at once.
   */
  async numberStats(poll: Pool): Promise<NumberStatsAnswer> {
    const nowMs = this.clock.nowMs();
    const [newest] = await this.pastRounds.revealedRounds({ poll, nowMs }, { limit: 1, offset: 0 });
    const newestId = newest?.id ?? null;
    const cached = this.stats.get(poll);
    if (cached && (await cached.catch(() => null))?.result_id === newestId) return cached;
    const read = this.countNumbers(poll, nowMs, newestId);
    this.stats.set(poll, read);
    read.catch(() => {
      if (this.stats.get(poll) === read) this.stats.delete(poll);
    });
    return read;
  }

  private async countNumbers(poll: Pool, nowMs: number, newestId: number | null): Promise<NumberStatsAnswer> {
    const rows = await this.pastRounds.revealedRounds(
      { poll, nowMs },
      { limit: NUMBER_STATS_DRAWS, offset: 0 },
    );
    // Fully drawn rounds only (a void round has no total and no draw to count).
    const draws = rows
      .filter((r) => r.total !== null && r.numbers !== null)
      .map((r) => parseNumbers(r.numbers));
    const { draws: counted, counts, hot, cold } = numberStats(draws);
    return { poll, result_id: newestId, draws: counted, counts: [...counts], hot: [...hot], cold: [...cold] };
  }

  /** The 7 × 10 grid of seed §4: the last 10 results, oldest first (one column each). */
  async grid(poll: Pool): Promise<ResultGrid> {
    const nowMs = this.clock.nowMs();
    // No total: counting every revealed round of the pool cost 20–134 ms a call at 10⁷ bets (docs/performance.md).
    const rows = await this.pastRounds.revealedRounds(
      { poll, nowMs },
      { limit: RESULT_GRID.columns, offset: 0 },
    );
    return {
      poll,
      items: rows
        .filter((r) => r.total !== null)
        .reverse()
        .map((r) => {
          const total = r.total!;
          return {
            result_id: r.id,
            type: rangeTypeOf(total),
            status: overUnderTypeOf(total) === 'RANGE_7' ? 'OVER' : 'UNDER',
            total,
            label: resultLabelOf(total),
          };
        }),
    };
  }
}
