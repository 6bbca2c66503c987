import { QueryClient } from '@tanstack/react-query';
import { isHttpError } from './http-client';

/**
 * Retrying only helps when the network blinked or the server failed. A 4xx or a 503 (maintenance) will not change,
 * and a timeout already waited 100 s.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!isHttpError(error)) return true;
  return error.code === 'NETWORK_ERROR' || (error.status >= 500 && error.status !== 503);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}
