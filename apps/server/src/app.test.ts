import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../test/test-app';

describe('the HTTP app', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {}, (app) =>
      app.get('/api/test/boom', async () => {
        throw new Error('secret detail at /home/x.ts: select * from players');
      }),
    );
  });
  afterAll(() => t.close());

  it('answers /healthz', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', schedulerLease: false });
    expect(res.headers['x-served-by']).toBe(t.config.SERVED_BY);
  });

  it.each(['/game/lotto/59', '/login', '/login?next=1'])(
    'sends the document headers on %s (a page of the web app)',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    },
  );

  it('sends strict security headers and a request id on documents', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/game/lotto/59' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });

  it('sends the API set on JSON answers, errors included: no-store, nothing may load or frame them', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/user' }), // 401
      await t.app.inject({ method: 'POST', url: '/api/bet', payload: {} }), // 419
      await t.app.inject({ method: 'GET', url: '/api/nothing-here' }), // 404
      await t.app.inject({ method: 'POST', url: '/login', payload: {} }), // 419
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    }
  });

  it('answers unknown API paths with the JSON 404 shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.', code: 'NOT_FOUND' });
  });

  it('never leaks internals in a 5xx body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Server error.', code: 'INTERNAL' });
  });

  it('answers malformed JSON with 400 and a stable code', async () => {
    const browser = new TestBrowser(t.app);
    await browser.get('/sanctum/csrf-cookie');
    const res = await browser.request({
      method: 'POST',
      url: '/login',
      payload: '{"username": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/login',
        '/logout',
        '/sanctum/csrf-cookie',
        '/api/user',
        '/api/user/change_password',
        '/api/transaction/list',
      ]),
    );
    expect(doc.paths['/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'username',
    );
  });
});
