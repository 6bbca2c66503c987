import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStudio, testDb, type RunningStudio, type TestDb } from './studio';

/* The built game pages: one index.html per game, hashed assets cached for good, brotli copies when accepted. */

describe('the studio serves its built game pages', () => {
  let dist: string;
  let db: TestDb;
  let studio: RunningStudio;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'demo-provider-dist-'));
    mkdirSync(join(dist, 'baccarat'), { recursive: true });
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'baccarat', 'index.html'), '<!doctype html><title>baccarat</title>');
    writeFileSync(join(dist, 'assets', 'table-3f9a1c.js'), 'console.log("table")');
    writeFileSync(join(dist, 'assets', 'table-3f9a1c.js.br'), brotliCompressSync('console.log("table")'));
    db = testDb('sqlite');
    studio = await startStudio(db, 'http://127.0.0.1:9', {
      webDistDir: dist,
      frameAncestors: ["'self'", 'https://casino.example'],
    });
  });
  afterAll(async () => {
    await studio.close();
    await db.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    studio.app.inject({ method: 'GET', url: `/provider/demo${url}`, headers });

  it("answers a game's page with headers that let the casino frame it, and never caches it", async () => {
    const page = await get('/baccarat/?code=abc');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>baccarat</title>');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain(
      "frame-ancestors 'self' https://casino.example",
    );
    expect(page.headers['x-frame-options']).toBeUndefined();
    const bare = await get('/baccarat?code=abc');
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/provider/demo/baccarat/?code=abc');
    const missing = await get('/ocean-dragon/');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('This game is not available');
  });

  it('sends hashed assets as immutable, brotli when accepted', async () => {
    const plain = await get('/assets/table-3f9a1c.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe('console.log("table")');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const br = await get('/assets/table-3f9a1c.js', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    // The drawn thumbnails sit beside the built assets.
    expect((await get('/assets/angkor-fortune.svg')).statusCode).toBe(200);
  });
});
