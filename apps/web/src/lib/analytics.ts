/**
 * Analytics (seed §1, §8; decisions §7): screen views, client errors and failed calls, queued and sent in
 * batches to `POST /api/analytics/events`. Best effort: a batch that cannot be sent is dropped, never retried
 * in a loop, and never raises an alert. While the page closes, what is left goes out with `keepalive`
 * (`sendBeacon` cannot carry the XSRF header).
 */
import type { AnalyticsEvent, AnalyticsEventType } from '@lotto59/contract';
import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_DETAIL_MAX,
  ANALYTICS_NAME_MAX,
  ANALYTICS_PATH_MAX,
} from '@lotto59/contract';
import { COOKIE, readCookie } from './cookies';
import { http, setFailureReporter, type FailedCall } from './http-client';

export const ANALYTICS_ENDPOINT = '/api/analytics/events';
/** A batch waits at most this long for company before it is sent. */
export const ANALYTICS_FLUSH_DELAY_MS = 5_000;
/** Events kept while the server cannot be reached; older ones are dropped first. */
export const ANALYTICS_QUEUE_MAX = 200;
/** Browsers refuse `keepalive` bodies above 64 KiB; stay below. */
export const ANALYTICS_KEEPALIVE_BYTES_MAX = 60_000;

export interface TrackedEvent {
  type: AnalyticsEventType;
  name: string;
  path?: string;
  detail?: string;
}

export type AnalyticsTransport = (events: AnalyticsEvent[], keepalive: boolean) => Promise<void>;

const cap = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** Sends one batch like every state change: with the XSRF token, fetching one first if there is none. */
export const httpTransport: AnalyticsTransport = async (events, keepalive) => {
  const quiet = { authAlertStatuses: [], report: false } as const;
  if (!readCookie(COOKIE.xsrf)) await http.get('/sanctum/csrf-cookie', quiet);
  await http.post(ANALYTICS_ENDPOINT, { ...quiet, body: { events }, keepalive });
};

export function createAnalytics(
  transport: AnalyticsTransport = httpTransport,
  nowMs: () => number = Date.now,
) {
  let queue: AnalyticsEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** The next batch: at most ANALYTICS_BATCH_MAX events, and under the keepalive size when asked. */
  function takeBatch(keepalive: boolean): AnalyticsEvent[] {
    let count = Math.min(queue.length, ANALYTICS_BATCH_MAX);
    if (keepalive) {
      while (
        count > 1 &&
        JSON.stringify({ events: queue.slice(0, count) }).length > ANALYTICS_KEEPALIVE_BYTES_MAX
      ) {
        count = Math.ceil(count / 2);
      }
    }
    const batch = queue.slice(0, count);
    queue = queue.slice(count);
    return batch;
  }

  async function flush(keepalive = false): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const sends: Promise<void>[] = [];
    while (queue.length > 0) {
      sends.push(transport(takeBatch(keepalive), keepalive).catch(() => undefined));
    }
    await Promise.all(sends);
  }

  function track(event: TrackedEvent): void {
    queue.push({
      type: event.type,
      name: cap(event.name || '-', ANALYTICS_NAME_MAX),
      ...(event.path !== undefined ? { path: cap(event.path, ANALYTICS_PATH_MAX) } : {}),
      ...(event.detail !== undefined ? { detail: cap(event.detail, ANALYTICS_DETAIL_MAX) } : {}),
      at_ms: nowMs(),
    });
    if (queue.length > ANALYTICS_QUEUE_MAX) queue = queue.slice(queue.length - ANALYTICS_QUEUE_MAX);
    if (queue.length >= ANALYTICS_BATCH_MAX) void flush();
    else timer ??= setTimeout(() => void flush(), ANALYTICS_FLUSH_DELAY_MS);
  }

  /** Drops what is queued, unsent (tests: one test's screen views must not reach the next test's server). */
  function discard(): void {
    clearTimeout(timer);
    timer = undefined;
    queue = [];
  }

  return { track, flush, discard, pending: () => queue.length };
}

export type Analytics = ReturnType<typeof createAnalytics>;

/** The page's one analytics queue. */
export const analytics = createAnalytics();

const currentPath = () => window.location.pathname;

export function trackScreenView(path: string): void {
  analytics.track({ type: 'screen_view', name: path, path });
}

export function trackClientError(error: unknown, where = 'window'): void {
  const name = error instanceof Error ? error.name : typeof error;
  const detail = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
  analytics.track({ type: 'client_error', name: `${where}: ${name}`, path: currentPath(), detail });
}

export function trackFailedCall(call: FailedCall): void {
  analytics.track({
    type: 'http_error',
    name: `${call.method} ${call.path} ${call.status}`,
    path: currentPath(),
    detail: `${call.code ?? '-'}: ${call.message}`,
  });
}

/** Once at start: failed calls, uncaught errors, and a last flush when the page is hidden or closed. */
export function installAnalytics(target: Window = window): () => void {
  setFailureReporter(trackFailedCall);
  const onError = (event: ErrorEvent) => trackClientError(event.error ?? event.message, 'error');
  const onRejection = (event: PromiseRejectionEvent) => trackClientError(event.reason, 'unhandledrejection');
  const onHide = () => {
    if (target.document.visibilityState === 'hidden') void analytics.flush(true);
  };
  const onPageHide = () => void analytics.flush(true);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  target.document.addEventListener('visibilitychange', onHide);
  target.addEventListener('pagehide', onPageHide);
  return () => {
    setFailureReporter(undefined);
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
    target.document.removeEventListener('visibilitychange', onHide);
    target.removeEventListener('pagehide', onPageHide);
  };
}
