import {
  STATEMENT_CSV_MAX_DAYS,
  type Statement,
  type StatementCsvLang,
  type StatementProduct,
} from '@lotto59/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { buildUrl, http } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';

/** Rows per page of the statement screen. */
export const STATEMENT_PER_PAGE = 20;

export interface StatementFilter {
  /** `YYYY-MM-DD`, the operator's days; the screen always sends both (its default is the last 30 days). */
  from: string;
  to: string;
  product?: StatementProduct | undefined;
  page: number;
}

/** `GET /api/statement` (issue 25): every movement of the player's money, newest first, with totals. */
export function getStatement(filter: StatementFilter, signal?: AbortSignal): Promise<Statement> {
  return http.get('/api/statement', {
    query: {
      from: filter.from,
      to: filter.to,
      product: filter.product ?? null,
      page: filter.page,
      per_page: STATEMENT_PER_PAGE,
    },
    schema: lazySchema((s) => s.statementSchema),
    signal,
  });
}

export const statementQueryOptions = (filter: StatementFilter) =>
  queryOptions({
    queryKey: ['statement', filter.from, filter.to, filter.product ?? '', filter.page],
    queryFn: ({ signal }) => getStatement(filter, signal),
    placeholderData: keepPreviousData,
  });

export function useStatement(filter: StatementFilter) {
  return useQuery(statementQueryOptions(filter));
}

/** Days from `from` to `to`, both counted. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * `GET /api/statement.csv` as a link: the browser downloads it itself (a plain GET with the session cookie),
 * so the file is streamed to disk and never held by the page. Null past the server's 366 days.
 */
export function statementCsvHref(
  filter: Pick<StatementFilter, 'from' | 'to' | 'product'>,
  lang: StatementCsvLang,
): string | null {
  if (daysInRange(filter.from, filter.to) > STATEMENT_CSV_MAX_DAYS) return null;
  return buildUrl('GET', '/api/statement.csv', {
    from: filter.from,
    to: filter.to,
    product: filter.product ?? null,
    lang,
  });
}
