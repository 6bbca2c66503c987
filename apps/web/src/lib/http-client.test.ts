import { errorBodySchema } from '@lotto59/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, mockFetch, type MockReply } from '@/testing/fetch-mock';
import { PLAYER } from '@/testing/fixtures';
import {
  buildQueryString,
  http,
  HttpError,
  parseRetryAfterSeconds,
  readErrorBody,
  REQUEST_TIMEOUT_MS,
  setFailureReporter,
} from './http-client';
import { notifications } from './notifications';
import { lazySchema } from './schemas';

function setCsrfMeta(content: string) {
  const meta = document.createElement('meta');
  meta.name = 'csrf-token';
  meta.content = content;
  document.head.append(meta);
}

async function rejection(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('http client: request', () => {
  afterEach(() => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('sends the XSRF cookie (decoded), the CSRF meta token, X-Requested-With and Accept, same-origin', async () => {
    document.cookie = `XSRF-TOKEN=${encodeURIComponent('abc=/+x')}; path=/`;
    setCsrfMeta('meta-token');
    const { calls } = mockFetch({ 'GET /api/user': { body: { data: 1 } } });

    await http.get('/api/user');

    const [call] = calls;
    expect(call?.url).toBe('/api/user');
    expect(call?.credentials).toBe('same-origin');
    expect(call?.headers.get('X-XSRF-TOKEN')).toBe('abc=/+x');
    expect(call?.headers.get('X-CSRF-TOKEN')).toBe('meta-token');
    expect(call?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(call?.headers.get('Accept')).toBe('application/json');
    expect(call?.headers.has('Content-Type')).toBe(false);
  });

  it('leaves out the CSRF header when the meta tag is empty, and the XSRF header without a cookie', async () => {
    setCsrfMeta('');
    const { calls } = mockFetch({ 'GET /api/user': { body: { data: 1 } } });

    await http.get('/api/user');

    expect(calls[0]?.headers.has('X-CSRF-TOKEN')).toBe(false);
    expect(calls[0]?.headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('limits every call to 100 000 ms', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const { calls } = mockFetch({ 'GET /api/user': { body: { data: 1 } } });

    await http.get('/api/user');

    expect(REQUEST_TIMEOUT_MS).toBe(100_000);
    expect(timeout).toHaveBeenCalledWith(100_000);
    expect(calls[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends a body as JSON', async () => {
    const { calls } = mockFetch({ 'POST /login': { body: { data: { ok: 1 } } } });

    await http.post('/login', { body: { username: 'a', password: 'b' } });

    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ username: 'a', password: 'b' });
  });
});

describe('http client: answers', () => {
  it('unwraps `data`', async () => {
    mockFetch({ 'GET /api/user': { body: { data: { balance: 5 } } } });
    await expect(http.get('/api/user')).resolves.toEqual({ balance: 5 });
  });

  it('keeps a falsy `data` as it is', async () => {
    mockFetch({ 'GET /api/x': { body: { data: null } } });
    await expect(http.get('/api/x')).resolves.toBeNull();
  });

  it('returns a body without `data` when it carries a success flag, and nothing for a 204', async () => {
    mockFetch({ 'POST /api/a': { body: { success: true } }, 'GET /sanctum/csrf-cookie': { status: 204 } });
    await expect(http.post('/api/a')).resolves.toEqual({ success: true });
    await expect(http.get('/sanctum/csrf-cookie')).resolves.toBeUndefined();
  });

  it('rejects a 2xx without data and without success as an error with status 404 (seed §8)', async () => {
    mockFetch({ 'GET /api/a': { body: { nothing: true } } });
    const error = await rejection(http.get('/api/a'));
    expect(error.status).toBe(404);
    expect(error.code).toBe('BAD_RESPONSE');
  });

  it('validates the data with the given schema', async () => {
    mockFetch({ 'GET /api/a': { body: { data: 'not a number' } } });
    const schema = {
      parse: (input: unknown) => {
        if (typeof input !== 'number') throw new Error('not a number');
        return input;
      },
    };
    const error = await rejection(http.get('/api/a', { schema }));
    expect(error.code).toBe('BAD_RESPONSE');
    expect(error.status).toBe(200);
  });
});

describe('http client: GET query and PUT/DELETE id', () => {
  it('drops null and undefined params, keeps 0, false and empty strings', async () => {
    const { calls } = mockFetch({ 'GET /api/bet/report': { body: { data: [] } } });

    await http.get('/api/bet/report', {
      query: { page: 1, from: null, to: undefined, zero: 0, off: false, q: '', type: ['A', null, 'B'] },
    });

    expect(calls[0]?.url).toBe('/api/bet/report?page=1&zero=0&off=false&q=&type=A&type=B');
  });

  it('adds no `?` when every param is empty', () => {
    expect(buildQueryString({ a: null, b: undefined })).toBe('');
    expect(buildQueryString(undefined)).toBe('');
  });

  it('appends query.id to the path of PUT and DELETE only', async () => {
    const { calls } = mockFetch({
      'PUT /api/thing/12': { body: { data: 1 } },
      'DELETE /api/thing/a%2Fb': { body: { data: 1 } },
      'POST /api/thing': { body: { data: 1 } },
    });

    await http.put('/api/thing', { query: { id: 12 }, body: { x: 1 } });
    await http.delete('/api/thing/', { query: { id: 'a/b' } });
    await http.post('/api/thing', { query: { id: 3 } });

    expect(calls.map((call) => call.url)).toEqual(['/api/thing/12', '/api/thing/a%2Fb', '/api/thing']);
  });
});

describe('http client: errors', () => {
  it('rejects a 422 with its status, message, code and field errors', async () => {
    const body = {
      message: 'These credentials do not match our records.',
      code: 'INVALID_CREDENTIALS',
      errors: { username: ['These credentials do not match our records.'] },
    };
    mockFetch({ 'POST /login': { status: 422, body } });

    const error = await rejection(http.post('/login', { body: {} }));

    expect(error).toMatchObject({ status: 422, code: 'INVALID_CREDENTIALS', message: body.message });
    expect(error.errors).toEqual(body.errors);
  });

  it('reads Retry-After of a 429', async () => {
    mockFetch({
      'POST /login': {
        status: 429,
        body: { message: 'Too many attempts.', code: 'TOO_MANY_ATTEMPTS' },
        headers: { 'Retry-After': '42' },
      },
    });
    const error = await rejection(http.post('/login'));
    expect(error).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS', retryAfterSeconds: 42 });
  });

  it('keeps the status of an answer that is not the contract error shape', async () => {
    mockFetch({ 'GET /api/a': { status: 502, body: '<html>Bad gateway</html>' } });
    const error = await rejection(http.get('/api/a'));
    expect(error).toMatchObject({ status: 502, code: null });
    expect(error.errors).toEqual({});
  });

  it('turns a network failure into status 0 NETWORK_ERROR and a timeout into TIMEOUT', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')));
    expect(await rejection(http.get('/api/a'))).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });

    vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(new DOMException('timed out', 'TimeoutError')));
    expect(await rejection(http.get('/api/a'))).toMatchObject({ status: 0, code: 'TIMEOUT' });
  });

  it('passes a cancellation by the caller through untouched', async () => {
    const controller = new AbortController();
    const abort = new DOMException('aborted', 'AbortError');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => {
        controller.abort();
        return Promise.reject(abort);
      }),
    );
    await expect(http.get('/api/a', { signal: controller.signal })).rejects.toBe(abort);
  });
});

