import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test/databases';
import { createTestApp, TestBrowser, type TestContext } from '../../test/test-app';

/** The API set of security headers (plugins/security-headers.ts) every JSON answer carries, errors included. */
function expectApiHeaders(headers: Record<string, unknown>) {
  expect(headers['cache-control']).toBe('no-store');
  expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
}

/** Every list filtered by local dates (each takes `from`/`to` through the contract's `localDateSchema`). */
const DATE_FILTERED_LISTS = [
  '/api/v1/ticket/list?',
  '/api/transaction/list?type=deposit&',
  '/api/v1/result/history?',
  '/api/bet/report?',
];

describe.each(TEST_DIALECTS)('dates outside 2000-01-01…2100-12-31 on %s', (dialect) => {
  let t: TestContext;
  let browser: TestBrowser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const player = await t.newPlayer({ balance: 10_000 });
    browser = new TestBrowser(t.app);
    await browser.login(player.username, player.password);
  });
  afterAll(() => t.close());

  it.each(DATE_FILTERED_LISTS)('%s refuses a far date with 422 and the field, not 500', async (list) => {
    for (const [field, date] of [
      ['to', '9999-12-31'],
      ['from', '9999-12-31'],
      ['from', '1999-12-31'],
      ['to', '2101-01-01'],
      ['from', '0000-01-01'],
    ] as const) {
      const res = await browser.get(`${list}${field}=${date}`);
      expect(res.statusCode, `${list}${field}=${date}`).toBe(422);
      expect(res.json()).toEqual({
        message: 'The date must be between 2000-01-01 and 2100-12-31.',
        code: 'VALIDATION_FAILED',
        errors: { [field]: ['The date must be between 2000-01-01 and 2100-12-31.'] },
      });
      expectApiHeaders(res.headers);
    }
  });

  it.each(DATE_FILTERED_LISTS)('%s answers the bounds themselves', async (list) => {
    // Two short ranges: the bet report also caps the length of a range.
    for (const range of ['from=2000-01-01&to=2000-01-02', 'from=2100-12-30&to=2100-12-31']) {
      expect((await browser.get(`${list}${range}`)).statusCode, `${list}${range}`).toBe(200);
    }
  });
});

describe('errors Fastify raises itself answer in our shape with our headers', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it.each(['/api/user/%zz', '/api/v1/ticket/list/%E0%A4%A', '/api/%zz?page=1'])(
    'a path with broken percent-encoding (%s) is 400 BAD_REQUEST without the URL or an internal code',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The request could not be read.', code: 'BAD_REQUEST' });
      expect(res.body).not.toContain('FST_');
      expect(res.body).not.toContain('%');
      expectApiHeaders(res.headers);
      expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    },
  );

  it('query fields named like members of Object (constructor, toString, __proto__) are 422 per field', async () => {
    // The walk with generated input found this one: `errors[field] ??= []` found Object.prototype's
    // `constructor` and the error handler itself threw, answering Fastify's own 500 body.
    const player = await t.newPlayer();
    const browser = new TestBrowser(t.app);
    await browser.login(player.username, player.password);
    const res = await browser.get(
      '/api/v1/result/history?constructor=1&toString=2&__proto__=3&hasOwnProperty=4',
    );
    expect(res.statusCode).toBe(422);
    const body = res.json<{ code: string; errors: Record<string, string[]> }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors.constructor).toEqual(['The constructor field is not allowed.']);
    expect(body.errors.toString).toEqual(['The toString field is not allowed.']);
    expect(body.errors.hasOwnProperty).toEqual(['The hasOwnProperty field is not allowed.']);
    expectApiHeaders(res.headers);
  });

  it('a document path with broken encoding gets the document headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/game/%zz' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request could not be read.', code: 'BAD_REQUEST' });
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('a body over the cap is 413 PAYLOAD_TOO_LARGE', async () => {
    const browser = new TestBrowser(t.app);
    await browser.get('/sanctum/csrf-cookie');
    const res = await browser.request({
      method: 'POST',
      url: '/login',
      payload: JSON.stringify({ username: 'x'.repeat(300_000), password: 'y' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is too large.', code: 'PAYLOAD_TOO_LARGE' });
    expectApiHeaders(res.headers);
  });

  it('an unknown content type is 400 BAD_REQUEST', async () => {
    const browser = new TestBrowser(t.app);
    await browser.get('/sanctum/csrf-cookie');
    const res = await browser.request({
      method: 'POST',
      url: '/login',
      payload: 'username=a',
      headers: { 'content-type': 'application/x-lotto' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request could not be read.', code: 'BAD_REQUEST' });
    expectApiHeaders(res.headers);
  });

  it('bytes that are not HTTP get 400 in our shape on the socket', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = new URL(address);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('GET /\u0001 nonsense\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    const [head = '', body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head.toLowerCase()).toContain(
      "content-security-policy: default-src 'none'; frame-ancestors 'none'",
    );
    expect(head.toLowerCase()).toContain('x-content-type-options: nosniff');
    expect(JSON.parse(body ?? '')).toEqual({
      message: 'The request could not be read.',
      code: 'BAD_REQUEST',
    });
  });
});
