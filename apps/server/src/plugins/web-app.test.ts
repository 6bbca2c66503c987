import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app';

const SCRIPT = `console.log(${JSON.stringify('ឡូតូ 59 '.repeat(200))});`;
const HTML = `<!doctype html><html><body>${'<p>ឡូតូ</p>'.repeat(100)}</body></html>`;

/** A web build as `vite build` writes it: hashed assets with their `.br` and `.gz` copies beside them. */
function writeBuild(dir: string) {
  mkdirSync(join(dir, 'assets'));
  for (const [path, text] of [
    ['index.html', HTML],
    ['assets/app-Ab12Cd34.js', SCRIPT],
  ] as const) {
    writeFileSync(join(dir, path), text);
    writeFileSync(join(dir, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${path}.gz`), gzipSync(text));
  }
  // The service worker and the manifest as vite-plugin-pwa writes them (no compressed copies).
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"ឡូតូ 59"}');
}

describe('the web app served by the API (embedded mode)', () => {
  let dir: string;
  let app: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lotto59-web-dist-'));
    writeBuild(dir);
    app = Fastify();
    await registerWebApp(app, dir);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/app-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers['vary'])).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers['content-type'])).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('serves the service worker as a script and the manifest by its type, both revalidated on every check', async () => {
    const sw = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(String(sw.headers['content-type'])).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual({ name: 'ឡូតូ 59' });
  });

  it('sends gzip to a client without brotli, and the plain file to one that accepts neither', async () => {
    const gz = await app.inject({
      method: 'GET',
      url: '/assets/app-Ab12Cd34.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({
      method: 'GET',
      url: '/assets/app-Ab12Cd34.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it.each(['/index.html', '/login', '/game/lotto/59'])(
    'sends index.html on %s compressed but never cached without revalidation',
    async (url) => {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(HTML);
    },
  );
});

describe('a signed-in direct open of /game/lotto/59 (decision 0053)', () => {
  let dir: string;
  let app: FastifyInstance;
  const PAGE =
    '<!doctype html><html><head><script type="module" src="/assets/start-1.js"></script></head></html>';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lotto59-web-dist-'));
    mkdirSync(join(dir, '.vite'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), PAGE);
    // The manifest as vite writes it: the route's chunk imports the start-up chunk and one of its own.
    const manifest = {
      'src/main.tsx': { file: 'assets/start-1.js' },
      'src/app/layout/main-layout.tsx': { file: 'assets/layout-2.js', imports: ['src/main.tsx'] },
      'src/app/routes/lotto59/game.tsx': {
        file: 'assets/game-3.js',
        imports: ['_board-4.js', 'src/main.tsx'],
      },
      '_board-4.js': { file: 'assets/board-4.js' },
      'src/lib/contract-schemas.ts': { file: 'assets/schemas-5.js' },
      'src/app/routes/lotto59/report.tsx': { file: 'assets/report-6.js' },
      'src/app/routes/providers/casino.tsx': { file: 'assets/casino-7.js', imports: ['_board-4.js'] },
    };
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    app = Fastify();
    await app.register(cookie);
    await registerWebApp(app, dir, {}, 'lotto59_session');
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const open = (cookieHeader?: string) =>
    app.inject({
      method: 'GET',
      url: '/game/lotto/59',
      headers: { 'accept-encoding': 'br', ...(cookieHeader ? { cookie: cookieHeader } : {}) },
    });
  const page = (res: { rawPayload: Buffer; headers: Record<string, unknown> }) =>
    res.headers['content-encoding'] === 'br'
      ? brotliDecompressSync(res.rawPayload).toString()
      : res.rawPayload.toString();

  it("preloads the route's code (not the start-up chunk twice, not another route's) and its first calls", async () => {
    const res = await open('lotto59_session=abc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = page(res);
    for (const file of ['layout-2', 'game-3', 'board-4', 'schemas-5'])
      expect(html).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}.js" />`);
    expect(html).not.toContain('report-6');
    expect(html.match(/start-1\.js/g)).toHaveLength(1);
    // No poll cookie: the board first asks for the player's pool.
    expect(html).toContain('<link rel="preload" href="/api/poll" as="fetch" crossorigin />');
    expect(html).toContain('<link rel="preload" href="/api/v1/lotto59/config" as="fetch" crossorigin />');
  });

  it('with a poll cookie, preloads the open round of that pool instead of asking for the pool', async () => {
    const html = page(await open('lotto59_session=abc; poll=POLL_1'));
    expect(html).toContain('href="/api/v1/result/playing?poll=POLL_1"');
    expect(html).not.toContain('/api/poll"');
  });

  it("preloads a studio game page's code, not its launch call (a one-time code)", async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/game/casino',
      headers: { 'accept-encoding': 'br', cookie: 'lotto59_session=abc' },
    });
    const html = page(res);
    for (const file of ['layout-2', 'casino-7', 'board-4', 'schemas-5'])
      expect(html).toContain(`<link rel="modulepreload" crossorigin href="/assets/${file}.js" />`);
    expect(html).not.toContain('game-3');
    expect(html).not.toContain('as="fetch"');
    // Another path gets the plain page.
    const other = await app.inject({
      method: 'GET',
      url: '/game/fishing',
      headers: { cookie: 'lotto59_session=abc' },
    });
    expect(other.body).toBe(PAGE);
  });

  it('sends the plain index.html without a session (the app goes to /login)', async () => {
    const html = page(await open());
    expect(html).toBe(PAGE);
  });
});