describe('parseRetryAfterSeconds', () => {
  it('reads seconds and HTTP dates', () => {
    const nowMs = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfterSeconds('120', nowMs)).toBe(120);
    expect(parseRetryAfterSeconds('Wed, 01 Jan 2025 00:01:30 GMT', nowMs)).toBe(90);
    expect(parseRetryAfterSeconds(null, nowMs)).toBeNull();
    expect(parseRetryAfterSeconds('soon', nowMs)).toBeNull();
  });
});

describe('http client: the "please log in again" alert (seed §8)', () => {
  it.each([
    [401, 'សុវត្ថិភាពបានផុតកំណត់។ សូមចូលម្ដងទៀត។'],
    [411, 'ឧបករណ៍នេះត្រូវបានចាកចេញ ព្រោះគណនីរបស់អ្នកបានចូលនៅលើឧបករណ៍ផ្សេង។'],
    [419, 'សុវត្ថិភាពបានផុតកំណត់។ សូមចូលម្ដងទៀត។'],
  ])(
    'raises one red alert titled "please log in again" for %i, whose OK reloads',
    async (status, message) => {
      const reload = vi.fn();
      vi.stubGlobal('location', { ...window.location, reload });
      mockFetch({ 'GET /api/a': { status, body: { message: 'x', code: 'UNAUTHENTICATED' } } });

      // Three calls fail at once: one alert.
      await Promise.all([1, 2, 3].map(() => rejection(http.get('/api/a'))));

      const { alerts } = notifications.getState();
      expect(alerts).toHaveLength(1);
      expect(alerts[0]?.options).toMatchObject({ status: 'ERROR', title: 'សូមចូលម្ដងទៀត', message });
      notifications.closeAlert(alerts[0]!.id);
      expect(reload).toHaveBeenCalledOnce();
    },
  );

  it('raises nothing for other failures, nor when the call disables it', async () => {
    mockFetch({
      'GET /api/a': { status: 403, body: { message: 'No.', code: 'FORBIDDEN' } },
      'GET /api/b': { status: 411, body: { message: 'x', code: 'SESSION_REPLACED' } },
    });
    await rejection(http.get('/api/a'));
    await rejection(http.get('/api/b', { authAlertStatuses: [] }));
    expect(notifications.getState().alerts).toHaveLength(0);
  });

  it("a call refused while this tab's password change was on its way is sent again with the new session", async () => {
    const change = deferred<MockReply>();
    let sessionRenewed = false;
    const { routesCalled } = mockFetch({
      'POST /api/user/change_password': () => change.promise,
      // The server ended the old session with the change: a call with the old cookie is refused.
      'GET /api/user/limits': () =>
        sessionRenewed
          ? { body: { data: { ok: true } } }
          : { status: 411, body: { message: 'x', code: 'SESSION_REPLACED' } },
    });
    const changing = http.post('/api/user/change_password', { body: {}, renewsSession: true });
    const limits = http.get('/api/user/limits');
    await vi.waitFor(() => expect(routesCalled()).toHaveLength(2));
    sessionRenewed = true;
    change.resolve({ body: { success: true, message: 'ok' } });
    await expect(limits).resolves.toEqual({ ok: true });
    await changing;
    expect(routesCalled()).toEqual([
      'POST /api/user/change_password',
      'GET /api/user/limits',
      'GET /api/user/limits',
    ]);
    expect(notifications.getState().alerts).toHaveLength(0);
  });

  it('the refusal stands when no new session came (the change failed, or none was asked)', async () => {
    vi.stubGlobal('location', { ...window.location, reload: vi.fn() });
    const { routesCalled } = mockFetch({
      'POST /api/user/change_password': { status: 422, body: { message: 'x', code: 'VALIDATION_FAILED' } },
      'GET /api/user/limits': { status: 411, body: { message: 'x', code: 'SESSION_REPLACED' } },
    });
    await rejection(http.post('/api/user/change_password', { body: {}, renewsSession: true }));
    expect((await rejection(http.get('/api/user/limits'))).status).toBe(411);
    expect(routesCalled()).toEqual(['POST /api/user/change_password', 'GET /api/user/limits']);
    const { alerts } = notifications.getState();
    expect(alerts).toHaveLength(1);
    notifications.closeAlert(alerts[0]!.id);
  });

  it('fetches a fresh XSRF token after a 419, so the reload works on a live session', async () => {
    const { routesCalled } = mockFetch({
      'POST /api/a': { status: 419, body: { message: 'CSRF token mismatch.', code: 'CSRF_TOKEN_MISMATCH' } },
      'GET /sanctum/csrf-cookie': { status: 204 },
    });
    await rejection(http.post('/api/a'));
    await vi.waitFor(() => expect(routesCalled()).toEqual(['POST /api/a', 'GET /sanctum/csrf-cookie']));
  });
});

