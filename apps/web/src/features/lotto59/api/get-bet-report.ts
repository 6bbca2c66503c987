import type { BetReport } from '@lotto59/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';
import { lottoKeys } from './keys';

export interface ReportRange {
  /** `YYYY-MM-DD`; both absent = the server's default (the last 7 days). */
  from?: string | undefined;
  to?: string | undefined;
}

/** `GET /api/bet/report`: per local day, newest first, with totals. */
export function getBetReport(range: ReportRange, signal?: AbortSignal): Promise<BetReport> {
  return http.get('/api/bet/report', {
    query: { from: range.from || null, to: range.to || null },
    schema: lazySchema((s) => s.betReportSchema),
    signal,
  });
}

export function useBetReport(range: ReportRange) {
  return useQuery({
    queryKey: [...lottoKeys.report(), range.from ?? '', range.to ?? ''],
    queryFn: ({ signal }) => getBetReport(range, signal),
    placeholderData: keepPreviousData,
  });
}
