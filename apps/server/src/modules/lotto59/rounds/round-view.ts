import type { RoundRecord } from '@lotto59/contract';
import { DRAW_SIZE, overUnderTypeOf, rangeTypeOf, resultLabelOf } from '@lotto59/domain';
import type { Selectable } from 'kysely';
import type { Lotto59Settings } from '../lotto59.settings';
import type { RoundOutcome, RoundsTable } from '../lotto59.table';

/** The columns of a round that decide what a player may see of it at a given instant. */
export type RoundRow = Omit<
  Selectable<RoundsTable>,
  'drawn_at_ms' | 'settled_at_ms' | 'voided_at_ms' | keyof RoundOutcome
>;

/**
 * The release schedule of a round closing at `closeAtMs`: ball k (1-based) comes out at
 * close + delay + (k − 1)·interval; the seed and the total are public when the last ball is out; the
 * round settles when the whole release phase is over (never before the last ball).
 */
export function releaseScheduleOf(closeAtMs: number, s: Lotto59Settings) {
  const firstBallAtMs = closeAtMs + s.releaseDelayMs;
  const revealAtMs = firstBallAtMs + (DRAW_SIZE - 1) * s.ballIntervalMs;
  return {
    firstBallAtMs,
    ballIntervalMs: s.ballIntervalMs,
    revealAtMs,
    settleAtMs: Math.max(closeAtMs + s.releaseTotalMs, revealAtMs),
  };
}

export function parseNumbers(text: string | null): number[] {
  return text === null || text === '' ? [] : text.split(',').map(Number);
}

export function formatNumbers(numbers: readonly number[]): string {
  return numbers.join(',');
}

/** How many balls are public at `nowMs`: none before the first ball, none of a void round. */
export function releasedCountAt(round: RoundRow, nowMs: number): number {
  if (round.numbers === null || round.status === 'VOID' || round.status === 'OPEN') return 0;
  if (round.status === 'SETTLED') return DRAW_SIZE;
  if (nowMs < round.first_ball_at_ms) return 0;
  const ballsOut = Math.floor((nowMs - round.first_ball_at_ms) / round.ball_interval_ms) + 1;
  return Math.min(DRAW_SIZE, ballsOut);
}

/**
 * The wire record of a round at `nowMs`. Never shows an unreleased ball, and shows the total, its types
 * and the seed only once every ball is out (the total would give away the balls still to come).
 */
export function toRoundRecord(round: RoundRow, nowMs: number): RoundRecord {
  const released = releasedCountAt(round, nowMs);
  const numbers = parseNumbers(round.numbers).slice(0, released);
  const complete = released === DRAW_SIZE && round.total !== null;
  const total = complete ? round.total : null;
  const nextBallAtMs =
    round.status === 'RELEASING' && released < DRAW_SIZE
      ? round.first_ball_at_ms + released * round.ball_interval_ms
      : null;
  return {
    id: round.id,
    poll: round.poll,
    status: round.status,
    opened_at: iso(round.opened_at_ms),
    close_at: iso(round.close_at_ms),
    server_seed_hash: round.server_seed_hash,
    numbers,
    released_count: released,
    total,
    range_type: total === null ? null : rangeTypeOf(total),
    ou_type: total === null ? null : overUnderTypeOf(total),
    label: total === null ? null : resultLabelOf(total),
    server_seed: complete ? round.server_seed : null,
    next_ball_at: nextBallAtMs === null ? null : iso(nextBallAtMs),
    settle_at: iso(round.settle_at_ms),
  };
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
