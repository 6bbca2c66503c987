import type { SportReportList, SportReportQuery, SportReportRow, SportReportTotal } from '@lotto59/contract';
import { localDateOf, type LocalDate } from '@lotto59/domain';
import type { ReadDb } from '../../../db/read-db';
import { localDateRange, pageMeta } from '../../../http/list-query';
import type { Clock } from '../../../platform/clock';
import { CASINO_REPORT_DAYS_MAX } from './casino-report.service';
import {
  listSportSlips,
  sumSportSlips,
  type SportSlipFilter,
  type SportSlipRow,
} from './sport-report.repository';
import { readSlip, statusFromMoney } from './sport-slip-meta';

/** The same range rules as the casino report (providers.md §8): at most 31 days, the last 7 by default. */
const SPORT_REPORT_DAYS_DEFAULT = 7;

type Filter = Omit<SportReportQuery, 'page' | 'per_page'>;

/** `GET /api/report/sport` and `/total`: the caller's sportsbook slips, newest first. */
export class SportReportService {
  constructor(
    /** A replica unless the player wrote lately (read-your-writes). */
    private readonly reads: ReadDb,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  async list(playerId: number, query: SportReportQuery): Promise<SportReportList> {
    const filter = this.filterOf(playerId, query);
    const db = await this.reads.forPlayer(playerId);
    const [rows, sums] = await Promise.all([
      listSportSlips(db, filter, { limit: query.per_page, offset: (query.page - 1) * query.per_page }),
      sumSportSlips(db, filter),
    ]);
    return { items: rows.map(toRow), meta: pageMeta(query.page, query.per_page, sums.count) };
  }

  async total(playerId: number, query: Filter): Promise<SportReportTotal> {
    const sums = await sumSportSlips(await this.reads.forPlayer(playerId), this.filterOf(playerId, query));
    return { ...sums, win_lose: sums.payout - sums.stake };
  }

  private filterOf(playerId: number, query: Filter): SportSlipFilter {
    const today = localDateOf(this.clock.nowMs(), this.timeZone);
    const to = query.to ?? (query.from !== undefined && query.from > today ? query.from : today);
    const from = query.from ?? shiftDays(to as LocalDate, -(SPORT_REPORT_DAYS_DEFAULT - 1));
    const range = localDateRange(from, to, this.timeZone, CASINO_REPORT_DAYS_MAX);
    return {
      playerId,
      fromMs: range.fromMs!,
      toMs: range.toMs!,
      status: query.status,
      gameCode: query.game_code,
    };
  }
}

function toRow(row: SportSlipRow): SportReportRow {
  const stake = Number(row.stake);
  const payout = Number(row.payout);
  const open = row.status === 'OPEN';
  const slip = readSlip(row.bet_meta, open ? null : row.win_meta);
  return {
    id: row.round_id,
    slip_no: slip.slip_no,
    created_at: new Date(Number(row.created_at_ms)).toISOString(),
    type: slip.type,
    legs: slip.legs,
    odds: slip.odds,
    stake,
    payout,
    win_lose: payout - stake,
    // PENDING until the slip's one win arrives (it closes the round); then what that win's meta says.
    status: open ? 'PENDING' : (slip.status ?? statusFromMoney(stake, payout)),
    settled_at: row.closed_at_ms === null ? null : new Date(Number(row.closed_at_ms)).toISOString(),
  };
}

function shiftDays(date: LocalDate, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
