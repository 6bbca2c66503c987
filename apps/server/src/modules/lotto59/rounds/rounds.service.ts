import { DRAW_SIZE, assert, drawNumbers, serverSeedHash, totalOf, type Pool } from '@lotto59/domain';
import type { RoundRecord } from '@lotto59/contract';
import type { Db, Executor } from '../../../db/database';
import { isUniqueViolation, retryOnConflict } from '../../../db/db-errors';
import { AppError } from '../../../errors/app-error';
import type { Clock } from '../../../platform/clock';
import type { RandomSource } from '../../../platform/random';
import type { Lotto59Settings } from '../lotto59.settings';
import { RecentOldestActive, type OldestActive } from './recent-oldest-active';
import { RevealedCountCache } from './revealed-count-cache';
import { formatNumbers, releaseScheduleOf, toRoundRecord } from './round-view';
import * as repo from './rounds.repository';

export type Round = NonNullable<Awaited<ReturnType<typeof repo.findRound>>>;

/**
 * Rounds of the two streams: opening with a committed seed hash, the draw when betting closes (numbers
 * stored once, from the stored seed), and the views players may see. Settlement and voiding are in
 * settlement.service.ts.
 */
export class RoundsService {
  private readonly revealedCounts = new RevealedCountCache();
  private readonly recentOldest = new RecentOldestActive(
    (ex) => repo.oldestActiveRound(ex),
    () => this.clock.nowMs(),
  );

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly random: RandomSource,
    private readonly settings: Lotto59Settings,
  ) {}

  /**
   * Opens a round of `pool` at `openedAtMs` with a fresh seed whose hash is published now. Returns
   * undefined when the pool already has an open round (another scheduler, or a retry, was first).
   */
  async open(pool: Pool, openedAtMs: number): Promise<Round | undefined> {
    const seed = this.random.bytes(32).toString('hex');
    assert(/^[0-9a-f]{64}$/.test(seed), 'a server seed is 32 random bytes');
    const closeAtMs = openedAtMs + this.settings.openMs[pool];
    const schedule = releaseScheduleOf(closeAtMs, this.settings);
    try {
      const id = await repo.insertRound(this.db, {
        poll: pool,
        status: 'OPEN',
        opened_at_ms: openedAtMs,
        close_at_ms: closeAtMs,
        first_ball_at_ms: schedule.firstBallAtMs,
        ball_interval_ms: schedule.ballIntervalMs,
        reveal_at_ms: schedule.revealAtMs,
        settle_at_ms: schedule.settleAtMs,
        server_seed: seed,
        server_seed_hash: serverSeedHash(seed),
        numbers: null,
        total: null,
        drawn_at_ms: null,
        settled_at_ms: null,
        voided_at_ms: null,
      });
      return await this.byId(id);
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  /**
   * Betting is over: the round's numbers are computed from its stored seed and written once, with the
   * move to RELEASING. Undefined when the round had already moved on (a retry, another scheduler).
   */
  async startRelease(round: Round): Promise<Round | undefined> {
    const numbers = drawNumbers(round.server_seed, round.id);
    assert(numbers.length === DRAW_SIZE, 'a draw has 10 numbers');
    return retryOnConflict(() =>
      repo.startRelease(this.db, round.id, {
        numbers: formatNumbers(numbers),
        total: totalOf(numbers),
        nowMs: this.clock.nowMs(),
      }),
    );
  }

  async byId(id: number): Promise<Round> {
    const round = await repo.findRound(this.db, id);
    if (!round) throw new AppError('NOT_FOUND', 'Round not found.');
    return round;
  }

  find(id: number): Promise<Round | undefined> {
    return repo.findRound(this.db, id);
  }

  active(): Promise<Round[]> {
    return repo.findActiveRounds(this.db);
  }

  /**
   * The oldest round still OPEN or RELEASING (every bet of an older round is final), on `ex` (a replica's),
   * as it was up to a second ago: never newer than the truth (recent-oldest-active.ts).
   */
  recentOldestActive(ex: Executor = this.db): Promise<OldestActive | null> {
    return this.recentOldest.get(ex);
  }

  view(round: Round, nowMs = this.clock.nowMs()): RoundRecord {
    return toRoundRecord(round, nowMs);
  }

  openOf(pool: Pool) {
    return repo.findOpenRound(this.db, pool);
  }

  latestReleasingOf(pool: Pool) {
    return repo.findLatestReleasing(this.db, pool);
  }

  /** The newest revealed rounds, without a total: the grid and the recent results need no count of them all. */
  revealedRounds(filter: repo.RevealedFilter, page: { limit: number; offset: number }) {
    return repo.listRevealedRounds(this.db, filter, page);
  }

  /** A page of revealed rounds and their total; the total may be up to REVEALED_COUNT_TTL_MS old. */
  async revealedPage(filter: repo.RevealedFilter, page: { limit: number; offset: number }) {
    const [rows, count] = await Promise.all([
      repo.listRevealedRounds(this.db, filter, page),
      this.revealedCounts.get(filter, () => repo.countRevealedRounds(this.db, filter)),
    ]);
    return { rows, count };
  }
}
