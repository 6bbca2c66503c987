import { createServer } from 'node:net';
import type { BenchSession } from './bench-server';

/**
 * Logs a player in over HTTP as the web app does (the XSRF cookie first, then `POST /login` with its
 * header): the session that a server behind `base` (a process, or HAProxy) gives a real client.
 */
export async function loginOverHttp(
  base: string,
  player: { id: number; username: string; password: string },
): Promise<BenchSession> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(`${base}/sanctum/csrf-cookie`));
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: {
      accept: 'application/json',
      'content-type': 'application/json',
      cookie: cookie(),
      'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? ''),
    },
    body: JSON.stringify({ username: player.username, password: player.password }),
  });
  if (login.status !== 200) throw new Error(`login of ${player.username} answered ${login.status}`);
  keep(login);
  return { playerId: player.id, cookie: cookie(), xsrf: decodeURIComponent(jar.get('XSRF-TOKEN')!) };
}

/** Logs `players` in `parallel` at a time (each login is an argon2 check on the server). */
export async function loginAll(
  base: string,
  players: readonly { id: number; username: string; password: string }[],
  parallel = 8,
): Promise<BenchSession[]> {
  const sessions: BenchSession[] = new Array(players.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < players.length) {
        const i = next++;
        sessions[i] = await loginOverHttp(base, players[i]!);
      }
    }),
  );
  return sessions;
}

/** A free port on 127.0.0.1 with the next `count - 1` free too. */
export async function freePortBlock(count: number): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const ok = await Promise.all(Array.from({ length: count }, (_, k) => free(base + k)));
    if (ok.every(Boolean)) return base;
  }
}

/** Waits until every URL answers 2xx (or throws after `timeoutMs`, with `context()` in the message). */
export async function waitForOk(
  urls: readonly string[],
  timeoutMs: number,
  context = () => '',
): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await Promise.all(
      urls.map((url) =>
        fetch(url)
          .then((res) => res.ok)
          .catch(() => false),
      ),
    );
    if (ok.every(Boolean)) return;
    if (Date.now() > until) throw new Error(`timed out waiting for ${urls.join(', ')}\n${context()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
