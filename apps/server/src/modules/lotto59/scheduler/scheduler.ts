import { DRAW_SIZE, POOLS, type Pool } from '@lotto59/domain';
import type { Clock } from '../../../platform/clock';
import type { EventBus } from '../../../platform/event-bus';
import type { JackpotService } from '../settlement/jackpot.service';
import type { Lotto59Settings } from '../lotto59.settings';
import { parseNumbers, releasedCountAt } from '../rounds/round-view';
import type { Round, RoundsService } from '../rounds/rounds.service';
import type { SettlementService } from '../settlement/settlement.service';

/**
 * The draw scheduler: drives both streams through decisions §3 — a round OPEN until close_at, then
 * RELEASING (numbers drawn from the stored seed, balls out one by one, seed revealed with the last ball),
 * then SETTLED — while the next round of the pool opens at close_at. Every step reads the database and
 * moves a round with a conditional update, so a restarted (or second) scheduler resumes where the last
 * one stopped and never repeats a step. Time comes only from the injected clock. It is the job of the
 * `lotto59-scheduler` worker (db/leased-worker.ts), which runs `pass()` on the lease's holder; tests call
 * the worker's `tick()`.
 */
export class Scheduler {
  private poolSeeded = false;
  /** Per releasing round: balls already announced and whether the result was (this process's memory). */
  private readonly announced = new Map<number, { balls: number; result: boolean }>();

  constructor(
    private readonly rounds: RoundsService,
    private readonly settlement: SettlementService,
    private readonly jackpot: JackpotService,
    private readonly events: EventBus,
    private readonly clock: Clock,
    private readonly settings: Lotto59Settings,
  ) {}

  /** One pass over both pools. */
  async pass(): Promise<void> {
    if (!this.poolSeeded) {
      await this.jackpot.ensurePoolSeeded();
      this.poolSeeded = true;
    }
    const nowMs = this.clock.nowMs();
    const before = await this.rounds.active();
    for (const pool of POOLS) {
      await this.advancePool(
        pool,
        before.find((r) => r.poll === pool && r.status === 'OPEN'),
        nowMs,
      );
    }
    for (const round of await this.rounds.active()) {
      if (round.status === 'RELEASING') await this.advanceRelease(round, nowMs);
    }
  }

  /** Closes the pool's open round when its time is up and opens the next one. */
  private async advancePool(pool: Pool, open: Round | undefined, nowMs: number): Promise<void> {
    if (open && nowMs < open.close_at_ms) return;
    if (open) {
      const releasing = await this.rounds.startRelease(open);
      if (releasing) this.events.publish({ type: 'betting_closed', data: { id: open.id, poll: pool } });
    }
    // Keep the cadence (the next round opens at close_at) unless the scheduler was down for longer
    // than a whole betting window: then the next round starts now.
    const windowMs = this.settings.openMs[pool];
    const openedAtMs = open && open.close_at_ms + windowMs > nowMs ? open.close_at_ms : nowMs;
    const next = await this.rounds.open(pool, openedAtMs);
    if (next) this.events.publish({ type: 'round_opened', data: { round: this.rounds.view(next, nowMs) } });
  }

  /** Announces the balls that came out since the last pass, the result, and settles when it is time. */
  private async advanceRelease(round: Round, nowMs: number): Promise<void> {
    const seen = this.announced.get(round.id) ?? { balls: 0, result: false };
    this.announced.set(round.id, seen);
    const released = releasedCountAt(round, nowMs);
    const numbers = parseNumbers(round.numbers);
    for (let ball = seen.balls; ball < released; ball++) {
      this.events.publish({
        type: 'ball_released',
        data: { id: round.id, poll: round.poll, index: ball + 1, number: numbers[ball] },
      });
    }
    seen.balls = Math.max(seen.balls, released);
    if (released === DRAW_SIZE && !seen.result) {
      this.events.publish({ type: 'result', data: { round: this.rounds.view(round, nowMs) } });
      seen.result = true;
    }
    if (nowMs >= round.settle_at_ms) {
      await this.settlement.settle(round.id);
      this.announced.delete(round.id);
    }
  }
}
