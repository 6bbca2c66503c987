import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { TEST_DIALECTS } from '../../../test/databases';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/test-app';
import { ConfigError, loadConfig } from '../../config';
import { isAllowedOrigin } from './handshake';

describe('isAllowedOrigin', () => {
  const none = new Set<string>();
  it('allows the page of the same host and port, whatever the scheme (TLS may end at a proxy)', () => {
    expect(isAllowedOrigin('http://play.example.com', 'play.example.com', none)).toBe(true);
    expect(isAllowedOrigin('https://play.example.com', 'play.example.com', none)).toBe(true);
    expect(isAllowedOrigin('https://play.example.com', 'play.example.com:443', none)).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:8080', '127.0.0.1:8080', none)).toBe(true);
    expect(isAllowedOrigin('http://play.example.com', 'PLAY.example.com', none)).toBe(true);
  });

  it('refuses another host, another port, a look-alike and what is not an origin', () => {
    expect(isAllowedOrigin('https://evil.example', 'play.example.com', none)).toBe(false);
    expect(isAllowedOrigin('http://127.0.0.1:9999', '127.0.0.1:8080', none)).toBe(false);
    expect(isAllowedOrigin('https://play.example.com.evil.example', 'play.example.com', none)).toBe(false);
    expect(isAllowedOrigin('null', 'play.example.com', none)).toBe(false);
    expect(isAllowedOrigin('https://play.example.com/path', 'play.example.com', none)).toBe(false);
    expect(isAllowedOrigin('', 'play.example.com', none)).toBe(false);
  });

  it('allows a configured origin exactly, and a request without Origin (not a browser)', () => {
    const allowed = new Set(['https://app.example.net']);
    expect(isAllowedOrigin('https://app.example.net', 'api.example.com', allowed)).toBe(true);
    expect(isAllowedOrigin('http://app.example.net', 'api.example.com', allowed)).toBe(false);
    expect(isAllowedOrigin(undefined, 'api.example.com', none)).toBe(true);
  });

  it('reads ALLOWED_ORIGINS as a comma-separated list of origins and refuses anything else', () => {
    expect(loadConfig({}).ALLOWED_ORIGINS).toEqual([]);
    expect(
      loadConfig({ ALLOWED_ORIGINS: 'https://app.example.net, http://localhost:5173' }).ALLOWED_ORIGINS,
    ).toEqual(['https://app.example.net', 'http://localhost:5173']);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'https://app.example.net/' })).toThrow(ConfigError);
    expect(() => loadConfig({ ALLOWED_ORIGINS: 'app.example.net' })).toThrow(ConfigError);
  });
});

/** Opens a real socket; resolves with `open` or the HTTP status of a refused handshake. */
function handshake(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => {
      socket.close();
      resolve({ status: 101, body: '' });
    });
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.once('error', reject);
  });
}

describe.each(TEST_DIALECTS)('/ws origin allow-list over a real socket on %s', (dialect) => {
  let t: TestContext;
  let url: string;
  let host: string;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { ALLOWED_ORIGINS: 'https://app.example.net' });
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    host = new URL(address).host;
    url = `${address.replace('http', 'ws')}/ws`;
    const player = await t.newPlayer();
    const browser = new TestBrowser(t.app);
    await browser.login(player.username, player.password);
    cookie = [...browser.cookies.entries()].map(([name, value]) => `${name}=${value}`).join('; ');
  });
  afterAll(() => t.close());

  it('refuses a foreign Origin with 403 in our shape before the upgrade, even with a live session', async () => {
    const refused = await handshake(url, { cookie, origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toEqual({ message: 'This action is unauthorized.', code: 'FORBIDDEN' });
  });

  it('opens for the same origin, a configured origin, and a client that sends no Origin', async () => {
    expect((await handshake(url, { cookie, origin: `http://${host}` })).status).toBe(101);
    expect((await handshake(url, { cookie, origin: 'https://app.example.net' })).status).toBe(101);
    expect((await handshake(url, { cookie })).status).toBe(101);
  });

  it('still asks an allowed origin for a session (401 without one)', async () => {
    expect((await handshake(url, { origin: `http://${host}` })).status).toBe(401);
  });

  it('answers a plain GET /ws (no upgrade) with our 404 body', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ws', headers: { cookie } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.', code: 'NOT_FOUND' });
  });
});
