import type { LottoConfig } from '@lotto59/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';
import { BOARD_DEFAULTS, type BoardConfig } from '../config';
import { lottoKeys } from './keys';

/** The configuration only changes when the server restarts: read it once a session, quietly. */
const CONFIG_STALE_MS = 10 * 60_000;

/** `GET /api/v1/lotto59/config`: the rates, limits, jackpot rules and timings the server applies. */
export function getLottoConfig(signal?: AbortSignal): Promise<LottoConfig> {
  return http.get('/api/v1/lotto59/config', { schema: lazySchema((s) => s.lottoConfigSchema), signal });
}

/**
 * What the board and the rules page show. Until the server answers (or if it cannot), the domain's
 * defaults stand in; the server still judges every bet, and its refusals carry the real limits.
 */
export const lottoConfigQueryOptions = () =>
  queryOptions({
    queryKey: lottoKeys.config(),
    queryFn: ({ signal }) => getLottoConfig(signal),
    staleTime: CONFIG_STALE_MS,
  });

export function useLottoConfig(): BoardConfig {
  const { data } = useQuery(lottoConfigQueryOptions());
  return data ?? BOARD_DEFAULTS;
}
