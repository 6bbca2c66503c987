import { spawn, type ChildProcess } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newIdempotencyKey, riel } from '@lotto59/domain';
import autocannon from 'autocannon';
import type { Result } from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { openPostgres } from '../src/db/create-db';
import { migrateToLatest } from '../src/db/migrate';
import { systemClock } from '../src/platform/clock';
import { createServices } from '../src/services';
import { createBenchDatabase } from './bench-database';
import type { BenchSession } from './bench-server';
import { freePortBlock, loginAll, waitForOk } from './http-session';
import { measureCpu, type CpuShares } from './machine';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PASSWORD = 'bench password';

export interface ClusterRunFigures {
  processes: number;
  /** Answers of `/healthz` through HAProxy before the run, by `x-served-by`: every process takes part. */
  servedBy: Record<string, number>;
  trivial: { rps: number; p50: number; p99: number };
  bets: {
    rps: number;
    p50: number;
    p99: number;
    accepted: number;
    non2xx: number;
    errors: number;
    /** Answers other than 2xx by status and the answer's error code (`409 ROUND_CLOSED`, …). */
    refused: Record<string, number>;
  };
  /** The bets part only: the API processes (all of them), HAProxy, this process (autocannon) and the rest. */
  cpu: CpuShares & { apiS: number; haproxyS: number };
  /**
   * The database's sessions of this run, sampled every 100 ms during the bets: on average how many were
   * running a statement, and how many of those were waiting for a lock (a batch waiting for the house row
   * that another batch holds until its commit).
   */
  backends: { active: number; waitingForLock: number; commits: number };
}

/**
 * Bet placement through HAProxy (`npm run start:cluster`, the same script operators run, with its
 * HAProxy configuration) with each of `processCounts` API processes in turn, on ONE fresh PostgreSQL
 * database: the same players, the same round, the same load (autocannon, `connections` for `durationS`:
 * `/healthz` first, then `POST /api/bet` with one RANGE bet per request, one player per connection).
 * The cluster runs on a Redis of its own (its live-event channel is not prefixed: on a shared Redis other
 * deployments would receive this run's events) unless BENCH_REDIS_URL names one.
 */
