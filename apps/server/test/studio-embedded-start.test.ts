import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, studioCall } from './studio-harness';
import { SERVER_BUNDLE } from './built-server';

/*
 * What `npm start` runs (the bundled apps/server/dist/server.mjs), embedded mode on a fresh data folder: the
 * demo studio is mounted, the demo player launches and spins through it end to end, and SIGTERM closes the
 * studio's database cleanly (its WAL folded away) before the process exits 0.
 */

// The bundle `npm start` runs, built once for the run by the global setup (test/built-server.ts).
const SERVER = SERVER_BUNDLE;

describe('npm start, embedded, with the demo studio mounted', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'studio-start-'));
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('launches, exchanges, spins through signed HTTP; SIGTERM closes the studio and exits 0', async () => {
    const port = await freePort();
    const server = spawn(process.execPath, [SERVER], {
      env: { PATH: process.env.PATH ?? '', PORT: String(port), DATA_DIR: dataDir, LOTTO_SCHEDULER: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = server;
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => (out += String(chunk)));
    server.stderr!.on('data', (chunk: Buffer) => (out += String(chunk)));
    const deadline = Date.now() + 30_000;
    while (!out.includes('Lotto59 is running')) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error(`no start:\n${out}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const base = `http://127.0.0.1:${port}`;

    // The demo player signs in the way the web app does (cookies and the XSRF header).
    const cookies = new Map<string, string>();
    const take = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
      }
    };
    const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    take(await fetch(`${base}/sanctum/csrf-cookie`));
    const login = await fetch(`${base}/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: cookie(),
        'x-xsrf-token': decodeURIComponent(cookies.get('XSRF-TOKEN') ?? ''),
      },
      body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
    });
    expect(login.status).toBe(200);
    take(login);
    const balance = async () =>
      (
        (await (await fetch(`${base}/api/user`, { headers: { cookie: cookie() } })).json()) as {
          data: { balance: number };
        }
      ).data.balance;
    expect(await balance()).toBe(1_000_000);

    const launched = await fetch(`${base}/api/external/3/url?lang=km&platform=mobile`, {
      headers: { cookie: cookie() },
    });
    const { url } = ((await launched.json()) as { data: { url: string } }).data;
    expect(url).toMatch(/^\/provider\/demo\/angkor-fortune\/\?provider=3&code=/);
    const studioBase = `${base}/provider/demo`;
    const code = new URL(url, base).searchParams.get('code');
    const opened = await studioCall(studioBase, 'POST', 'api/session', { provider: '3', code });
    expect(opened.status).toBe(200);
    const { session } = opened.body as { session: string };
    const spin = await studioCall(
      studioBase,
      'POST',
      'api/slot/spin',
      { line_bet: 250, request_id: 'r1' },
      session,
    );
    expect(spin.status).toBe(200);
    const { win, balance: after } = spin.body as { win: number; balance: number };
    expect(after).toBe(1_000_000 - 5_000 + win);
    expect(await balance()).toBe(after);

    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out).toContain('shut down');
    // Both databases were closed, not dropped: SQLite folds the WAL into the file at the last close.
    expect(existsSync(join(dataDir, 'demo-provider.sqlite'))).toBe(true);
    expect(existsSync(join(dataDir, 'demo-provider.sqlite-wal'))).toBe(false);
    expect(existsSync(join(dataDir, 'lotto59.sqlite-wal'))).toBe(false);
  }, 90_000);
});
