import type { LotteryGameType, LotteryTicketStatus } from '@lotto59/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { http } from '@/lib/http-client';
import { lotteryKeys } from './keys';
import type {
  LotteryDeleteItem,
  LotteryDeleteTicket,
  LotteryHidePayout,
  LotteryPayoutList,
  LotteryResult,
  LotteryResultTime,
  LotteryTimeout,
  LotteryBetRequest,
  LotteryBet,
  LotteryTicketItems,
  LotteryTicketList,
  LotteryLoad,
  LotteryTotal,
} from '@lotto59/contract';
import { resultRefetchDelay } from '../lib/result-refresh';
import { lotterySchema } from './schemas';

/* The calls of lottery.md §6, one function each, and the query hooks the screens use. */

export interface LotteryFilter {
  type?: LotteryGameType | undefined;
  status?: LotteryTicketStatus | undefined;
  /** `YYYY-MM-DD`, Phnom Penh days of `created_at`. */
  from?: string | undefined;
  to?: string | undefined;
}

export const LOTTERY_TICKETS_PER_PAGE = 20;

const filterQuery = (filter: LotteryFilter) => ({
  type: filter.type ?? null,
  status: filter.status ?? null,
  from: filter.from || null,
  to: filter.to || null,
});

export function getDrawTimes(date: string | undefined, signal?: AbortSignal): Promise<LotteryResultTime> {
  return http.get('/api/lottery/result/time', {
    query: { date: date ?? null },
    schema: lotterySchema((s) => s.lotteryResultTimeSchema),
    signal,
  });
}

export function getNextDraws(signal?: AbortSignal): Promise<LotteryTimeout> {
  return http.get('/api/lottery/result/timeout', {
    schema: lotterySchema((s) => s.lotteryTimeoutSchema),
    signal,
  });
}

export function getDrawResult(id: number, signal?: AbortSignal): Promise<LotteryResult> {
  return http.get(`/api/lottery/result/${String(id)}`, {
    schema: lotterySchema((s) => s.lotteryResultSchema),
    signal,
  });
}

export function getTicketLoad(type: LotteryGameType, signal?: AbortSignal): Promise<LotteryLoad> {
  return http.get('/api/lottery/ticket/load', {
    query: { type },
    schema: lotterySchema((s) => s.lotteryLoadSchema),
    signal,
  });
}

export function placeTicket(body: LotteryBetRequest): Promise<LotteryBet> {
  return http.post('/api/lottery/ticket/bet', {
    body,
    schema: lotterySchema((s) => s.lotteryBetSchema),
  });
}

export function deleteTicket(ticketId: number): Promise<LotteryDeleteTicket> {
  // The id is in the path (lottery.md §6: PUT/DELETE take `/{id}`).
  return http.delete(`/api/lottery/ticket/delete/${String(ticketId)}`, {
    schema: lotterySchema((s) => s.lotteryDeleteTicketSchema),
  });
}

export function deleteTicketItem(itemId: number): Promise<LotteryDeleteItem> {
  return http.delete(`/api/lottery/ticket/delete/item/${String(itemId)}`, {
    schema: lotterySchema((s) => s.lotteryDeleteItemSchema),
  });
}

/** `GET /api/lottery/ticket/payout`: the winning items not hidden, newest paid first (days of `paid_at`). */
export function getPayouts(
  filter: Omit<LotteryFilter, 'status'> & { page: number },
  signal?: AbortSignal,
): Promise<LotteryPayoutList> {
  return http.get('/api/lottery/ticket/payout', {
    query: {
      type: filter.type ?? null,
      from: filter.from || null,
      to: filter.to || null,
      page: filter.page,
      per_page: LOTTERY_TICKETS_PER_PAGE,
    },
    schema: lotterySchema((s) => s.lotteryPayoutListSchema),
    signal,
  });
}

/** Hides a paid item from the payout list (lottery.md §6); it moves no money. */
export function hidePayoutItem(itemId: number): Promise<LotteryHidePayout> {
  return http.delete(`/api/lottery/ticket/delete/payout/item/${String(itemId)}`, {
    schema: lotterySchema((s) => s.lotteryHidePayoutSchema),
  });
}

export function getTicketList(
  filter: LotteryFilter & { page: number },
  signal?: AbortSignal,
): Promise<LotteryTicketList> {
  return http.get('/api/lottery/ticket/list', {
    query: { ...filterQuery(filter), page: filter.page, per_page: LOTTERY_TICKETS_PER_PAGE },
    schema: lotterySchema((s) => s.lotteryTicketListSchema),
    signal,
  });
}

