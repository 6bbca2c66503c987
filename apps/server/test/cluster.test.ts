import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { loadConfig } from '../src/config';
import { Client, freePortBlock, HAPROXY, REDIS_URL, redisUp } from './cluster-harness';
import {
  postgresBinaries,
  redisServerBinary,
  startPrivatePostgres,
  startPrivateRedis,
  type PrivatePostgres,
  type PrivateRedis,
} from './private-services';

/*
 * The cluster test (issue 15): `npm run start:cluster` with 2 API processes behind HAProxy on a fresh
 * PostgreSQL database and Redis, driven from outside over HTTP only. Bounded: 4 minutes in all.
 * Skipped with a line when HAProxy, Redis or TEST_DATABASE_URL is missing; with CI=true that is a failure.
 * With initdb/pg_ctl and redis-server on the machine the cluster runs on a PostgreSQL and a Redis of the
 * test's own (test/private-services.ts), which the failover tests stop and start again (decision 0030);
 * without them, on the shared ones, and those tests are skipped.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const missing = [
  !HAPROXY && 'haproxy (apt-get install haproxy)',
  !redisUp && `Redis at ${REDIS_URL}`,
  !process.env.TEST_DATABASE_URL && 'TEST_DATABASE_URL',
].filter(Boolean);
if (missing.length > 0) {
  if (process.env.CI === 'true') {
    throw new Error(`CI=true but the cluster test cannot run without: ${missing.join(', ')}`);
  }
  console.warn(`\n[tests] cluster test SKIPPED: missing ${missing.join(', ')}\n`);
}

const RATE_LIMIT_CSRF = 20;
/** The failover tests need a PostgreSQL and a Redis of their own to stop. */
const PRIVATE_SERVICES = postgresBinaries() !== undefined && redisServerBinary() !== undefined;
/**
 * The bound of issue 15: the lease holder's heir draws within this after a SIGKILL. Read as the cluster's
 * processes read it (they inherit this environment): SCHEDULER_LEASE_SECONDS, 10 s by default.
 */
const { SCHEDULER_LEASE_SECONDS } = loadConfig({
  SCHEDULER_LEASE_SECONDS: process.env.SCHEDULER_LEASE_SECONDS,
});
/** Fast rounds, so that bets settle within the test: open 3 s, balls every 0.2 s. */
const ROUND_OPEN_SECONDS = 3;
const BETTOR_BALANCE = 1_000_000;
const STAKE = 1000;

interface LiveSocket {
  socket: WebSocket;
  frames: { type: string; data: unknown }[];
  closed: Promise<number>;
}

/** A live socket with the client's session, straight to one process; resolves once its `hello` arrived. */
async function openSocket(port: number, client: Client): Promise<LiveSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { cookie: client.cookieHeader() } });
  const frames: LiveSocket['frames'] = [];
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as { type: string; data: unknown };
      frames.push(frame);
      if (frame.type === 'hello') resolve();
    });
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`upgrade refused: ${res.statusCode}`)),
    );
    socket.once('error', reject);
  });
  return { socket, frames, closed };
}

interface PlacedBet {
  status: number;
  servedBy: string | null;
  code?: string | undefined;
  retryAfter?: string | null;
  ms: number;
  groupId?: number;
  betIds?: number[];
  balance?: number;
}

/**
 * One RANGE_1 bet of STAKE on POLL_2's open round (asked first), with a fresh idempotency key; asked again
 * when the round closed in between (rounds last 3 s here).
 */
