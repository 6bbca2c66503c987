import { vi } from 'vitest';

/** One call the app made, as the server would see it. */
export interface RecordedCall {
  method: string;
  url: string;
  /** `METHOD /path` without the query string: the key of `routes`. */
  route: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | null | undefined;
  body: unknown;
}

export interface MockReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Handler = MockReply | ((call: RecordedCall) => MockReply | Promise<MockReply>);

export function toResponse({ status = 200, body, headers = {} }: MockReply): Response {
  const text = body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body);
  const contentType = typeof body === 'string' ? 'text/plain' : 'application/json';
  return new Response(text, {
    status,
    headers: text === null ? headers : { 'Content-Type': contentType, ...headers },
  });
}

/**
 * Replaces `fetch` with a tiny fake server keyed by `METHOD /path`. Unknown routes answer 404.
 * Handlers may be async, so a test can hold an answer back to look at the pending state.
 */
export function mockFetch(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    const call: RecordedCall = {
      method,
      url,
      route: `${method} ${url.split('?')[0] ?? url}`,
      headers: new Headers(init.headers),
      credentials: init.credentials,
      signal: init.signal,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body,
    };
    calls.push(call);
    const handler = routes[call.route];
    if (handler === undefined)
      return toResponse({ status: 404, body: { message: 'Not found.', code: 'NOT_FOUND' } });
    return toResponse(typeof handler === 'function' ? await handler(call) : handler);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    /** `METHOD /path` of every call, in order; `except` leaves some out (background calls). */
    routesCalled: (except: (route: string) => boolean = () => false) =>
      calls.map((call) => call.route).filter((route) => !except(route)),
  };
}

/** A promise with its settle functions, to hold a fake answer until the test releases it. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
