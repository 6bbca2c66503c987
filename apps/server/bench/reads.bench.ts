import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localDateOf, type LocalDate } from '@lotto59/domain';
import autocannon from 'autocannon';
import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openPostgres } from '../src/db/create-db';
import { migrateToLatest } from '../src/db/migrate';
import { lotto59SettingsFrom } from '../src/modules/lotto59/lotto59.settings';
import { systemClock } from '../src/platform/clock';
import { argon2idHasher } from '../src/platform/password-hasher';
import { createBenchDatabase } from './bench-database';
import type { BenchSession } from './bench-server';
import { freePortBlock, loginAll, waitForOk } from './http-session';
import { measureCpu, type CpuShares } from './machine';
import { fillLotto59History, type HistoryFigures } from './reads-data';

const BUILD = fileURLToPath(new URL('../build.mjs', import.meta.url));
const SERVER = fileURLToPath(new URL('../dist/server.mjs', import.meta.url));
const PASSWORD = 'bench password';

/** One read of a player's pages: a label, and the path for a reader (the date range ends today). */
interface ReadRoute {
  name: string;
  path(playerId: number, today: LocalDate): string;
}

const shiftDays = (date: LocalDate, days: number) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
/** The pool the reader plays (reads-data.ts: players whose id ends in 0, 1 or 2 play POLL_1). */
const poolOf = (playerId: number) => (playerId % 10 < 3 ? 'POLL_1' : 'POLL_2');

/** What the web app asks for on the ticket, report, result and statement pages (apps/web/src/features/…/api). */
export const READ_ROUTES: readonly ReadRoute[] = [
  { name: 'ticket list, default filter', path: () => '/api/v1/ticket/list?type=ALL&page=1&per_page=20' },
  {
    name: 'ticket list, last 7 days',
    path: (_, today) =>
      `/api/v1/ticket/list?type=ALL&from=${shiftDays(today, -6)}&to=${today}&page=1&per_page=20`,
  },
  {
    name: 'bet report, 30 days',
    path: (_, today) => `/api/bet/report?from=${shiftDays(today, -29)}&to=${today}`,
  },
  { name: 'outstanding badge', path: () => '/api/v1/ticket/badge' },
  {
    // The player's statement (issue 25): a page of the ledger's movements, the totals per product and the
    // daily net of the range, as the statement screen asks for it (its default range, 30 days).
    name: 'statement, 30 days',
    path: (_, today) => `/api/statement?from=${shiftDays(today, -29)}&to=${today}&page=1&per_page=20`,
  },
  { name: 'result grid (/api/result/history)', path: (id) => `/api/result/history?poll=${poolOf(id)}` },
  {
    name: 'result history (/api/v1/result/history)',
    path: (id) => `/api/v1/result/history?poll=${poolOf(id)}&page=1&per_page=20`,
  },
];

export interface RouteFigures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  /** Server CPU per request (its process, all threads), µs. */
  cpuMicrosPerRequest: number;
  /**
   * The pass before the measured one: every reader's first request to the route in this server process
   * (caches per player, such as the list's settled totals, start empty), at the same concurrency.
   */
  firstViews: { requests: number; p50: number; p99: number; max: number };
  cpu: CpuShares;
}

export interface PlanFigures {
  route: string;
  who: 'median reader' | 'heaviest player';
  /** Every query the request sent (the session's and the player's included), lotto 59 or not. */
  sent: string[];
  /** Each lotto 59 query of the request: its EXPLAIN ANALYZE execution time and the plan's first lines. */
  queries: { executionMs: number; sharedHit: number; sharedRead: number; sql: string; plan: string }[];
}

export interface ReadsFigures {
  bets: number;
  players: number;
  days: number;
  history: HistoryFigures;
  generateMs: number;
  /** The data set was kept from an earlier run (BENCH_READS_KEEP), not generated in this one. */
  reused: boolean;
  readers: { sessions: number; betsMedian: number; betsMax: number; loginMs: number };
  heaviest: { playerId: number; bets: number };
  trivial: RouteFigures;
  routes: RouteFigures[];
  plans: PlanFigures[];
  plansFile: string;
}

