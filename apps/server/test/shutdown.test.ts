import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { riel } from '@lotto59/domain';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { loadConfig } from '../src/config';
import { systemClock } from '../src/platform/clock';
import { createServices } from '../src/services';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from './databases';
import { SERVER_BUNDLE } from './built-server';

// The bundle `npm start` runs, built once for the run by the global setup (test/built-server.ts).
const SERVER = SERVER_BUNDLE;
const DEADLINE_SECONDS = 5;
const STAKE = 500;
const BALANCE = 100_000_000;

/** A cookie jar for fetch: the session and XSRF cookies, as the web app's browser keeps them. */
class Jar {
  readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
  get header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  get xsrf(): string {
    return decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? '');
  }
}

/** The built server (what `npm start` runs) as a child process; resolves with its address. */
function startServer(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string; out: string[] }> {
  const child = spawn(process.execPath, [SERVER], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => out.push(String(chunk)));
  child.stdout!.on('data', (chunk: Buffer) => out.push(String(chunk)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 20 s:\n${out.join('')}`)), 20_000);
    const onExit = (code: number | null) => reject(new Error(`exited with ${code}:\n${out.join('')}`));
    const onOutput = () => {
      const url = /Lotto59 is running at (\S+)/.exec(out.join(''))?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      child.stdout!.off('data', onOutput);
      resolve({ child, url, out });
    };
    child.once('exit', onExit);
    child.stdout!.on('data', onOutput);
  });
}

async function groupCount(tdb: TestDatabase, playerId: number): Promise<number> {
  const row = await tdb.db
    .selectFrom('lotto59_bet_groups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('player_id', '=', playerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type Headers = () => Record<string, string>;

/** Signs in as the web app does: the XSRF cookie, then POST /login with its header. */
async function signIn(url: string, player: { username: string; password: string }) {
  const jar = new Jar();
  jar.take(await fetch(`${url}/sanctum/csrf-cookie`));
  const headers: Headers = () => ({
    accept: 'application/json',
    'content-type': 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    cookie: jar.header,
    'x-xsrf-token': jar.xsrf,
  });
  const login = await fetch(`${url}/login`, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({ username: player.username, password: player.password }),
  });
  expect(login.status).toBe(200);
  jar.take(login);
  return { jar, headers };
}

/** The open round of the fast pool, once the server's scheduler has opened it. */
async function openRoundId(url: string, headers: Headers): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const res = await fetch(`${url}/api/v1/result/playing?poll=POLL_2`, { headers: headers() });
    const id = ((await res.json()) as { data: { round: { id: number } | null } }).data.round?.id;
    if (id !== undefined) return id;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no open round');
}

/** The environment of the built server in these tests. */
const serverEnv = (db: Record<string, string | undefined>, deadlineSeconds: number) => ({
  ...(db as Record<string, string>),
  HOST: '127.0.0.1',
  PORT: '0',
  WEB_DIST_DIR: '/nonexistent',
  ARGON2_MEMORY_KIB: '1024',
  ARGON2_TIME_COST: '1',
  LOG_LEVEL: 'info',
  // Slow lines depend on the machine's load; the test counts the lines of a quiet log.
  SLOW_REQUEST_MS: '60000',
  SHUTDOWN_TIMEOUT_SECONDS: String(deadlineSeconds),
  // The round stays open for the whole test; the scheduler keeps ticking (it is stopped on close).
  LOTTO_OPEN_SECONDS_POLL_2: '600',
  LOTTO_TICK_MS: '50',
  // One test player bets far faster than a person: the rate limits are not what is under test here.
  RATE_LIMIT_SCALE: '1000',
});

describe.each(TEST_DIALECTS)('SIGTERM under bet load, on the built server (%s)', (dialect) => {
  let tdb: TestDatabase;
  let player: { id: number; username: string; password: string };
  let services: Awaited<ReturnType<typeof createServices>>;

  beforeAll(async () => {
    tdb = await createTestDatabase(dialect);
    const config = loadConfig({ ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1', ...tdb.env });
    services = await createServices({ config, db: tdb.db, clock: systemClock });
    const username = `shutdown_${randomUUID().slice(0, 8)}`;
    const { id } = await services.players.create({ username, password: 'shutdown password' });
    await services.cashier.deposit({
      playerId: id,
      amount: riel(BALANCE),
      idempotencyKey: `shutdown-seed-${id}`,
    });
    player = { id, username, password: 'shutdown password' };
  });
  afterAll(() => tdb?.drop());

  it('answers every bet in flight, stores each accepted bet once, reconciles, exits 0 within the deadline', async () => {
    const { child, url, out } = await startServer(serverEnv(tdb.env, DEADLINE_SECONDS));
    const exited = new Promise<{ code: number | null; atMs: number }>((resolve) =>
      child.once('exit', (code) => resolve({ code, atMs: Date.now() })),
    );
    try {
      const { jar, headers } = await signIn(url, player);
      const roundId = await openRoundId(url, headers);

      // Live sockets must not hold the shutdown: one that answers the close handshake, and one that
      // never reads again (a frozen tab, a client gone without a word), so never answers it.
      const openSocket = async () => {
        const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`, { headers: { cookie: jar.header } });
        await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
        return ws;
      };
      const socket = await openSocket();
      const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      const frozen = await openSocket();
      (frozen as unknown as { _socket: { pause(): void } })._socket.pause();

      // Bets from 16 clients at once, each placing the next as soon as the last is answered, until the
      // server stops answering.
      const accepted: string[] = [];
      const other: number[] = [];
      const failed: string[] = [];
      const body = JSON.stringify({
        poll: 'POLL_2',
        result_id: roundId,
        bets: [{ type: 'RANGE_6', amount: STAKE }],
      });
      const client = async () => {
        for (;;) {
          const key = randomUUID();
          try {
            const res = await fetch(`${url}/api/bet`, {
              method: 'POST',
              headers: { ...headers(), 'idempotency-key': key },
              body,
            });
            await res.arrayBuffer();
            if (res.ok) accepted.push(key);
            else {
              other.push(res.status);
              // 503 once the server is closing; anything else is a failure the assertions show.
              return;
            }
          } catch (error) {
            // Refused connection or a connection closed between two requests: the port is closed.
            failed.push(String((error as Error).cause ?? error));
            return;
          }
        }
      };
      const clients = Array.from({ length: 16 }, client);
      const loading = Promise.all(clients);
      while (accepted.length < 200) {
        // A client that stopped before the signal would leave the load short: fail fast instead.
        if (other.length + failed.length > 0) {
          await loading;
          expect({ other, failed, out: out.join('') }).toEqual({ other: [], failed: [], out: '' });
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const acceptedBeforeSignal = accepted.length;
      const signalledAtMs = Date.now();
      child.kill('SIGTERM');
      await loading;
      const { code, atMs } = await exited;
      await socketClosed;

      expect(code, out.join('')).toBe(0);
      expect(atMs - signalledAtMs).toBeLessThan(DEADLINE_SECONDS * 1000);
      expect(out.join('')).toContain('"msg":"shut down"');
      // Load went on across the signal: bets were answered after it, then the port refused.
      expect(accepted.length).toBeGreaterThan(acceptedBeforeSignal);
      expect(other.every((status) => status === 503)).toBe(true);
      // No line per request: a few hundred bets, a handful of lines.
      expect(out.join('').split('\n').length).toBeLessThan(30);

      // Every accepted bet is stored exactly once, and nothing else was stored.
      const groups = await tdb.db
        .selectFrom('lotto59_bet_groups')
        .select(['idempotency_key', 'amount'])
        .where('player_id', '=', player.id)
        .execute();
      const stored = groups.map((g) => g.idempotency_key).sort();
      expect(stored).toEqual([...accepted].sort());
      const bets = await tdb.db
        .selectFrom('lotto59_bets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('player_id', '=', player.id)
        .executeTakeFirstOrThrow();
      expect(Number(bets.n)).toBe(accepted.length);
      // The ledger reconciles, and the player paid exactly the accepted stakes.
      const report = await services.wallet.reconcile();
      expect(report.unbalanced).toEqual([]);
      expect(report.ok).toBe(true);
      expect(await services.wallet.playerBalance(player.id)).toBe(BALANCE - STAKE * accepted.length);
      frozen.terminate();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
  // A lock held from outside keeps a bet in flight past the deadline. PostgreSQL only: on SQLite a lock
  // wait (busy_timeout) blocks the server's event loop, so no timer of its own could fire meanwhile.
  it.skipIf(dialect !== 'postgres')(
    'past the deadline logs it and exits 1; the bet it cut off is written whole or not at all',
    async () => {
      const { child, url, out } = await startServer(serverEnv(tdb.env, 2));
      const exited = new Promise<{ code: number | null; atMs: number }>((resolve) =>
        child.once('exit', (code) => resolve({ code, atMs: Date.now() })),
      );
      const locker = new pg.Client({ connectionString: tdb.env.DATABASE_URL });
      await locker.connect();
      try {
        const { headers } = await signIn(url, player);
        const roundId = await openRoundId(url, headers);
        const groupsBefore = await groupCount(tdb, player.id);
        const balanceBefore = await services.wallet.playerBalance(player.id);
        await locker.query('begin');
        await locker.query('select id from accounts where player_id = $1 for update', [player.id]);
        const bet = fetch(`${url}/api/bet`, {
          method: 'POST',
          headers: { ...headers(), 'idempotency-key': randomUUID() },
          body: JSON.stringify({
            poll: 'POLL_2',
            result_id: roundId,
            bets: [{ type: 'RANGE_6', amount: STAKE }],
          }),
        }).then(
          (res) => res.status,
          () => 'no answer',
        );
        await new Promise((resolve) => setTimeout(resolve, 300)); // the bet now waits on the lock
        const signalledAtMs = Date.now();
        child.kill('SIGTERM');
        const { code, atMs } = await exited;
        expect(code).toBe(1);
        expect(atMs - signalledAtMs).toBeGreaterThanOrEqual(2000);
        expect(atMs - signalledAtMs).toBeLessThan(4000);
        expect(out.join('')).toContain('shutdown deadline passed');
        expect(await bet).toBe('no answer');

        // Once the lock goes, the cut-off statement ends one way or the other: never half.
        await locker.query('rollback');
        await new Promise((resolve) => setTimeout(resolve, 500));
        const written = (await groupCount(tdb, player.id)) - groupsBefore;
        expect([0, 1]).toContain(written);
        expect(await services.wallet.playerBalance(player.id)).toBe(balanceBefore - STAKE * written);
        expect((await services.wallet.reconcile()).ok).toBe(true);
      } finally {
        await locker.end();
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
    30_000,
  );
});
