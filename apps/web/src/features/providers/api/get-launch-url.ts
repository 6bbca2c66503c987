import type { LaunchReply } from '@lotto59/contract';
import { useQuery } from '@tanstack/react-query';
import { http, isHttpError } from '@/lib/http-client';
import type { Language } from '@/lib/i18n';
import { lazySchema } from '@/lib/schemas';

/** The providers a page launches: 2 casino (baccarat), 3 slots, 4 and 5 fishing (an ACTIVE session first), the sportsbook. */
export type LaunchProvider = 2 | 3 | 4 | 5 | 'sport';
export type LaunchPlatform = 'desktop' | 'mobile';

export interface LaunchRequest {
  provider: LaunchProvider;
  gameCode?: string | undefined;
  platform: LaunchPlatform;
  lang: Language;
}

/**
 * `GET /api/external/{2|3|4|5}/url`, and the seed's `/api/sport/login` for the sportsbook (providers.md §5): a
 * fresh game session and its one-time launch URL, the same reply from either.
 */
export function getLaunchUrl(req: LaunchRequest, signal?: AbortSignal): Promise<LaunchReply> {
  const url = req.provider === 'sport' ? '/api/sport/login' : `/api/external/${req.provider}/url`;
  return http.get(url, {
    query: { game_code: req.gameCode ?? null, platform: req.platform, lang: req.lang },
    schema: lazySchema((s) => s.launchReplySchema),
    signal,
  });
}

/** A refusal (4xx) will not change on a retry; a network blink or a 5xx may. */
function retryLaunch(failureCount: number, error: unknown): boolean {
  if (isHttpError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * The launch URL of this visit. Never cached (providers.md §5): its launch code works once and for 120 s,
 * so each mount fetches anew (`staleTime` and `gcTime` 0) and the answer is forgotten on leaving. No refetch
 * on focus or reconnect either: a new URL would reload the game under the player's hands.
 */
export function useLaunchUrl(req: LaunchRequest) {
  return useQuery({
    queryKey: ['providers', 'launch', req.provider, req.gameCode ?? '', req.platform, req.lang],
    queryFn: ({ signal }) => getLaunchUrl(req, signal),
    staleTime: 0,
    gcTime: 0,
    retry: retryLaunch,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