async function placeBet(client: Client, timeoutMs = 15_000): Promise<PlacedBet> {
  for (let attempt = 1; ; attempt++) {
    const bet = await placeBetOnce(client, timeoutMs);
    const closing = bet.code === 'BETTING_CLOSED' || bet.code === 'ROUND_NOT_OPEN';
    if (!closing || attempt >= 5) return bet;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

async function placeBetOnce(client: Client, timeoutMs: number): Promise<PlacedBet> {
  const started = Date.now();
  const signal = AbortSignal.timeout(timeoutMs);
  const playing = await client.request('GET', '/api/v1/result/playing?poll=POLL_2', undefined, {}, signal);
  const roundId = (playing.json as { data?: { round?: { id: number } | null } } | null)?.data?.round?.id;
  if (playing.status !== 200 || roundId === undefined) {
    const code = (playing.json as { code?: string } | null)?.code;
    return {
      status: playing.status,
      servedBy: playing.servedBy,
      code,
      retryAfter: playing.retryAfter,
      ms: Date.now() - started,
    };
  }
  const res = await client.request(
    'POST',
    '/api/bet',
    { poll: 'POLL_2', result_id: roundId, bets: [{ type: 'RANGE_1', amount: STAKE }] },
    { 'idempotency-key': randomUUID() },
    signal,
  );
  const json = res.json as {
    code?: string;
    data?: { group_id: number; bets: { id: number }[]; balance: number };
  } | null;
  return {
    status: res.status,
    servedBy: res.servedBy,
    code: json?.code,
    retryAfter: res.retryAfter,
    ms: Date.now() - started,
    groupId: json?.data?.group_id,
    betIds: json?.data?.bets.map((b) => b.id),
    balance: json?.data?.balance,
  };
}

describe.skipIf(missing.length > 0)('npm run start:cluster: 2 API processes behind HAProxy', () => {
  let cluster: ChildProcess;
  let output = '';
  let port = 0;
  let base = '';
  let dbUrl = '';
  let dbName = '';
  let dataDir = '';
  /** Where the test's database is made: the private PostgreSQL when there is one, else TEST_DATABASE_URL's. */
  let adminUrl = process.env.TEST_DATABASE_URL ?? '';
  let redisUrl = REDIS_URL;
  let privatePg: PrivatePostgres | undefined;
  let privateRedis: PrivateRedis | undefined;
  const admin = () => new pg.Client({ connectionString: adminUrl });
  const pids = () => {
    const found = new Map<string, number>();
    for (const m of output.matchAll(/\[cluster\] (api\d) started \(pid (\d+)\)/g))
      found.set(m[1]!, Number(m[2]));
    return found;
  };
  const health = async (p: number) => {
    const res = await fetch(`http://127.0.0.1:${p}/healthz`).catch(() => undefined);
    return res?.ok ? ((await res.json()) as { servedBy: string; schedulerLease: boolean }) : undefined;
  };
  const waitFor = async <T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs: number) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const value = await check().catch(() => undefined);
      if (value) return value;
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}\n${output.slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const ops = (...args: string[]) =>
    spawnSync(process.execPath, ['apps/server/dist/ops.mjs', ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: dbUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
      timeout: 60_000,
    });

  beforeAll(async () => {
    if (PRIVATE_SERVICES) {
      [privatePg, privateRedis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
      adminUrl = privatePg.url();
      redisUrl = privateRedis.url;
    }
    dbName = `cluster_${randomBytes(5).toString('hex')}`;
    const c = admin();
    await c.connect();
    await c.query(`create database ${dbName}`);
    await c.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    dbUrl = url.toString();
    dataDir = mkdtempSync(join(tmpdir(), 'lotto59-cluster-'));
    port = await freePortBlock();
    base = `http://127.0.0.1:${port}`;
    cluster = spawn(process.execPath, ['scripts/start-cluster.mjs', '--server-only'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: dbUrl,
        REDIS_URL: redisUrl,
        PORT: String(port),
        CLUSTER_PROCESSES: '2',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_REDIS_PREFIX: `${dbName}:`,
        RATE_LIMIT_CSRF: String(RATE_LIMIT_CSRF),
        MAINTENANCE_REFRESH_SECONDS: '1',
        ARGON2_MEMORY_KIB: '1024',
        ARGON2_TIME_COST: '1',
        LOTTO_TICK_MS: '100',
        LOTTO_OPEN_SECONDS_POLL_1: String(ROUND_OPEN_SECONDS),
        LOTTO_OPEN_SECONDS_POLL_2: String(ROUND_OPEN_SECONDS),
        LOTTO_RELEASE_DELAY_SECONDS: '0.1',
        LOTTO_RELEASE_BALL_SECONDS: '0.2',
        LOTTO_RELEASE_TOTAL_SECONDS: '2',
        PG_CONNECT_TIMEOUT_MS: '3000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cluster.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    cluster.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    await waitFor(
      'both API processes behind HAProxy',
      async () => (await health(port + 1)) && (await health(port + 2)) && (await health(port)),
      120_000,
    );
    // HAProxy needs two good checks (rise 2) per server before it sends there.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const created = ops(
      'player',
      'create',
      'cluster_p',
      '--password',
      'cluster password',
      '--balance',
      '100000',
    );
    expect(created.stdout).toContain('created player cluster_p');
    const bettor = ops(
      'player',
      'create',
      'cluster_b',
      '--password',
      'cluster password',
      '--balance',
      String(BETTOR_BALANCE),
    );
    expect(bettor.stdout).toContain('created player cluster_b');
  }, 150_000);

  afterAll(async () => {
    if (cluster && cluster.exitCode === null) {
      const exited = new Promise((resolve) => cluster.once('exit', resolve));
      cluster.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 25_000))]);
      if (cluster.exitCode === null) cluster.kill('SIGKILL');
    }
    if (privatePg) {
      await privatePg.remove();
    } else {
      const c = admin();
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    }
    await privateRedis?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('logs in through HAProxy; requests land on both processes; the session is shared', async () => {
    const client = new Client(base);
    await client.request('GET', '/sanctum/csrf-cookie');
    const login = await client.request('POST', '/login', {
      username: 'cluster_p',
      password: 'cluster password',
    });
    expect(login.status).toBe(200);
    const servedBy = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const user = await client.request('GET', '/api/user');
      expect(user.status).toBe(200);
      servedBy.add(user.servedBy ?? '');
    }
    expect([...servedBy].sort()).toEqual([...servedBy].filter((s) => /-api[12]$/.test(s)).sort());
    expect(servedBy.size).toBe(2);
  }, 30_000);

  it('names the process on the WebSocket upgrade through HAProxy', async () => {
    const client = new Client(base);
    await client.request('GET', '/sanctum/csrf-cookie');
    await client.request('POST', '/login', { username: 'cluster_p', password: 'cluster password' });
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
        headers: { cookie: client.cookieHeader() },
      });
      socket.once('upgrade', (res) => {
        resolve(res.headers);
        socket.close();
      });
      socket.once('error', reject);
    });
    expect(String(headers['x-served-by'])).toMatch(/-api[12]$/);
  }, 30_000);

  it('flips maintenance once for both processes', async () => {
    // One logged-in client per process (straight to its port), so each process is asked.
    const clients = [new Client(`http://127.0.0.1:${port + 1}`), new Client(`http://127.0.0.1:${port + 2}`)];
    for (const c of clients) {
      await c.request('GET', '/sanctum/csrf-cookie');
      expect(
        (await c.request('POST', '/login', { username: 'cluster_p', password: 'cluster password' })).status,
      ).toBe(200);
    }
    expect(ops('maintenance', 'on').stdout).toContain('maintenance is on');
    try {
      // Each process re-reads the switch within MAINTENANCE_REFRESH_SECONDS (1).
      for (const c of clients) {
        await waitFor(
          '503 MAINTENANCE',
          async () => (await c.request('GET', '/api/user')).status === 503,
          5000,
        );
        expect((await c.request('GET', '/api/user')).json).toMatchObject({ code: 'MAINTENANCE' });
      }
    } finally {
      expect(ops('maintenance', 'off').stdout).toContain('maintenance is off');
    }
    for (const c of clients) {
      await waitFor(
        'maintenance off',
        // Off again: no answer says MAINTENANCE (the session itself may have ended meanwhile).
        async () =>
          ((await c.request('GET', '/api/user')).json as { code?: string } | null)?.code !== 'MAINTENANCE',
        5000,
      );
    }
  }, 60_000);

  // ---- bets, live events and failover (issue 15 item 3, decision 0030) ---------------------------------

  /** cluster_b, logged in here, before the rate-limit test below spends the address's csrf budget. */
  let bettor: Client;
  /** Every bet that got a 200, by id. */
  const accepted = new Set<number>();
  const apiName = (p: number) => (p === port + 1 ? 'api1' : 'api2');
  const accept = (bet: PlacedBet) => {
    expect(bet.status, JSON.stringify(bet)).toBe(200);
    for (const id of bet.betIds ?? []) accepted.add(id);
    return bet;
  };

  it('places bets through both processes; a bet on one is seen live on a socket of the other', async () => {
    bettor = new Client(base);
    await bettor.request('GET', '/sanctum/csrf-cookie');
    expect(
      (await bettor.request('POST', '/login', { username: 'cluster_b', password: 'cluster password' }))
        .status,
    ).toBe(200);
    // Through HAProxy: round robin lands bets on both processes.
    const servedBy = new Set<string>();
    for (let i = 0; i < 6 && servedBy.size < 2; i++) {
      servedBy.add(accept(await placeBet(bettor)).servedBy ?? '');
      // A bet is two requests (its round, then the bet): one more shifts round robin's turn.
      await bettor.request('GET', '/api/user');
    }
    expect(servedBy.size).toBe(2);
    // A socket on each process; a bet on the other one reaches it through Redis.
    const sockets = [await openSocket(port + 1, bettor), await openSocket(port + 2, bettor)];
    try {
      for (const [k, betPort] of [port + 2, port + 1].entries()) {
        const bet = accept(await placeBet(bettor.at(`http://127.0.0.1:${betPort}`)));
        expect(bet.servedBy).toMatch(new RegExp(`-${apiName(betPort)}$`));
        await waitFor(
          `the balance event on ${apiName(port + 1 + k)}'s socket`,
          async () =>
            sockets[k]!.frames.some(
              (f) => f.type === 'balance' && (f.data as { balance: number }).balance === bet.balance,
            ),
          10_000,
        );
      }
    } finally {
      for (const { socket } of sockets) socket.close();
    }
  }, 60_000);

  it('shares one rate limit across both processes (Redis)', async () => {
    // The csrf class counts per address (after every login above: the last test that needs one). Past 20 in
    // all: 429.
    const served = new Set<string>();
    let ok = 0;
    let refused = 0;
    for (let i = 0; i < RATE_LIMIT_CSRF + 5; i++) {
      const res = await fetch(`${base}/sanctum/csrf-cookie`);
      if (res.status === 204 || res.status === 200) {
        ok += 1;
        served.add(res.headers.get('x-served-by') ?? '');
      } else if (res.status === 429) refused += 1;
    }
    expect(served.size).toBe(2);
    // Two budgets (one per process) would have let all 25 through.
    expect(ok).toBeLessThanOrEqual(RATE_LIMIT_CSRF);
    expect(refused).toBeGreaterThanOrEqual(5);
  }, 30_000);

  it('SIGKILL of the lease holder: the other process takes the lease at once; the killed one comes back', async () => {
    const [h1, h2] = [await health(port + 1), await health(port + 2)];
    expect([h1?.schedulerLease, h2?.schedulerLease].filter(Boolean)).toHaveLength(1);
    const holderPort = h1?.schedulerLease ? port + 1 : port + 2;
    const heirPort = holderPort === port + 1 ? port + 2 : port + 1;
    const holderName = holderPort === port + 1 ? 'api1' : 'api2';
    const pid = pids().get(holderName)!;
    process.kill(pid, 'SIGKILL');
    const killedAt = Date.now();
    // PostgreSQL drops the advisory lock with the dead connection; the heir's next tick (100 ms) takes it.
    await waitFor('the heir to hold the lease', async () => (await health(heirPort))?.schedulerLease, 10_000);
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    // Meanwhile HAProxy sends everything to the heir: no failed request.
    for (let i = 0; i < 10; i++) expect((await fetch(`${base}/healthz`)).status).toBe(200);
    // The command starts the dead process again; it comes back without the lease.
    await waitFor(
      'the killed process to come back',
      async () => (await health(holderPort)) !== undefined,
      60_000,
    );
    expect((await health(holderPort))?.schedulerLease).toBe(false);
    const status = ops('cluster', 'status');
    expect(status.stdout).toMatch(
      new RegExp(`scheduler lease: .*-${heirPort === port + 1 ? 'api1' : 'api2'}`),
    );
  }, 90_000);

  /** Rounds of POLL_2 as the process at `p` sees them (the open round's id). */
  const openRoundId = async (p: number) => {
    const res = await fetch(`http://127.0.0.1:${p}/api/v1/result/playing?poll=POLL_2`, {
      headers: { cookie: bettor.cookieHeader() },
      signal: AbortSignal.timeout(5000),
    });
    const json = (await res.json()) as { data?: { round?: { id: number } | null } };
    return res.ok ? json.data?.round?.id : undefined;
  };
  const leaseHolderPort = async () => {
    const [h1, h2] = [await health(port + 1), await health(port + 2)];
    if (h1?.schedulerLease) return port + 1;
    if (h2?.schedulerLease) return port + 2;
    return undefined;
  };

  it('SIGKILL of the lease holder under bets: rounds go on within the lease bound, every accepted bet settled once', async () => {
    const holderPort = await waitFor('a lease holder', leaseHolderPort, 15_000);
    const heirPort = holderPort === port + 1 ? port + 2 : port + 1;
    // Bets keep coming through HAProxy while the holder dies.
    let betting = true;
    const refused: PlacedBet[] = [];
    const load = (async () => {
      while (betting) {
        const bet = await placeBet(bettor).catch(() => undefined);
        if (bet?.status === 200) accept(bet);
        else if (bet) refused.push(bet);
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    })();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const roundBefore = await openRoundId(heirPort);
      process.kill(pids().get(apiName(holderPort))!, 'SIGKILL');
      const killedAt = Date.now();
      await waitFor(
        'the heir to hold the lease',
        async () => (await health(heirPort))?.schedulerLease,
        15_000,
      );
      expect(Date.now() - killedAt).toBeLessThan(SCHEDULER_LEASE_SECONDS * 1000);
      // The heir draws: a round after the one open at the kill opens within the bound plus one round.
      await waitFor(
        'a new round',
        async () => ((await openRoundId(heirPort)) ?? 0) > (roundBefore ?? 0),
        (SCHEDULER_LEASE_SECONDS + ROUND_OPEN_SECONDS) * 1000,
      );
      await new Promise((resolve) => setTimeout(resolve, 1000));
    } finally {
      betting = false;
      await load;
    }
    // Only refusals a closing round explains (or a request cut on the dying process).
    for (const bet of refused) expect([422, 502, 503], JSON.stringify(bet)).toContain(bet.status);
    expect(accepted.size).toBeGreaterThan(5);
    await expectEveryBetSettledOnce();
  }, 120_000);

  /**
   * Every accepted bet is in the player's list exactly once and settled, and the balance is what the list
   * says: the opening balance less every stake plus every payout (a bet paid twice, or a stake taken
   * twice, would not add up).
   */
  const expectEveryBetSettledOnce = async () => {
    type Bet = { id: number; amount: number; payout: number; status: string };
    const list = await waitFor(
      'every accepted bet settled',
      async () => {
        const items: Bet[] = [];
        for (let page = 1; ; page++) {
          const res = await bettor.request('GET', `/api/v1/ticket/list?per_page=100&page=${page}`);
          const data = (res.json as { data?: { items: Bet[]; meta: { last_page: number } } } | null)?.data;
          if (!data) return undefined;
          items.push(...data.items);
          if (page >= data.meta.last_page) break;
        }
        const settled = items.filter((b) => accepted.has(b.id) && b.status !== 'PENDING');
        return settled.length === accepted.size ? items : undefined;
      },
      60_000,
    );
    const ids = list.map((b) => b.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of accepted) expect(ids).toContain(id);
    const user = await bettor.request('GET', '/api/user');
    const balance = (user.json as { data: { balance: number } }).data.balance;
    const staked = list.reduce((sum, b) => sum + b.amount, 0);
    const paid = list.reduce((sum, b) => sum + b.payout, 0);
    expect(balance).toBe(BETTOR_BALANCE - staked + paid);
  };

  it.skipIf(!PRIVATE_SERVICES)(
    'Redis stopped: the processes serve, sockets are closed and refused (pages poll); back live when it returns',
    async () => {
      await waitFor(
        'both processes up',
        async () => (await health(port + 1)) && (await health(port + 2)),
        60_000,
      );
      const live = await openSocket(port + 1, bettor);
      const pidsBefore = new Map(pids());
      await privateRedis!.stop();
      try {
        // 1013: try again later; the page polls meanwhile.
        expect(
          await Promise.race([live.closed, new Promise((r) => setTimeout(() => r('open'), 10_000))]),
        ).toBe(1013);
        await waitFor(
          'api2 to refuse sockets',
          async () => {
            await new Promise((resolve) => setTimeout(resolve, 500));
            return openSocket(port + 2, bettor).then(
              ({ socket }) => {
                socket.close();
                return false;
              },
              (error: unknown) => /upgrade refused: 503/.test(String(error)),
            );
          },
          10_000,
        );
        // Bets, lists and checks go on: nothing waits on Redis, nothing crashed.
        for (let i = 0; i < 2; i++) {
          const bet = accept(await placeBet(bettor));
          expect(bet.ms).toBeLessThan(5000);
        }
        expect((await bettor.request('GET', '/api/v1/ticket/badge')).status).toBe(200);
        expect(await health(port + 1)).toBeDefined();
        expect(await health(port + 2)).toBeDefined();
      } finally {
        await privateRedis!.start();
      }
      // The subscription comes back by itself; sockets are accepted again and carry events across processes.
      const again = await waitFor(
        'a socket on api1 again',
        async () => {
          // Spaced out: each refused upgrade counts in the player's socket budget.
          await new Promise((resolve) => setTimeout(resolve, 1000));
          return openSocket(port + 1, bettor);
        },
        30_000,
      );
      try {
        await waitFor(
          'events across processes again',
          async () => {
            const bet = accept(await placeBet(bettor.at(`http://127.0.0.1:${port + 2}`)));
            await new Promise((resolve) => setTimeout(resolve, 500));
            return again.frames.some(
              (f) => f.type === 'balance' && (f.data as { balance: number }).balance === bet.balance,
            );
          },
          30_000,
        );
      } finally {
        again.socket.close();
      }
      expect(pids()).toEqual(pidsBefore);
    },
    120_000,
  );

  it.skipIf(!PRIVATE_SERVICES)(
    'PostgreSQL stopped: 503 DATABASE_UNAVAILABLE with Retry-After, fast; the processes recover on their own',
    async () => {
      await waitFor(
        'both processes up',
        async () => (await health(port + 1)) && (await health(port + 2)),
        60_000,
      );
      const pidsBefore = new Map(pids());
      await privatePg!.stop();
      try {
        for (let i = 0; i < 4; i++) {
          const bet = await placeBet(bettor);
          expect(bet.status, JSON.stringify(bet)).toBe(503);
          expect(bet.code).toBe('DATABASE_UNAVAILABLE');
          expect(Number(bet.retryAfter)).toBeGreaterThan(0);
          // Far inside the web app's timeout (100 s) and HAProxy's (60 s): the connect timeout is 3 s here.
          expect(bet.ms).toBeLessThan(10_000);
        }
        // /healthz stays 200 (the process is fine) and says the database is down.
        for (const p of [port + 1, port + 2]) {
          await waitFor(
            `${apiName(p)} to say the database is down`,
            async () => ((await health(p)) as { database?: string } | undefined)?.database === 'down',
            10_000,
          );
        }
      } finally {
        await privatePg!.start();
      }
      await waitFor('bets accepted again', async () => (await placeBet(bettor)).status === 200, 30_000);
      // The lease was lost with its connection: one process takes it again and rounds go on.
      const holder = await waitFor('a lease holder again', leaseHolderPort, 30_000);
      const round = await openRoundId(holder);
      await waitFor(
        'a new round after the restart',
        async () => ((await openRoundId(holder)) ?? 0) > (round ?? 0),
        (SCHEDULER_LEASE_SECONDS + ROUND_OPEN_SECONDS) * 1000,
      );
      // /healthz reports the last probe (at most a second old, never waited for): up again shortly.
      for (const p of [port + 1, port + 2]) {
        await waitFor(
          `${apiName(p)} to say the database is up`,
          async () => ((await health(p)) as { database?: string } | undefined)?.database === 'up',
          10_000,
        );
      }
      expect(pids()).toEqual(pidsBefore);
      accept(await placeBet(bettor));
      await expectEveryBetSettledOnce();
    },
    120_000,
  );

  it('reconciles the ledger at the end', () => {
    const res = ops('reconcile');
    expect(res.stdout).toContain('ledger OK');
  });

  it('stops gracefully on SIGTERM: every process exits 0', async () => {
    const exited = new Promise<number | null>((resolve) => cluster.once('exit', resolve));
    cluster.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toMatch(/api1 exited \(pid \d+, code 0\)/);
    expect(output).toMatch(/api2 exited \(pid \d+, code 0\)/);
    expect(output).toMatch(/haproxy exited \(pid \d+, code 0\)/);
  }, 40_000);
});
