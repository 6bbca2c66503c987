import type { SportReportList, SportReportTotal, SportSlipStatus } from '@lotto59/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';

/** Slips per page of the sport report. */
export const SPORT_REPORT_PER_PAGE = 20;

export interface SportReportFilter {
  /** `YYYY-MM-DD`, Phnom Penh days; both absent = the server's default (the last 7 days). */
  from?: string | undefined;
  to?: string | undefined;
  status?: SportSlipStatus | undefined;
  page: number;
}

const filterQuery = (f: SportReportFilter) => ({
  from: f.from || null,
  to: f.to || null,
  status: f.status ?? null,
});

/** `GET /api/report/sport` (providers.md §8): the player's slips with their legs, newest first. */
export function getSportReport(f: SportReportFilter, signal?: AbortSignal): Promise<SportReportList> {
  return http.get('/api/report/sport', {
    query: { ...filterQuery(f), page: f.page, per_page: SPORT_REPORT_PER_PAGE },
    schema: lazySchema((s) => s.sportReportListSchema),
    signal,
  });
}

/** `GET /api/report/sport/total`: the same filter over every page, with the pending slips apart. */
export function getSportReportTotal(f: SportReportFilter, signal?: AbortSignal): Promise<SportReportTotal> {
  return http.get('/api/report/sport/total', {
    query: filterQuery(f),
    schema: lazySchema((s) => s.sportReportTotalSchema),
    signal,
  });
}

const key = (f: SportReportFilter) => [f.from ?? '', f.to ?? '', f.status ?? ''] as const;

export function useSportReport(f: SportReportFilter) {
  return useQuery({
    queryKey: ['providers', 'sport-report', ...key(f), f.page],
    queryFn: ({ signal }) => getSportReport(f, signal),
    // Keep the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useSportReportTotal(f: SportReportFilter) {
  return useQuery({
    queryKey: ['providers', 'sport-report-total', ...key(f)],
    queryFn: ({ signal }) => getSportReportTotal(f, signal),
    placeholderData: keepPreviousData,
  });
}