/**
 * Reads as the data grows (issue 15, item 5): a fresh PostgreSQL database filled with `bets` lotto 59
 * bets from `players` players over `days` days (reads-data.ts), the built server (dist/server.mjs, one
 * process, production config, scheduler off so the data stays put) in its own process, `readers`
 * players logged in over HTTP, then each read route in turn with autocannon: every reader once (their
 * first view, printed apart), then `connections` for `durationS`, every request as a reader picked at
 * random. Afterwards each route's lotto 59 queries, as the app issues them (captured from Kysely), are run under EXPLAIN (ANALYZE, BUFFERS) for the median
 * reader and the heaviest player.
 */
export async function benchReads(opts: {
  databaseUrl: string;
  bets: number;
  players: number;
  days: number;
  readers: number;
  connections: number;
  durationS: number;
}): Promise<ReadsFigures> {
  // BENCH_READS_KEEP=1 keeps the filled database (named by its shape) and reuses it next time: the 10⁷ set
  // takes minutes to fill, too long to wait for between two tries of a change to one read.
  const database = process.env.BENCH_READS_KEEP
    ? await keptBenchDatabase(opts.databaseUrl, `bench_reads_kept_${opts.bets}_${opts.players}_${opts.days}`)
    : await createBenchDatabase(opts.databaseUrl, 'bench_reads');
  const dataDir = mkdtempSync(join(tmpdir(), 'lotto59-bench-reads-'));
  try {
    const config = loadConfig({
      NODE_ENV: 'production',
      WEB_DIST_DIR: '/nonexistent',
      DATABASE_URL: database.url,
    });
    const t0 = performance.now();
    const kept = await keptFigures(database.url);
    const history = kept ?? (await fillDatabase(database.url, opts, config, 'kept' in database));
    // A kept data set took its time in the run that filled it (its steps are in `history`).
    const generateMs = kept ? Object.values(kept.stepsMs).reduce((a, b) => a + b, 0) : performance.now() - t0;
    const who = await pickReaders(database.url, history.submissions, opts.readers);

    const port = await freePortBlock(1);
    execFileSync(process.execPath, [BUILD, 'server']);
    // One process on PostgreSQL alone: no Redis (nothing is shared), no metrics port.
    const { REDIS_URL: _redis, METRICS_PORT: _metrics, ...env } = process.env;
    const profile = process.env.BENCH_PROFILE_DIR
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
      : [];
    const server = spawn(process.execPath, [...profile, SERVER], {
      env: {
        ...env,
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: '/nonexistent',
        LOTTO_SCHEDULER: 'false',
        RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE ?? '1000',
        SESSION_IDLE_MINUTES: '600',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitForOk([`${base}/healthz`], 60_000);
      const loginStartMs = performance.now();
      const sessions = await loginAll(
        base,
        who.readers.map((id) => ({ id, username: `reader${id}`, password: PASSWORD })),
      );
      const loginMs = performance.now() - loginStartMs;
      const today = localDateOf(Date.now(), config.TIME_ZONE);
      const load = (route: ReadRoute) => runRoute(base, server.pid!, route, sessions, today, opts);
      const trivial = await load({ name: 'trivial route (/healthz)', path: () => '/healthz' });
      const routes: RouteFigures[] = [];
      // BENCH_READS_ROUTES (a comma-separated list of name fragments) loads only those routes, e.g. to profile one.
      const only = process.env.BENCH_READS_ROUTES?.split(',');
      for (const route of READ_ROUTES) {
        if (!only || only.some((part) => route.name.includes(part))) routes.push(await load(route));
      }
      const plans = await explainRoutes(database.url, config, today, [
        { who: 'median reader', playerId: who.median.playerId },
        { who: 'heaviest player', playerId: who.heaviest.playerId },
      ]);
      const plansFile = join(tmpdir(), `lotto59-reads-plans-${opts.bets}.txt`);
      writeFileSync(
        plansFile,
        plans
          .map(
            (p) =>
              `## ${p.route} — ${p.who}\n\nSent: ${p.sent.join('\n      ')}\n\n` +
              p.queries.map((q) => `${q.sql}\n\n${q.plan}`).join('\n\n'),
          )
          .join('\n\n'),
      );
      return {
        bets: opts.bets,
        players: opts.players,
        days: opts.days,
        history,
        generateMs,
        reused: kept !== undefined,
        readers: {
          sessions: sessions.length,
          betsMedian: who.median.bets,
          betsMax: who.maxReaderBets,
          loginMs,
        },
        heaviest: who.heaviest,
        trivial,
        routes,
        plans: plans.map((p) => ({
          ...p,
          queries: p.queries.map((q) => ({ ...q, plan: firstLines(q.plan) })),
        })),
        plansFile,
      };
    } finally {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
  } finally {
    if (!('kept' in database)) await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function fillDatabase(
  url: string,
  opts: { bets: number; players: number; days: number },
  config: Config,
  keep: boolean,
): Promise<HistoryFigures> {
  const handle = openPostgres(url, { max: 2 });
  await migrateToLatest(handle.db, handle.dialect);
  await handle.close();
  const passwordHash = await argon2idHasher({ memoryKib: 1024, timeCost: 1 }).hash(PASSWORD);
  const history = await fillLotto59History(
    url,
    { bets: opts.bets, players: opts.players, days: opts.days, nowMs: Date.now(), passwordHash },
    lotto59SettingsFrom(config),
  );
  if (keep) {
    await onClient(url, (client) =>
      client.query('create table bench_kept_figures as select $1::jsonb as figures', [
        JSON.stringify(history),
      ]),
    );
  }
  return history;
}

/** A kept database's figures, or undefined when it is new or its filling did not finish. */
async function keptFigures(url: string): Promise<HistoryFigures | undefined> {
  return onClient(url, async (client) => {
    // The table is written last: missing, the filling did not finish (or never started).
    const { rows } = await client
      .query<{ figures: HistoryFigures }>('select figures from bench_kept_figures')
      .catch(() => ({ rows: [] }));
    return rows[0]?.figures;
  });
}

/** The database `name`, created when missing; one whose filling did not finish is dropped and made again. */
async function keptBenchDatabase(url: string, name: string) {
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const exists = await onClient(url, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    return rowCount === 1;
  });
  if (exists && (await keptFigures(dbUrl.toString()))) return { url: dbUrl.toString(), kept: true };
  await onClient(url, async (client) => {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  });
  return { url: dbUrl.toString(), kept: true };
}

async function onClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The readers: the players of `count` submissions spread evenly over the whole history, so a player is
 * picked as often as they bet (players who bet more look at their tickets more); also the median reader
 * and the heaviest player of the database, for the plans.
 */
async function pickReaders(databaseUrl: string, submissions: number, count: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = Array.from({ length: count }, (_, k) => 1 + Math.floor(((k + 0.5) * submissions) / count));
    const { rows } = await client.query<{ player_id: string; bets: string }>(
      `select p.player_id, (select count(*) from lotto59_bets b where b.player_id = p.player_id) as bets
       from (select distinct player_id from lotto59_bet_groups where id = any($1::bigint[])) p order by 2, 1`,
      [ids],
    );
    const readers = rows.map((r) => ({ playerId: Number(r.player_id), bets: Number(r.bets) }));
    const top = await client.query<{ player_id: string; bets: string }>(
      `with top as (select player_id from lotto59_bet_groups group by player_id order by count(*) desc limit 1)
       select player_id, (select count(*) from lotto59_bets b where b.player_id = top.player_id) as bets from top`,
    );
    return {
      readers: readers.map((r) => r.playerId),
      median: readers[Math.floor(readers.length / 2)]!,
      maxReaderBets: readers.at(-1)!.bets,
      heaviest: { playerId: Number(top.rows[0]!.player_id), bets: Number(top.rows[0]!.bets) },
    };
  } finally {
    await client.end();
  }
}

async function runRoute(
  base: string,
  serverPid: number,
  route: ReadRoute,
  sessions: BenchSession[],
  today: LocalDate,
  opts: { connections: number; durationS: number },
): Promise<RouteFigures> {
  // First each reader once, in turn: what a player sees the first time they open the page after a
  // restart. Then the measured pass, readers at random, as a server that has run for a while sees them.
  let next = 0;
  const first = await autocannon({
    url: base,
    connections: Math.min(opts.connections, sessions.length),
    amount: sessions.length,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const session = sessions[next++ % sessions.length]!;
          return {
            ...req,
            path: route.path(session.playerId, today),
            headers: { accept: 'application/json', cookie: session.cookie },
          };
        },
      },
    ],
  });
  const done = measureCpu([serverPid]);
  const result = await autocannon({
    url: base,
    connections: opts.connections,
    duration: opts.durationS,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          // A reader at random for every request: many different players, each with a real session.
          const index = Math.floor(Math.random() * sessions.length);
          const session = sessions[index]!;
          return {
            ...req,
            path: route.path(session.playerId, today),
            headers: { accept: 'application/json', cookie: session.cookie },
          };
        },
      },
    ],
  });
  const cpu = done();
  return {
    name: route.name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuMicrosPerRequest: (1e6 * cpu.treesS[0]!) / Math.max(1, result.requests.total),
    firstViews: {
      requests: first.requests.total,
      p50: first.latency.p50,
      p99: first.latency.p99,
      max: first.latency.max,
    },
    cpu,
  };
}