export async function benchClusterPlacement(opts: {
  databaseUrl: string;
  connections: number;
  durationS: number;
  processCounts: readonly number[];
}): Promise<ClusterRunFigures[]> {
  const database = await createBenchDatabase(opts.databaseUrl, 'bench_cluster');
  const redis = await ownRedis();
  const dataDir = mkdtempSync(join(tmpdir(), 'lotto59-bench-cluster-'));
  try {
    const players = await createPlayers(database.url, opts.connections);
    const runs: ClusterRunFigures[] = [];
    for (const processes of opts.processCounts) {
      const cluster = await startCluster({
        processes,
        databaseUrl: database.url,
        redisUrl: redis.url,
        dataDir,
        ratePrefix: `${database.name}:rate:`,
      });
      try {
        runs.push(await runLoad(cluster, players, database.url, opts));
      } finally {
        await cluster.stop();
      }
    }
    return runs;
  } finally {
    await redis.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Players with money, made through the app's own services before the cluster starts. */
async function createPlayers(databaseUrl: string, count: number) {
  const handle = openPostgres(databaseUrl, { max: 4 });
  try {
    await migrateToLatest(handle.db, handle.dialect);
    const config = loadConfig({
      NODE_ENV: 'production',
      WEB_DIST_DIR: '/nonexistent',
      LOTTO_SCHEDULER: 'false',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      DATABASE_URL: databaseUrl,
    });
    const services = await createServices({ config, db: handle.db, clock: systemClock });
    const players = [];
    for (let i = 0; i < count; i++) {
      const username = `cluster${i}`;
      const player = await services.players.create({ username, password: PASSWORD });
      await services.cashier.deposit({
        playerId: player.id,
        amount: riel(1_000_000_000_000),
        idempotencyKey: `bench:${i}`,
      });
      players.push({ id: player.id, username, password: PASSWORD });
    }
    await services.events.close();
    return players;
  } finally {
    await handle.close();
  }
}

interface Cluster {
  port: number;
  /** pids of the API processes and of HAProxy (its master; the worker is its child). */
  apiPids: number[];
  haproxyPid: number;
  stop(): Promise<void>;
}

async function startCluster(o: {
  processes: number;
  databaseUrl: string;
  redisUrl: string;
  dataDir: string;
  ratePrefix: string;
}): Promise<Cluster> {
  const port = await freePortBlock(o.processes + 2);
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['scripts/start-cluster.mjs', '--server-only'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: o.databaseUrl,
      REDIS_URL: o.redisUrl,
      PORT: String(port),
      CLUSTER_PROCESSES: String(o.processes),
      DATA_DIR: o.dataDir,
      // As the single-process bench runs (bench-server.ts): the production logger at LOG_LEVEL (default
      // info), the rate limits raised (50 connections drive 50 players far harder than people can).
      RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE ?? '1000',
      RATE_LIMIT_REDIS_PREFIX: o.ratePrefix,
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      // The round the load bets on stays open for the whole run, whichever process holds the scheduler.
      LOTTO_OPEN_SECONDS_POLL_1: '3600',
      LOTTO_OPEN_SECONDS_POLL_2: '3600',
      SESSION_IDLE_MINUTES: '600',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Kept for an error message only (the last part); nothing per request is logged at info.
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const stopped = await Promise.race([
      exited.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000)),
    ]);
    if (!stopped) child.kill('SIGKILL');
  };
  try {
    const ports = [port, ...Array.from({ length: o.processes }, (_, k) => port + 1 + k)];
    await waitForOk(
      ports.map((p) => `http://127.0.0.1:${p}/healthz`),
      120_000,
      () => output.slice(-3000),
    );
    // HAProxy sends to a server after two good checks a second apart (rise 2, inter 1s).
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const pidOf = (name: string) =>
      Number(new RegExp(`\\] ${name} started \\(pid (\\d+)\\)`).exec(output)?.[1]);
    return {
      port,
      apiPids: Array.from({ length: o.processes }, (_, k) => pidOf(`api${k + 1}`)),
      haproxyPid: pidOf('haproxy'),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

const summary = (r: Result) => ({
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
});

async function runLoad(
  cluster: Cluster,
  players: { id: number; username: string; password: string }[],
  databaseUrl: string,
  opts: { connections: number; durationS: number },
): Promise<ClusterRunFigures> {
  const base = `http://127.0.0.1:${cluster.port}`;
  const sessions = await loginAll(base, players);
  const roundId = await openRoundOf(base, sessions[0]!);
  const servedBy: Record<string, number> = {};
  for (let i = 0; i < 20; i++) {
    const name = (await fetch(`${base}/healthz`)).headers.get('x-served-by') ?? '?';
    servedBy[name] = (servedBy[name] ?? 0) + 1;
  }
  await autocannon({ url: `${base}/healthz`, connections: opts.connections, duration: 1 }); // warm-up
  const trivial = await autocannon({
    url: `${base}/healthz`,
    connections: opts.connections,
    duration: opts.durationS,
  });

  const before = await countBets(databaseUrl);
  const body = JSON.stringify({
    poll: 'POLL_2',
    result_id: roundId,
    bets: [{ type: 'RANGE_6', amount: 500 }],
  });
  let nextSession = 0;
  const refused: Record<string, number> = {};
  const sampler = await sampleBackends(databaseUrl);
  const done = measureCpu([...cluster.apiPids, cluster.haproxyPid]);
  const bets = await autocannon({
    url: base,
    connections: opts.connections,
    duration: opts.durationS,
    requests: [
      {
        method: 'POST',
        path: '/api/bet',
        setupRequest: (req, context) => {
          // Each connection is one player, as in the single-process bench (bet-placement.bench.ts).
          context.session ??= sessions[nextSession++ % sessions.length];
          const session = context.session as BenchSession;
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              accept: 'application/json',
              cookie: session.cookie,
              'x-xsrf-token': session.xsrf,
              'idempotency-key': newIdempotencyKey(Date.now(), randomFillSync),
            },
            body,
          };
        },
        onResponse: (status, text) => {
          if (status < 300) return;
          let code = '';
          try {
            code = String((JSON.parse(text) as { code?: unknown }).code ?? '');
          } catch {
            // HAProxy's own answer (no process to send to) is an HTML page.
            code = text.includes('<html') ? 'from HAProxy' : text.slice(0, 40);
          }
          const key = `${status} ${code}`.trim();
          refused[key] = (refused[key] ?? 0) + 1;
        },
      },
    ],
  });
  const cpu = done();
  const backends = await sampler.stop();
  // Bets in flight when the load stopped commit after it: let them land before counting.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const accepted = (await countBets(databaseUrl)) - before;
  const apiS = cpu.treesS.slice(0, -1).reduce((a, b) => a + b, 0);
  return {
    processes: cluster.apiPids.length,
    servedBy,
    trivial: summary(trivial),
    bets: {
      ...summary(bets),
      // Bets answered 2xx per second: when HAProxy has no process to send to, its instant 503s would count.
      rps: Math.round((bets.requests.total - bets.non2xx) / bets.duration),
      accepted,
      non2xx: bets.non2xx,
      errors: bets.errors + bets.timeouts,
      refused,
    },
    cpu: { ...cpu, apiS, haproxyS: cpu.treesS.at(-1)! },
    backends,
  };
}

/** Samples pg_stat_activity of the run's database every 100 ms until stopped. */
async function sampleBackends(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // Committed transactions of the database: with group commit, fewer than one per bet (one per batch).
  const commits = async () =>
    (
      await client.query<{ n: number }>(
        `select xact_commit::float8 as n from pg_stat_database where datname = current_database()`,
      )
    ).rows[0]!.n;
  const commits0 = await commits();
  let samples = 0;
  let active = 0;
  let waiting = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ active: number; waiting: number }>(
        `select count(*) filter (where state = 'active')::int as active,
                count(*) filter (where state = 'active' and wait_event_type = 'Lock')::int as waiting
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      samples += 1;
      active += rows[0]!.active;
      waiting += rows[0]!.waiting;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      // The server's backends report their counts within a second of going idle.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const committed = (await commits()) - commits0;
      await client.end();
      return {
        active: active / Math.max(1, samples),
        waitingForLock: waiting / Math.max(1, samples),
        commits: committed,
      };
    },
  };
}

/** The open POLL_2 round, as a player's page finds it (the lease holder's scheduler opens it). */
async function openRoundOf(base: string, session: BenchSession): Promise<number> {
  const until = Date.now() + 20_000;
  for (;;) {
    const res = await fetch(`${base}/api/v1/result/playing?poll=POLL_2`, {
      headers: { accept: 'application/json', cookie: session.cookie },
    });
    const round = res.ok
      ? ((await res.json()) as { data: { round: { id: number } | null } }).data.round
      : null;
    if (round) return round.id;
    if (Date.now() > until) throw new Error('no open POLL_2 round through HAProxy');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function countBets(databaseUrl: string): Promise<number> {
  const handle = openPostgres(databaseUrl, { max: 1 });
  try {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from lotto59_bets`.execute(handle.db);
    return rows[0]!.n;
  } finally {
    await handle.close();
  }
}

/**
 * A Redis of the bench's own (`redis-server` on a free port, nothing saved), or BENCH_REDIS_URL. The
 * shared Redis of the machine is never used: the live-event channel `lotto59:events` has no prefix.
 */
async function ownRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  if (process.env.BENCH_REDIS_URL) return { url: process.env.BENCH_REDIS_URL, stop: async () => {} };
  const bin = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path));
  if (!bin)
    throw new Error('cluster-placement needs redis-server (apt-get install redis-server) or BENCH_REDIS_URL');
  const port = await freePortBlock(1);
  const child = spawn(
    bin,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const until = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = createConnection(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) break;
    if (Date.now() > until) throw new Error('redis-server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
