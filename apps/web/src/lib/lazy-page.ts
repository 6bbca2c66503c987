import { lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@/config/constants';

/** Seed §8: a screen's code that has not arrived in time. */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** Rejects with `ChunkLoadError` when `promise` takes longer than `timeoutMs` (seed §8: 120 s). */
export function withChunkTimeout<T>(
  promise: Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`screen not loaded after ${timeoutMs} ms`)),
      timeoutMs,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new ChunkLoadError(String(error)));
      },
    );
  });
}

/** A route's screen, loaded on first visit: `lazyPage(() => import('./routes/x').then((m) => m.XRoute))`. */
export function lazyPage(load: () => Promise<ComponentType>) {
  return lazy(() => withChunkTimeout(load()).then((Page) => ({ default: Page })));
}
