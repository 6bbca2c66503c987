import type { TransactionList, TransactionType } from '@lotto59/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';

/** Rows per page of the history screens. */
export const TRANSACTIONS_PER_PAGE = 20;

export interface TransactionFilter {
  type: TransactionType;
  /** `YYYY-MM-DD`, the operator's days; absent = no bound. */
  from?: string | undefined;
  to?: string | undefined;
  page: number;
}

/** `GET /api/transaction/list` (seed §7): the player's own deposits or withdrawals, newest first. */
export function getTransactions(filter: TransactionFilter, signal?: AbortSignal): Promise<TransactionList> {
  return http.get('/api/transaction/list', {
    query: {
      type: filter.type,
      from: filter.from || null,
      to: filter.to || null,
      page: filter.page,
      per_page: TRANSACTIONS_PER_PAGE,
    },
    schema: lazySchema((s) => s.transactionListSchema),
    signal,
  });
}

export const transactionsQueryOptions = (filter: TransactionFilter) =>
  queryOptions({
    queryKey: ['transactions', filter.type, filter.from ?? '', filter.to ?? '', filter.page],
    queryFn: ({ signal }) => getTransactions(filter, signal),
    // Keep the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useTransactions(filter: TransactionFilter) {
  return useQuery(transactionsQueryOptions(filter));
}
