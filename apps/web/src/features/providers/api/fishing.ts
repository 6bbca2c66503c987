import type {
  FishingCloseReply,
  FishingInformation,
  FishingOpenReply,
  FishingReportList,
  FishingReportTotal,
} from '@lotto59/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';

/** The two fishing providers (providers.md §1): 4 plays on money moved into the game, 5 on the main balance. */
export type FishingProviderId = 4 | 5;
export const FISHING_PROVIDER_IDS: readonly FishingProviderId[] = [4, 5];

const INFORMATION_KEY = ['providers', 'fishing', 'information'] as const;
const informationKey = (provider: FishingProviderId) => [...INFORMATION_KEY, provider] as const;

/** `GET /api/fishing/information?provider=` (providers.md §4): the session, its transfer in flight, the in-game balance. */
export function getFishingInformation(
  provider: FishingProviderId,
  signal?: AbortSignal,
): Promise<FishingInformation> {
  return http.get('/api/fishing/information', {
    query: { provider: String(provider) },
    schema: lazySchema((s) => s.fishingInformationSchema),
    signal,
  });
}

/** The session of one provider; asked again every `refetchMs` while a transfer is in flight (seed §4). */
export function useFishingInformation(provider: FishingProviderId, refetchMs: number) {
  return useQuery({
    queryKey: informationKey(provider),
    queryFn: ({ signal }) => getFishingInformation(provider, signal),
    refetchInterval: (query) => (query.state.data?.is_loading === 1 ? refetchMs : false),
  });
}

/** `POST /api/fishing/settoken {provider, amount?}`: opens a session (provider 4 moves the money in first). */
export function openFishingSession(
  provider: FishingProviderId,
  amount: number | undefined,
): Promise<FishingOpenReply> {
  return http.post('/api/fishing/settoken', {
    body: amount === undefined ? { provider } : { provider, amount },
    schema: lazySchema((s) => s.fishingOpenReplySchema),
  });
}

/** `POST /api/fishing/settoken {provider, token: null}`: closes it, everything back to the main balance. */
export function closeFishingSession(provider: FishingProviderId): Promise<FishingCloseReply> {
  return http.post('/api/fishing/settoken', {
    body: { provider, token: null },
    schema: lazySchema((s) => s.fishingCloseReplySchema),
  });
}

/** Open or close; afterwards the session and (through `onSettled`) the player's balance are read again. */
export function useFishingSession(provider: FishingProviderId, onSettled: () => void) {
  const queryClient = useQueryClient();
  const settled = () => {
    // Both games: a transfer of one is `is_loading` (and refuses a new session) for the other too.
    void queryClient.invalidateQueries({ queryKey: INFORMATION_KEY });
    onSettled();
  };
  return {
    open: useMutation({
      mutationFn: (amount: number | undefined) => openFishingSession(provider, amount),
      onSettled: settled,
    }),
    close: useMutation({ mutationFn: () => closeFishingSession(provider), onSettled: settled }),
  };
}

/** Rows per page of the fishing report. */
export const FISHING_REPORT_PER_PAGE = 20;

export interface FishingReportFilter {
  from?: string | undefined;
  to?: string | undefined;
  page: number;
}

const filterQuery = (f: FishingReportFilter) => ({ from: f.from || null, to: f.to || null });

/** `GET /api/report/fishing` (providers.md §8): one row per fishing session, newest first. */
export function useFishingReport(f: FishingReportFilter) {
  return useQuery({
    queryKey: ['providers', 'fishing-report', f.from ?? '', f.to ?? '', f.page],
    queryFn: ({ signal }): Promise<FishingReportList> =>
      http.get('/api/report/fishing', {
        query: { ...filterQuery(f), page: f.page, per_page: FISHING_REPORT_PER_PAGE },
        schema: lazySchema((s) => s.fishingReportListSchema),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/report/fishing/total`: the same filter over every page. */
export function useFishingReportTotal(f: FishingReportFilter) {
  return useQuery({
    queryKey: ['providers', 'fishing-report-total', f.from ?? '', f.to ?? ''],
    queryFn: ({ signal }): Promise<FishingReportTotal> =>
      http.get('/api/report/fishing/total', {
        query: filterQuery(f),
        schema: lazySchema((s) => s.fishingReportTotalSchema),
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
