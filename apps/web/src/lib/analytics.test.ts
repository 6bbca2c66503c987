import type { AnalyticsEvent } from '@lotto59/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/fetch-mock';
import {
  ANALYTICS_FLUSH_DELAY_MS,
  ANALYTICS_KEEPALIVE_BYTES_MAX,
  createAnalytics,
  httpTransport,
  installAnalytics,
  analytics as pageAnalytics,
} from './analytics';
import { http } from './http-client';

describe('analytics queue (decisions §7)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends screen views in one batch after a short wait', async () => {
    const transport = vi.fn(() => Promise.resolve());
    const a = createAnalytics(transport, () => 1_000);
    a.track({ type: 'screen_view', name: '/login', path: '/login' });
    a.track({ type: 'screen_view', name: '/game/lotto/59', path: '/game/lotto/59' });
    expect(transport).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_DELAY_MS);

    expect(transport).toHaveBeenCalledOnce();
    expect(transport).toHaveBeenCalledWith(
      [
        { type: 'screen_view', name: '/login', path: '/login', at_ms: 1_000 },
        { type: 'screen_view', name: '/game/lotto/59', path: '/game/lotto/59', at_ms: 1_000 },
      ],
      false,
    );
    expect(a.pending()).toBe(0);
  });

  it('sends at once when a batch is full (50), and caps every field', async () => {
    const transport = vi.fn((_events: AnalyticsEvent[]) => Promise.resolve());
    const a = createAnalytics(transport);
    for (let i = 0; i < 50; i += 1)
      a.track({ type: 'client_error', name: 'x'.repeat(300), detail: 'd'.repeat(5_000) });
    await vi.advanceTimersByTimeAsync(0);
    expect(transport).toHaveBeenCalledOnce();
    const [batch] = transport.mock.calls[0]!;
    expect(batch).toHaveLength(50);
    expect(batch[0]!.name).toHaveLength(200);
    expect(batch[0]!.detail).toHaveLength(2_000);
  });

  it('splits a keepalive flush under the 64 KiB limit of the browser', async () => {
    const sizes: number[] = [];
    const transport = vi.fn((events: AnalyticsEvent[], keepalive: boolean) => {
      expect(keepalive).toBe(true);
      sizes.push(JSON.stringify({ events }).length);
      return Promise.resolve();
    });
    const a = createAnalytics(transport);
    for (let i = 0; i < 45; i += 1) a.track({ type: 'client_error', name: 'e', detail: 'd'.repeat(2_000) });
    await a.flush(true);
    expect(sizes.length).toBeGreaterThan(1);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(ANALYTICS_KEEPALIVE_BYTES_MAX);
    expect(a.pending()).toBe(0);
  });

  it('drops a batch the server refused, without retrying in a loop', async () => {
    const transport = vi.fn(() => Promise.reject(new Error('down')));
    const a = createAnalytics(transport);
    a.track({ type: 'screen_view', name: '/' });
    await a.flush();
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_DELAY_MS * 3);
    expect(transport).toHaveBeenCalledOnce();
    expect(a.pending()).toBe(0);
  });
});

describe('analytics over HTTP', () => {
  afterEach(() => vi.useRealTimers());

  it('posts with the XSRF header, fetching a token first when there is none, with keepalive, no alert', async () => {
    const { calls, routesCalled } = mockFetch({
      'GET /sanctum/csrf-cookie': () => {
        document.cookie = 'XSRF-TOKEN=tok%3D; path=/';
        return { status: 204 };
      },
      'POST /api/analytics/events': { status: 202, body: { data: { accepted: 1 } } },
    });
    const events = [{ type: 'screen_view' as const, name: '/login', at_ms: 5 }];
    await httpTransport(events, true);
    await httpTransport(events, false);

    expect(routesCalled()).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /api/analytics/events',
      'POST /api/analytics/events',
    ]);
    expect(calls[1]?.headers.get('X-XSRF-TOKEN')).toBe('tok=');
    expect(calls[1]?.body).toEqual({ events });
  });

  it('logs failed calls and uncaught errors once installed (seed §8)', async () => {
    const track = vi.spyOn(pageAnalytics, 'track');
    const uninstall = installAnalytics();
    mockFetch({
      'GET /api/transaction/list': { status: 500, body: { message: 'Server error.', code: 'INTERNAL' } },
    });
    await http.get('/api/transaction/list').catch(() => undefined);
    window.dispatchEvent(new ErrorEvent('error', { error: new TypeError('x is undefined'), message: 'x' }));
    uninstall();

    expect(track.mock.calls.map(([event]) => [event.type, event.name])).toEqual([
      ['http_error', 'GET /api/transaction/list 500'],
      ['client_error', 'error: TypeError'],
    ]);
  });
});