describe('http client: failures go to analytics (seed §8)', () => {
  afterEach(() => setFailureReporter(undefined));

  it('reports every failed call with method, path, status and code, unless told not to', async () => {
    const report = vi.fn();
    setFailureReporter(report);
    mockFetch({ 'GET /api/a': { status: 500, body: { message: 'Server error.', code: 'INTERNAL' } } });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')));
    await rejection(http.get('/api/x', { query: { page: 2 } }));
    mockFetch({ 'GET /api/a': { status: 500, body: { message: 'Server error.', code: 'INTERNAL' } } });
    await rejection(http.get('/api/a'));
    await rejection(http.get('/api/a', { report: false }));

    expect(report.mock.calls.map(([call]) => call)).toEqual([
      { method: 'GET', path: '/api/x', status: 0, code: 'NETWORK_ERROR', message: 'Failed to fetch' },
      { method: 'GET', path: '/api/a', status: 500, code: 'INTERNAL', message: 'Server error.' },
    ]);
  });

  it('does not report a success', async () => {
    const report = vi.fn();
    setFailureReporter(report);
    mockFetch({ 'GET /api/a': { body: { data: 1 } } });
    await http.get('/api/a');
    expect(report).not.toHaveBeenCalled();
  });
});

describe('http client: contract schemas', () => {
  it('loads a schema on first use and parses the data with it', async () => {
    mockFetch({ 'GET /api/user': { body: { data: PLAYER } } });
    const loader = vi.fn(lazySchema((s) => s.userDetailSchema));
    await expect(http.get('/api/user', { schema: loader })).resolves.toEqual(PLAYER);
    expect(loader).toHaveBeenCalledOnce();

    mockFetch({ 'GET /api/user': { body: { data: { ...PLAYER, balance: 1.5 } } } });
    expect(await rejection(http.get('/api/user', { schema: loader }))).toMatchObject({
      code: 'BAD_RESPONSE',
    });
  });

  it('turns a 2xx without data nor success into "an error occurred" with status 404', async () => {
    mockFetch({ 'GET /api/a': { body: { items: [] } } });
    const error = await rejection(http.get('/api/a'));
    expect(error).toMatchObject({ status: 404, message: 'មានបញ្ហាកើតឡើង' });
  });

  it.each([
    { message: 'x', code: 'NOT_FOUND' },
    { message: 'x', code: 'VALIDATION_FAILED', errors: { a: ['b', 'c'] } },
    { message: 'x', code: 'NO_SUCH_CODE' },
    { message: 1, code: 'NOT_FOUND' },
    { message: 'x', code: 'VALIDATION_FAILED', errors: { a: 'b' } },
    { message: 'x', code: 'VALIDATION_FAILED', errors: [] },
    'text',
    null,
  ])('reads error bodies exactly as the contract schema does: %j', (body) => {
    const schema = errorBodySchema.safeParse(body);
    expect(readErrorBody(body)).toEqual(schema.success ? schema.data : null);
  });

  it('passes keepalive through for calls that must outlive the page', async () => {
    const { fetchMock } = mockFetch({ 'POST /api/a': { body: { data: 1 } } });
    await http.post('/api/a', { keepalive: true });
    expect(fetchMock.mock.calls[0]?.[1]?.keepalive).toBe(true);
  });
});
