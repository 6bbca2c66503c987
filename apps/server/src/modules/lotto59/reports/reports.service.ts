import type { BetReport, BetReportQuery } from '@lotto59/contract';
import { localDateOf, type LocalDate } from '@lotto59/domain';
import type { ReadDb } from '../../../db/read-db';
import type { Clock } from '../../../platform/clock';
import { localDateRange } from '../../../http/list-query';
import { REPORT_BUCKET_MS, reportBuckets } from '../tickets/tickets.repository';

/** Days a report may span (it aggregates per day). */
export const REPORT_DAYS_MAX = 93;
const REPORT_DAYS_DEFAULT = 7;

interface Figures {
  count: number;
  turnover: number;
  payout: number;
  win_loss: number;
  outstanding: number;
}

/**
 * `GET /api/bet/report`: the caller's lotto 59 bets per local day (operator's time zone), newest first,
 * with totals. Turnover counts every non-void stake; payout and win/loss count settled bets only, so
 * a day with bets still waiting shows them as `outstanding`.
 */
export class ReportsService {
  constructor(
    /** A replica unless the player wrote lately (read-your-writes). */
    private readonly reads: ReadDb,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  async report(playerId: number, query: BetReportQuery): Promise<BetReport> {
    const today = localDateOf(this.clock.nowMs(), this.timeZone);
    const to = query.to ?? today;
    const from = query.from ?? shiftDays(to as LocalDate, -(REPORT_DAYS_DEFAULT - 1));
    const range = localDateRange(from, to, this.timeZone, REPORT_DAYS_MAX);
    const db = await this.reads.forPlayer(playerId);
    const buckets = await reportBuckets(db, playerId, range.fromMs!, range.toMs!);
    const days = new Map<string, Figures>();
    const total = zero();
    for (const b of buckets) {
      const date = localDateOf(Number(b.bucket) * REPORT_BUCKET_MS, this.timeZone);
      const day = days.get(date) ?? zero();
      days.set(date, day);
      for (const figures of [day, total]) {
        figures.count += Number(b.count);
        figures.turnover += Number(b.turnover);
        figures.payout += Number(b.payout);
        figures.win_loss += Number(b.payout) - Number(b.settled_turnover);
        figures.outstanding += Number(b.outstanding);
      }
    }
    const items = [...days.entries()]
      .filter(([, f]) => f.count > 0)
      .sort(([a], [b]) => (a < b ? 1 : -1))
      .map(([date, f]) => ({ date, ...f }));
    return { items, total };
  }
}

function zero(): Figures {
  return { count: 0, turnover: 0, payout: 0, win_loss: 0, outstanding: 0 };
}

function shiftDays(date: LocalDate, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
