import type { Pool } from '@lotto59/domain';

/** Cache keys of the lotto 59 calls: `['lotto59', …]`, so one invalidation can refresh them all. */
export const lottoKeys = {
  all: ['lotto59'] as const,
  config: () => ['lotto59', 'config'] as const,
  pool: () => ['lotto59', 'pool'] as const,
  playing: (pool: Pool) => ['lotto59', 'playing', pool] as const,
  releasing: (pool: Pool) => ['lotto59', 'releasing', pool] as const,
  recent: (pool: Pool) => ['lotto59', 'recent', pool] as const,
  grid: (pool: Pool) => ['lotto59', 'grid', pool] as const,
  stats: (pool: Pool, newestResultId: number | null) => ['lotto59', 'stats', pool, newestResultId] as const,
  winners: () => ['lotto59', 'winners'] as const,
  badge: () => ['lotto59', 'badge'] as const,
  tickets: () => ['lotto59', 'tickets'] as const,
  ticket: (id: number) => ['lotto59', 'ticket', id] as const,
  print: (groupId: number) => ['lotto59', 'print', groupId] as const,
  report: () => ['lotto59', 'report'] as const,
};
