import type { RgState } from '@lotto59/contract';
import { queryOptions } from '@tanstack/react-query';
import { http } from './http-client';
import { lazySchema } from './schemas';

export const rgStateSchema = lazySchema((s) => s.rgStateSchema);

/**
 * `GET /api/user/limits` (responsible-gaming.md §4): the player's limits, break and reality check. Here rather
 * than in the responsible-gaming feature because every game reads it (a studio's refusal, lib/rg-refusal.ts).
 */
export const rgStateQuery = () =>
  queryOptions({
    queryKey: ['user', 'limits'] as const,
    queryFn: ({ signal }) => http.get<RgState>('/api/user/limits', { schema: rgStateSchema, signal }),
    staleTime: 30_000,
  });
