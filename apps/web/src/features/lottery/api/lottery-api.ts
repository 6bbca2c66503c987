import type { LotteryGameType, LotteryTicketStatus } from '@lotto59/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http-client';
import { lotteryKeys } from './keys';
import type {
  DeleteItemResponse,
  DeleteTicketResponse,
  DrawResult,
  DrawTimes,
  NextDraws,
  PlaceTicketBody,
  PlaceTicketResponse,
  TicketItems,
  TicketList,
  TicketLoad,
  TicketTotal,
} from './provisional-schemas';
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

export function getDrawTimes(date: string | undefined, signal?: AbortSignal): Promise<DrawTimes> {
  return http.get('/api/lottery/result/time', {
    query: { date: date ?? null },
    schema: lotterySchema((s) => s.drawTimesSchema),
    signal,
  });
}

export function getNextDraws(signal?: AbortSignal): Promise<NextDraws> {
  return http.get('/api/lottery/result/timeout', { schema: lotterySchema((s) => s.nextDrawsSchema), signal });
}

export function getDrawResult(id: number, signal?: AbortSignal): Promise<DrawResult> {
  return http.get(`/api/lottery/result/${String(id)}`, {
    schema: lotterySchema((s) => s.drawResultSchema),
    signal,
  });
}

export function getTicketLoad(type: LotteryGameType, signal?: AbortSignal): Promise<TicketLoad> {
  return http.get('/api/lottery/ticket/load', {
    query: { type },
    schema: lotterySchema((s) => s.ticketLoadSchema),
    signal,
  });
}

export function placeTicket(body: PlaceTicketBody): Promise<PlaceTicketResponse> {
  return http.post('/api/lottery/ticket/bet', {
    body,
    schema: lotterySchema((s) => s.placeTicketResponseSchema),
  });
}

export function deleteTicket(ticketId: number): Promise<DeleteTicketResponse> {
  return http.delete('/api/lottery/ticket/delete', {
    query: { id: ticketId },
    schema: lotterySchema((s) => s.deleteTicketResponseSchema),
  });
}

export function deleteTicketItem(itemId: number): Promise<DeleteItemResponse> {
  return http.delete('/api/lottery/ticket/delete/item', {
    query: { id: itemId },
    schema: lotterySchema((s) => s.deleteItemResponseSchema),
  });
}

export function getTicketList(
  filter: LotteryFilter & { page: number },
  signal?: AbortSignal,
): Promise<TicketList> {
  return http.get('/api/lottery/ticket/list', {
    query: { ...filterQuery(filter), page: filter.page, per_page: LOTTERY_TICKETS_PER_PAGE },
    schema: lotterySchema((s) => s.ticketListSchema),
    signal,
  });
}

export function getTicketTotal(filter: LotteryFilter, signal?: AbortSignal): Promise<TicketTotal> {
  return http.get('/api/lottery/ticket/total', {
    query: filterQuery(filter),
    schema: lotterySchema((s) => s.ticketTotalSchema),
    signal,
  });
}

export function getTicketItems(ticketId: number, signal?: AbortSignal): Promise<TicketItems> {
  return http.get('/api/lottery/ticket/items', {
    query: { id: ticketId },
    schema: lotterySchema((s) => s.ticketItemsSchema),
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

export const useDrawResult = (id: number | undefined) =>
  useQuery({
    queryKey: lotteryKeys.result(id ?? 0),
    queryFn: ({ signal }) => getDrawResult(id ?? 0, signal),
    enabled: id !== undefined,
  });

export const useTicketLoad = (type: LotteryGameType) =>
  useQuery({ queryKey: lotteryKeys.load(type), queryFn: ({ signal }) => getTicketLoad(type, signal) });

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