/**
 * Each route once for each player, in this process, on an app whose Kysely records every query: the
 * lotto 59 queries each route really sends (whatever they become) are then run under EXPLAIN (ANALYZE,
 * BUFFERS) with their parameters, twice, the second (warm) one kept.
 */
async function explainRoutes(
  databaseUrl: string,
  config: Config,
  today: LocalDate,
  players: { who: PlanFigures['who']; playerId: number }[],
): Promise<PlanFigures[]> {
  let captured: CompiledQuery[] = [];
  // openPostgres, as the server opens it (the scheduler leases need its pool), with Kysely's query log.
  const { db } = openPostgres(databaseUrl, {
    max: 4,
    log: (event) => {
      if (event.level === 'query') captured.push(event.query);
    },
  });
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'production',
      WEB_DIST_DIR: '/nonexistent',
      DATABASE_URL: databaseUrl,
      LOTTO_SCHEDULER: 'false',
      RATE_LIMIT_SCALE: '1000',
    }),
    db,
    clock: systemClock,
  });
  const explain = new pg.Client({ connectionString: databaseUrl });
  await explain.connect();
  try {
    await app.ready();
    const plans: PlanFigures[] = [];
    for (const { who, playerId } of players) {
      const csrf = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
      const anon = Object.fromEntries(csrf.cookies.map((c) => [c.name, c.value]));
      const login = await app.inject({
        method: 'POST',
        url: '/login',
        cookies: anon,
        headers: { 'x-xsrf-token': anon['XSRF-TOKEN']! },
        payload: { username: `reader${playerId}`, password: PASSWORD },
      });
      const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
      for (const route of READ_ROUTES) {
        captured = [];
        const res = await app.inject({ method: 'GET', url: route.path(playerId, today), cookies });
        if (res.statusCode !== 200) throw new Error(`${route.name} answered ${res.statusCode}: ${res.body}`);
        const queries = [];
        for (const q of captured.filter((c) => /lotto59_|from transfers/.test(c.sql))) {
          const text = `explain (analyze, buffers) ${q.sql}`;
          await explain.query(text, [...q.parameters]);
          const { rows } = await explain.query<{ 'QUERY PLAN': string }>(text, [...q.parameters]);
          const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
          const buffers = /Buffers: shared(?: hit=(\d+))?(?: read=(\d+))?/.exec(plan);
          queries.push({
            executionMs: Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN),
            sharedHit: Number(buffers?.[1] ?? 0),
            sharedRead: Number(buffers?.[2] ?? 0),
            sql: q.sql,
            plan,
          });
        }
        plans.push({ route: route.name, who, sent: captured.map((c) => c.sql), queries });
      }
    }
    return plans;
  } finally {
    await explain.end();
    await app.close();
    await db.destroy();
  }
}

/** The plan's top lines (the nodes that decide its cost), for the printed summary. */
function firstLines(plan: string, lines = 6): string {
  return plan.split('\n').slice(0, lines).join('\n');
}
