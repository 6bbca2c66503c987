import type {
  FishingReportList,
  FishingReportQuery,
  FishingReportRow,
  FishingReportTotal,
} from '@lotto59/contract';
import { localDateOf, type LocalDate } from '@lotto59/domain';
import type { Db } from '../../../db/database';
import type { ReadDb } from '../../../db/read-db';
import { localDateRange, pageMeta } from '../../../http/list-query';
import type { Clock } from '../../../platform/clock';
import type { FishingSessionState } from '../fishing/fishing.table';
import {
  allFishingSessions,
  countFishingSessions,
  listFishingSessions,
  seamlessFishingRounds,
  type FishingSessionFilter,
} from './fishing-report.repository';

/** providers.md §8: the same range rules as the casino report (at most 31 days; the last 7 by default). */
const REPORT_DAYS_MAX = 31;
const REPORT_DAYS_DEFAULT = 7;

/** The report's statuses and the stored session states behind them; a session whose deposit failed is no row. */
const STATES_OF: Readonly<Record<FishingReportRow['status'], readonly FishingSessionState[]>> = {
  ACTIVE: ['OPENING', 'ACTIVE', 'CLOSING'],
  CLOSED: ['CLOSED'],
  UNKNOWN: ['UNKNOWN'],
};
const statusOf = (state: FishingSessionState): FishingReportRow['status'] =>
  state === 'CLOSED' ? 'CLOSED' : state === 'UNKNOWN' ? 'UNKNOWN' : 'ACTIVE';

type Filter = Omit<FishingReportQuery, 'page' | 'per_page'>;
type SessionRow = Awaited<ReturnType<typeof listFishingSessions>>[number];
interface Play {
  shots: number;
  stake: number;
  payout: number;
}

/**
 * `GET /api/report/fishing` and `/total`: one row per fishing session, newest first. Provider 4's play is
 * the withdraw's `summary` (its shots never reach our wallet); provider 5's is summed from the seamless
 * wallet's rounds inside the session, with stake = bets − refund of unfired bullets (providers.md §8).
 */
export class FishingReportService {
  constructor(
    /** A replica unless the player wrote lately (read-your-writes). */
    private readonly reads: ReadDb,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  async list(playerId: number, query: FishingReportQuery): Promise<FishingReportList> {
    const filter = this.filterOf(playerId, query);
    const db = await this.reads.forPlayer(playerId);
    const [rows, count] = await Promise.all([
      listFishingSessions(db, filter, {
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      }),
      countFishingSessions(db, filter),
    ]);
    const plays = await this.seamlessPlay(db, playerId, rows);
    return {
      items: rows.map((row) => toRow(row, plays.get(Number(row.id)))),
      meta: pageMeta(query.page, query.per_page, count),
    };
  }

  async total(playerId: number, query: Filter): Promise<FishingReportTotal> {
    const db = await this.reads.forPlayer(playerId);
    const rows = await allFishingSessions(db, this.filterOf(playerId, query));
    const plays = await this.seamlessPlay(db, playerId, rows);
    const total: FishingReportTotal = {
      count: 0,
      shots: 0,
      stake: 0,
      payout: 0,
      win_lose: 0,
      transfer_in: 0,
      transfer_out: 0,
    };
    for (const row of rows.map((r) => toRow(r, plays.get(Number(r.id))))) {
      total.count += 1;
      total.shots += row.shots;
      total.stake += row.stake;
      total.payout += row.payout;
      total.transfer_in += row.transfer_in;
      total.transfer_out += row.transfer_out;
    }
    total.win_lose = total.payout - total.stake;
    return total;
  }

  /** Provider 5's play per session: each round counted in the session whose time span holds it. */
  private async seamlessPlay(
    db: Db,
    playerId: number,
    rows: readonly SessionRow[],
  ): Promise<Map<number, Play>> {
    const sessions = rows.filter((r) => r.provider === '5');
    const plays = new Map<number, Play>();
    if (sessions.length === 0) return plays;
    const fromMs = Math.min(...sessions.map((s) => Number(s.started_at_ms)));
    const toMs = Math.max(
      ...sessions.map((s) => (s.ended_at_ms === null ? Number.MAX_SAFE_INTEGER : Number(s.ended_at_ms) + 1)),
    );
    const rounds = await seamlessFishingRounds(db, playerId, fromMs, toMs);
    for (const session of sessions) {
      const start = Number(session.started_at_ms);
      const end = session.ended_at_ms === null ? Number.MAX_SAFE_INTEGER : Number(session.ended_at_ms);
      const play: Play = { shots: 0, stake: 0, payout: 0 };
      for (const round of rounds) {
        const at = Number(round.created_at_ms);
        if (at < start || at > end || round.status === 'ROLLED_BACK') continue;
        const meta = magazineMeta(round.win_meta);
        play.shots += meta.shots;
        play.stake += Number(round.stake) - meta.refund;
        // The win pays captures plus the refund; without a win (still open) nothing was paid yet.
        play.payout += Math.max(0, Number(round.payout) - meta.refund);
      }
      plays.set(Number(session.id), play);
    }
    return plays;
  }

  private filterOf(playerId: number, query: Filter): FishingSessionFilter {
    const today = localDateOf(this.clock.nowMs(), this.timeZone);
    const to = query.to ?? (query.from !== undefined && query.from > today ? query.from : today);
    const from = query.from ?? shiftDays(to as LocalDate, -(REPORT_DAYS_DEFAULT - 1));
    const range = localDateRange(from, to, this.timeZone, REPORT_DAYS_MAX);
    return {
      playerId,
      fromMs: range.fromMs!,
      toMs: range.toMs!,
      states:
        query.status === undefined
          ? [...STATES_OF.ACTIVE, ...STATES_OF.CLOSED, ...STATES_OF.UNKNOWN]
          : STATES_OF[query.status],
      gameCode: query.game_code,
    };
  }
}

/** `{shots, payout, refund}` of a magazine's win (providers.md §7.3); missing or unreadable: zeros. */
function magazineMeta(winMeta: string | null): { shots: number; refund: number } {
  if (winMeta === null) return { shots: 0, refund: 0 };
  try {
    const meta = JSON.parse(winMeta) as { shots?: unknown; refund?: unknown };
    const whole = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : 0);
    return { shots: whole(meta.shots), refund: whole(meta.refund) };
  } catch {
    return { shots: 0, refund: 0 };
  }
}

function toRow(row: SessionRow, play: Play | undefined): FishingReportRow {
  const figures = play ?? { shots: Number(row.shots), stake: Number(row.stake), payout: Number(row.payout) };
  return {
    session_id: Number(row.id),
    provider: Number(row.provider),
    game_code: row.game_code,
    started_at: new Date(Number(row.started_at_ms)).toISOString(),
    ended_at: row.ended_at_ms === null ? null : new Date(Number(row.ended_at_ms)).toISOString(),
    transfer_in: Number(row.transfer_in),
    transfer_out: Number(row.transfer_out),
    shots: figures.shots,
    stake: figures.stake,
    payout: figures.payout,
    win_lose: figures.payout - figures.stake,
    status: statusOf(row.state),
  };
}

function shiftDays(date: LocalDate, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
