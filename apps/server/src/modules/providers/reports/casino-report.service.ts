import {
  baccaratDetailSchema,
  slotDetailSchema,
  type CasinoReportList,
  type CasinoReportQuery,
  type CasinoReportRow,
  type CasinoReportTotal,
} from '@lotto59/contract';
import { localDateOf, type LocalDate } from '@lotto59/domain';
import type { ReadDb } from '../../../db/read-db';
import { localDateRange, pageMeta } from '../../../http/list-query';
import type { Clock } from '../../../platform/clock';
import type { ProviderCode } from '../providers.table';
import { listCasinoRounds, sumCasinoRounds, type CasinoRoundFilter } from './casino-report.repository';

/** providers.md §8: a report range is at most 31 Phnom Penh days; without dates it shows the last 7. */
export const CASINO_REPORT_DAYS_MAX = 31;
const CASINO_REPORT_DAYS_DEFAULT = 7;

/** Baccarat (2) and slots (3): the seed has no slot report, so slots are rows of this one. */
const CASINO_PROVIDERS: readonly ProviderCode[] = ['2', '3'];

/**
 * The report's English game names. The report cannot import the provider module's catalogue (modules talk
 * through public files and this folder only reads rounds); the web app shows the Khmer name by game code.
 */
const GAME_NAMES: Readonly<Record<string, string>> = {
  'angkor-fortune': 'Angkor Fortune',
  baccarat: 'Baccarat',
};

type Filter = Omit<CasinoReportQuery, 'page' | 'per_page'>;

/** `GET /api/report/casino` and `/total`: the caller's baccarat and slot rounds, newest first. */
export class CasinoReportService {
  constructor(
    /** A replica unless the player wrote lately (read-your-writes). */
    private readonly reads: ReadDb,
    private readonly clock: Clock,
    private readonly timeZone: string,
  ) {}

  async list(playerId: number, query: CasinoReportQuery): Promise<CasinoReportList> {
    const filter = this.filterOf(playerId, query);
    const db = await this.reads.forPlayer(playerId);
    const [rows, sums] = await Promise.all([
      listCasinoRounds(db, filter, {
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      }),
      sumCasinoRounds(db, filter),
    ]);
    return {
      items: rows.map((row) => toRow(row)),
      meta: pageMeta(query.page, query.per_page, sums.count),
    };
  }

  async total(playerId: number, query: Filter): Promise<CasinoReportTotal> {
    const sums = await sumCasinoRounds(await this.reads.forPlayer(playerId), this.filterOf(playerId, query));
    return { ...sums, win_lose: sums.payout - sums.stake };
  }

  private filterOf(playerId: number, query: Filter): CasinoRoundFilter {
    const today = localDateOf(this.clock.nowMs(), this.timeZone);
    const to = query.to ?? (query.from !== undefined && query.from > today ? query.from : today);
    const from = query.from ?? shiftDays(to as LocalDate, -(CASINO_REPORT_DAYS_DEFAULT - 1));
    const range = localDateRange(from, to, this.timeZone, CASINO_REPORT_DAYS_MAX);
    return {
      playerId,
      providers: CASINO_PROVIDERS,
      fromMs: range.fromMs!,
      toMs: range.toMs!,
      status: query.status,
      gameCode: query.game_code,
    };
  }
}

function toRow(row: Awaited<ReturnType<typeof listCasinoRounds>>[number]): CasinoReportRow {
  const stake = Number(row.stake);
  const payout = Number(row.payout);
  return {
    round_id: row.round_id,
    provider: Number(row.provider),
    game_code: row.game_code,
    game_name: GAME_NAMES[row.game_code] ?? row.game_code,
    created_at: new Date(Number(row.created_at_ms)).toISOString(),
    detail: row.status === 'OPEN' ? null : detailOf(row.provider, row.win_meta),
    stake,
    payout,
    win_lose: payout - stake,
    status: row.status,
  };
}

/**
 * The detail from the win's `meta` (providers.md §8). A meta the report cannot read gives no detail rather
 * than a failed report: the money columns come from the ledger-backed row, not from the meta.
 */
function detailOf(provider: ProviderCode, winMeta: string | null): CasinoReportRow['detail'] {
  if (winMeta === null) return null;
  let meta: unknown;
  try {
    meta = JSON.parse(winMeta);
  } catch {
    return null;
  }
  if (typeof meta !== 'object' || meta === null) return null;
  if (provider === '2') {
    const parsed = baccaratDetailSchema.safeParse({ ...meta, kind: 'baccarat' });
    return parsed.success ? parsed.data : null;
  }
  if (provider === '3') {
    const parsed = slotDetailSchema.safeParse({ ...meta, kind: 'slot' });
    return parsed.success ? parsed.data : null;
  }
  return null;
}

function shiftDays(date: LocalDate, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
