import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '@/config/constants';
import { ChunkLoadError, withChunkTimeout } from './lazy-page';

describe('lazy screens (seed §8)', () => {
  afterEach(() => vi.useRealTimers());

  it('fail with a chunk-load error when the code has not arrived after 120 s', async () => {
    vi.useFakeTimers();
    const never = new Promise<never>(() => undefined);
    const loading = withChunkTimeout(never);
    const settled = loading.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled).toBeInstanceOf(ChunkLoadError);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('pass the module through when it arrives in time', async () => {
    await expect(withChunkTimeout(Promise.resolve('module'), 10)).resolves.toBe('module');
  });
});
