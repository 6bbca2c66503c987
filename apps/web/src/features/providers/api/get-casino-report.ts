import type { CasinoReportList, CasinoReportTotal, CasinoRoundStatus } from '@lotto59/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';

/** Rows per page of the casino report. */
export const CASINO_REPORT_PER_PAGE = 20;

export interface CasinoReportFilter {
  /** `YYYY-MM-DD`, Phnom Penh days; both absent = the server's default (the last 7 days). */
  from?: string | undefined;
  to?: string | undefined;
  status?: CasinoRoundStatus | undefined;
  /** One game's rounds (baccarat or a slot); absent = every casino game. */
  game?: string | undefined;
  page: number;
}

const filterQuery = (f: CasinoReportFilter) => ({
  from: f.from || null,
  to: f.to || null,
  status: f.status ?? null,
  game_code: f.game ?? null,
});

/** `GET /api/report/casino` (providers.md §8): the player's baccarat and slot rounds, newest first. */
export function getCasinoReport(f: CasinoReportFilter, signal?: AbortSignal): Promise<CasinoReportList> {
  return http.get('/api/report/casino', {
    query: { ...filterQuery(f), page: f.page, per_page: CASINO_REPORT_PER_PAGE },
    schema: lazySchema((s) => s.casinoReportListSchema),
    signal,
  });
}

/** `GET /api/report/casino/total`: the same filter over every page. */
export function getCasinoReportTotal(
  f: CasinoReportFilter,
  signal?: AbortSignal,
): Promise<CasinoReportTotal> {
  return http.get('/api/report/casino/total', {
    query: filterQuery(f),
    schema: lazySchema((s) => s.casinoReportTotalSchema),
    signal,
  });
}

const key = (f: CasinoReportFilter) => [f.from ?? '', f.to ?? '', f.status ?? '', f.game ?? ''] as const;

export function useCasinoReport(f: CasinoReportFilter) {
  return useQuery({
    queryKey: ['providers', 'casino-report', ...key(f), f.page],
    queryFn: ({ signal }) => getCasinoReport(f, signal),
    // Keep the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useCasinoReportTotal(f: CasinoReportFilter) {
  return useQuery({
    queryKey: ['providers', 'casino-report-total', ...key(f)],
    queryFn: ({ signal }) => getCasinoReportTotal(f, signal),
    placeholderData: keepPreviousData,
  });
}
