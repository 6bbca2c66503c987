import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { App } from '../src/app';
import { TestBrowser } from './test-app';

/*
 * What the studio tests share: a free port, a stand-in build of the studio's game pages, the launch as a
 * signed-in player does it, and the studio's page API called over real HTTP as the game page calls it.
 */

/** A port free right now (the embedded studio needs our listen address before the app listens). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A web/dist of the studio with one page per game, so a launch URL can be shown to open its game's page. */
export function fakeStudioPages(): string {
  const dir = mkdtempSync(join(tmpdir(), 'studio-pages-'));
  for (const game of ['angkor-fortune', 'baccarat']) {
    mkdirSync(join(dir, game));
    writeFileSync(join(dir, game, 'index.html'), `<!doctype html><title>${game}</title>`);
  }
  return dir;
}

export interface StudioSeat {
  browser: TestBrowser;
  /** The launch URL our server answered (relative to our origin when the studio is mounted). */
  url: string;
  /** The studio's bearer for its page API. */
  session: string;
  user: string;
}

/**
 * A signed-in player launches a game (`GET /api/external/{provider}/url`), and the game page hands the
 * one-time code to its studio (`POST api/session`), which exchanges it with our wallet over signed HTTP.
 */
export async function launchAndOpen(
  app: App,
  studioBase: string,
  player: { username: string; password: string },
  game: { provider: '2' | '3'; gameCode: string },
): Promise<StudioSeat> {
  const browser = new TestBrowser(app);
  expect((await browser.login(player.username, player.password)).statusCode).toBe(200);
  const launched = await browser.get(
    `/api/external/${game.provider}/url?game_code=${game.gameCode}&lang=km&platform=mobile`,
  );
  expect(launched.statusCode, launched.body).toBe(200);
  const { url } = launched.json<{ data: { url: string } }>().data;
  const code = new URL(url, 'http://x').searchParams.get('code');
  expect(code).toBeTruthy();
  const opened = await studioCall(studioBase, 'POST', 'api/session', { provider: game.provider, code });
  expect(opened.status, JSON.stringify(opened.body)).toBe(200);
  const body = opened.body as { session: string; user: string };
  return { browser, url, session: body.session, user: body.user };
}

/** One call of the studio's page API over HTTP (`studioBase` ends with `/provider/demo`). */
export async function studioCall(
  studioBase: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  session?: string,
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const res = await fetch(`${studioBase}/${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(session ? { authorization: `Bearer ${session}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Pages answer HTML or text.
  }
  return { status: res.status, body: parsed, headers: res.headers };
}
