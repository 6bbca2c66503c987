import type {
  RgBreakRequest,
  RgLimitRefRequest,
  RgRealityCheckRequest,
  RgSelfExclusionRequest,
  RgSetLimitRequest,
  RgState,
} from '@lotto59/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { request } from '@/lib/http-client';
import { rgStateQuery, rgStateSchema as schema } from '@/lib/rg-state';

/**
 * How long after a page opens the reality check and the 80 % notice first ask for the state: the page's own
 * requests (the board, its rates) go first on a phone's 3G line, and neither loses anything by asking a few
 * seconds later (a reality check falls due minutes after login; the notice is a quiet hint).
 */
const DEFERRED_FIRST_ASK_MS = 3_000;

/** `GET /api/user/limits` (responsible-gaming.md §4); `deferred`: asked first DEFERRED_FIRST_ASK_MS after mount. */
export function useRgState(options: { refetchIntervalMs?: number; deferred?: boolean } = {}) {
  const [asking, setAsking] = useState(!options.deferred);
  useEffect(() => {
    if (asking) return undefined;
    const timer = window.setTimeout(() => setAsking(true), DEFERRED_FIRST_ASK_MS);
    return () => window.clearTimeout(timer);
  }, [asking]);
  return useQuery({
    ...rgStateQuery(),
    enabled: asking,
    refetchInterval: options.refetchIntervalMs ?? false,
  });
}

/** One responsible-gaming change: it answers the new state, which replaces the cached one. */
function useRgMutation<B>(method: 'PUT' | 'POST' | 'DELETE', path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => request<RgState>(method, path, { body, schema }),
    onSuccess: (state: RgState) => queryClient.setQueryData(rgStateQuery().queryKey, state),
  });
}

export const useSetLimit = () => useRgMutation<RgSetLimitRequest>('PUT', '/api/user/limits');
export const useConfirmLimit = () => useRgMutation<RgLimitRefRequest>('POST', '/api/user/limits/confirm');
export const useCancelPending = () => useRgMutation<RgLimitRefRequest>('DELETE', '/api/user/limits/pending');
export const useTakeBreak = () => useRgMutation<RgBreakRequest>('POST', '/api/user/break');
export const useSelfExclude = () => useRgMutation<RgSelfExclusionRequest>('POST', '/api/user/self-exclusion');
export const useSetRealityCheck = () =>
  useRgMutation<RgRealityCheckRequest>('PUT', '/api/user/reality-check');