export function getTicketTotal(filter: LotteryFilter, signal?: AbortSignal): Promise<LotteryTotal> {
  return http.get('/api/lottery/ticket/total', {
    query: filterQuery(filter),
    schema: lotterySchema((s) => s.lotteryTotalSchema),
    signal,
  });
}

export function getTicketItems(ticketId: number, signal?: AbortSignal): Promise<LotteryTicketItems> {
  return http.get('/api/lottery/ticket/items', {
    query: { id: ticketId },
    schema: lotterySchema((s) => s.lotteryTicketItemsSchema),
    signal,
  });
}

export const useDrawTimes = (date?: string) =>
  useQuery({
    queryKey: lotteryKeys.drawTimes(date ?? 'today'),
    queryFn: ({ signal }) => getDrawTimes(date, signal),
  });

/** The countdowns run on the device from `seconds_left`; a fresh answer each minute keeps them honest. */
export const useNextDraws = () =>
  useQuery({
    queryKey: lotteryKeys.nextDraws(),
    queryFn: ({ signal }) => getNextDraws(signal),
    refetchInterval: 60_000,
  });

/**
 * One draw's result, asked again around its draw time until it is SETTLED or VOID (`resultRefetchDelay`), on
 * the server's clock (`serverOffsetMs`, as the countdowns). When its status changes the player's tickets and
 * today's draws are asked again (their hits, payouts and statuses follow), and `onSettled` runs once it is
 * SETTLED (the balance has the payouts now).
 */
export function useDrawResult(
  id: number | undefined,
  { serverOffsetMs = 0, onSettled }: { serverOffsetMs?: number; onSettled?: () => void } = {},
) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: lotteryKeys.result(id ?? 0),
    queryFn: ({ signal }) => getDrawResult(id ?? 0, signal),
    enabled: id !== undefined,
    refetchInterval: (q) => {
      const draw = q.state.data?.draw;
      return draw ? resultRefetchDelay(draw, Date.now() + serverOffsetMs) : false;
    },
  });
  const status = query.data?.draw.status;
  const seen = useRef(status);
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  });
  useEffect(() => {
    const before = seen.current;
    seen.current = status;
    if (before === undefined || status === undefined || before === status) return;
    void queryClient.invalidateQueries({ queryKey: lotteryKeys.tickets() });
    void queryClient.invalidateQueries({ queryKey: lotteryKeys.drawTimesAll() });
    if (status === 'SETTLED') settled.current?.();
  }, [status, queryClient]);
  return query;
}

export const useTicketLoad = (type: LotteryGameType) =>
  useQuery({ queryKey: lotteryKeys.load(type), queryFn: ({ signal }) => getTicketLoad(type, signal) });

/** Under `tickets()`: a settled draw or a hidden item refreshes it with the tickets. */
export const usePayouts = (filter: Omit<LotteryFilter, 'status'> & { page: number }) =>
  useQuery({
    queryKey: [...lotteryKeys.tickets(), 'payouts', filter],
    queryFn: ({ signal }) => getPayouts(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useTicketList = (filter: LotteryFilter & { page: number }) =>
  useQuery({
    queryKey: [...lotteryKeys.tickets(), filter],
    queryFn: ({ signal }) => getTicketList(filter, signal),
    placeholderData: keepPreviousData,
  });

export const useTicketTotal = (filter: LotteryFilter) =>
  useQuery({
    queryKey: [...lotteryKeys.totals(), filter],
    queryFn: ({ signal }) => getTicketTotal(filter, signal),
    placeholderData: keepPreviousData,
  });

/*
 * Several calls as one query (not `useQueries`): its observer is library code that would land in the start-up
 * vendor chunk, over the `/login` budget (scripts/bundle-size.mjs).
 */

/** Totals of several filters at once (the report's row per game type), in the filters' order. */
export const useTicketTotals = (filters: readonly LotteryFilter[]) =>
  useQuery({
    queryKey: [...lotteryKeys.totals(), 'many', filters],
    queryFn: ({ signal }) => Promise.all(filters.map((filter) => getTicketTotal(filter, signal))),
    placeholderData: keepPreviousData,
  });

/** The items of several tickets, in the ids' order. */
export const useTicketItems = (ids: readonly number[]) =>
  useQuery({
    queryKey: [...lotteryKeys.tickets(), 'items', ids],
    queryFn: ({ signal }) => Promise.all(ids.map((id) => getTicketItems(id, signal))),
    enabled: ids.length > 0,
  });

/** Any change to the player's tickets: every lottery answer may be stale now (lists, totals, open draws). */
export function useLotteryMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: lotteryKeys.all }),
  });
}
