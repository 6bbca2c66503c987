import type { SlotGame } from '@lotto59/contract';
import { useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';

/** `GET /api/external/3/list` (providers.md §5): the slot games with their published RTP and bet range. */
export function getSlotGames(signal?: AbortSignal): Promise<SlotGame[]> {
  return http.get('/api/external/3/list', { schema: lazySchema((s) => s.slotGameListSchema), signal });
}

export function useSlotGames() {
  return useQuery({ queryKey: ['providers', 'slots'], queryFn: ({ signal }) => getSlotGames(signal) });
}
