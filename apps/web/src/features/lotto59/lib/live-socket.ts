/**
 * The live events of `GET /ws` (decisions §8): a WebSocket on the same origin, authenticated by the session
 * cookie. It reconnects by itself, a little later each time; while it is down the screens poll instead
 * (the calls stay the truth, events are hints).
 */
export const LIVE_STATUSES = ['connecting', 'open', 'closed'] as const;
export type LiveStatus = (typeof LIVE_STATUSES)[number];

/** Waits before each reconnection attempt; the last one repeats. */
export const LIVE_RETRY_DELAYS_MS: readonly number[] = [1_000, 2_000, 5_000, 10_000, 15_000];

export interface LiveSocketOptions {
  url: string;
  onFrame: (text: string) => void;
  onStatus: (status: LiveStatus) => void;
  createSocket?: (url: string) => WebSocket;
  retryDelaysMs?: readonly number[];
}

/** `ws://host/ws` or `wss://host/ws`, after the page's own origin. */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/** Connects now and keeps reconnecting until the returned function is called. */
export function connectLiveSocket(options: LiveSocketOptions): () => void {
  const { url, onFrame, onStatus, retryDelaysMs = LIVE_RETRY_DELAYS_MS } = options;
  const create = options.createSocket ?? ((u: string) => new WebSocket(u));
  let socket: WebSocket | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let stopped = false;

  const scheduleRetry = () => {
    if (stopped) return;
    const delay = retryDelaysMs[Math.min(failures, retryDelaysMs.length - 1)] ?? 15_000;
    failures += 1;
    retryTimer = setTimeout(open, delay);
  };

  function open(): void {
    if (stopped) return;
    onStatus('connecting');
    try {
      socket = create(url);
    } catch {
      onStatus('closed');
      scheduleRetry();
      return;
    }
    socket.onopen = () => {
      failures = 0;
      onStatus('open');
    };
    socket.onmessage = (event: MessageEvent) => {
      if (typeof event.data === 'string') onFrame(event.data);
    };
    socket.onclose = () => {
      socket = null;
      if (stopped) return;
      onStatus('closed');
      scheduleRetry();
    };
  }

  open();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.close();
      socket = null;
    }
  };
}
