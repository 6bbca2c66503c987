/**
 * A benchmark server in its own process, bundled and run on plain node (server-process.ts) (so the load generator does not share its event loop): a
 * fresh database (SQLite file, or a fresh schema on BENCH_DATABASE_URL), N players with sessions, the
 * rounds open for an hour, the app listening on 127.0.0.1. It reports over IPC and obeys its messages:
 * `arm` and `publish` (one live event, for the WebSocket fan-out), `fan-out` (what the last publish cost here),
 * `stats`, `reconcile` and `stop`.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { riel } from '@lotto59/domain';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { DbHandle } from '../src/db/create-db';
import { migrateToLatest } from '../src/db/migrate';
import { systemClock } from '../src/platform/clock';
import { productionLogger } from '../src/platform/logger';
import type { ReconcileReport } from '../src/modules/wallet/wallet.public';
import { openBenchDatabase } from './bench-database';

export interface BenchSession {
  playerId: number;
  cookie: string;
  xsrf: string;
}

export interface BenchServerReady {
  type: 'ready';
  port: number;
  dialect: 'sqlite' | 'postgres';
  roundId: number;
  sessions: BenchSession[];
  /**
   * With BENCH_PROVIDER_LAUNCH=1: one slot game token (provider 3, angkor-fortune) per player, in the order
   * of `sessions`, each taken from the real launch route under that player's login session.
   */
  providerTokens: string[];
}

async function main(): Promise<void> {
  const players = Number(process.env.BENCH_PLAYERS ?? 50);
  const database = await openBenchDatabase(process.env.BENCH_DATABASE_URL);
  await migrateToLatest(database.handle.db, database.handle.dialect);
  const config = loadConfig({
    NODE_ENV: 'production',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    WEB_DIST_DIR: '/nonexistent',
    LOTTO_SCHEDULER: 'false',
    LOTTO_OPEN_SECONDS_POLL_1: '3600',
    LOTTO_OPEN_SECONDS_POLL_2: '3600',
    SESSION_IDLE_MINUTES: '600',
    // From the environment, as the server reads them: the log level, the rate limits' multiplier (one bench
    // player bets far faster than a person: the limits must not be what is measured), the metrics port.
    LOG_LEVEL: process.env.LOG_LEVEL,
    RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE ?? '1000',
    METRICS_PORT: process.env.METRICS_PORT,
    // The provider-wallet bench signs as provider 3 with a secret of its own (the server reads it at start).
    PROVIDER_3_SECRET: process.env.PROVIDER_3_SECRET,
    // The sealed ledger: off unless the run asks (the ledger bench measures placement with it on and off).
    LEDGER_SEAL_SECONDS: process.env.BENCH_LEDGER_SEAL_SECONDS ?? '0',
    LEDGER_SEAL_KEY: process.env.LEDGER_SEAL_KEY,
    ...database.env,
  });
  // The logger operators run (LOG_LEVEL, default info): what it costs is part of the figures.
  const app = await buildApp({
    config,
    db: database.handle.db,
    clock: systemClock,
    logger: productionLogger(config.LOG_LEVEL),
  });
  await app.ready();
  // The workers are off here (LOTTO_SCHEDULER=false); the seal worker alone runs when the run asks for it.
  // (The app is ready: no more hooks; the stop message stops it before the app closes.)
  const sealing = config.LEDGER_SEAL_SECONDS > 0;
  if (sealing) app.services.ledger.worker?.start(app.log);
  await app.services.lotto59.scheduler.tick();
  const round = await app.services.lotto59.rounds.openOf('POLL_2');

  const sessions: BenchSession[] = [];
  const providerTokens: string[] = [];
  for (let i = 0; i < players; i++) {
    const username = `bench${i}`;
    const password = 'bench password';
    const player = await app.services.players.create({ username, password });
    await app.services.cashier.deposit({
      playerId: player.id,
      amount: riel(1_000_000_000_000),
      idempotencyKey: `bench:${i}`,
    });
    if (process.env.BENCH_RG_LIMITS === '1') {
      // Responsible gaming's limits on every player (issue 24): wager and loss per day, week and month, far
      // above what the run stakes, so that every bet is judged against six limits and none is refused.
      for (const kind of ['WAGER', 'LOSS'] as const) {
        for (const period of ['DAY', 'WEEK', 'MONTH'] as const) {
          await app.services.rg.setLimit(
            player.id,
            { kind, period, amount: 10_000_000_000 },
            { by: 'operator', reason: 'bench' },
          );
        }
      }
    }
    const csrf = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    const anon = Object.fromEntries(csrf.cookies.map((c) => [c.name, c.value]));
    const login = await app.inject({
      method: 'POST',
      url: '/login',
      cookies: anon,
      headers: { 'x-xsrf-token': anon['XSRF-TOKEN']! },
      payload: { username, password },
    });
    const jar = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
    sessions.push({
      playerId: player.id,
      cookie: Object.entries(jar)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
      xsrf: jar['XSRF-TOKEN']!,
    });
    if (process.env.BENCH_PROVIDER_LAUNCH === '1') {
      // The launch route answers the token itself (providers.md §5): no need to exchange the launch code.
      const launched = await app.inject({
        method: 'GET',
        url: '/api/external/3/url?lang=en&platform=desktop',
        cookies: jar,
      });
      if (launched.statusCode !== 200)
        throw new Error(`launch answered ${launched.statusCode}: ${launched.body}`);
      providerTokens.push((launched.json() as { data: { token: string } }).data.token);
    }
  }

  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const ready: BenchServerReady = {
    type: 'ready',
    port: Number(new URL(address).port),
    dialect: database.handle.dialect,
    roundId: round!.id,
    sessions,
    providerTokens,
  };
  process.send?.(ready);

  // The longest stall of this event loop while an event is sent: a timer every millisecond records how
  // late each of its turns came (the interval between two turns, so an upper bound of the longest block).
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  let fanOut: Omit<BenchFanOut, 'type' | 'longestStallMs'> | undefined;

  process.on('message', (message: { type: string; sentAtMs?: number }) => {
    if (message.type === 'arm') {
      // After a reset the histogram records from its timer's next turn on (node's first interval after
      // reset() is not recorded): armed once that turn has passed.
      loopDelay.reset();
      setTimeout(() => process.send?.({ type: 'armed' }), 5);
    } else if (message.type === 'publish') {
      const receivedNs = process.hrtime.bigint();
      const cpu = process.cpuUsage();
      app.realtime.takeSliceStats();
      app.services.events.publish({ type: 'result', data: { sent_at_ms: message.sentAtMs ?? Date.now() } });
      // The in-process bus hands the event to the fan-out in a microtask queued before this one.
      queueMicrotask(() => {
        void app.realtime.whenSent().then(() => {
          const sentNs = process.hrtime.bigint();
          const used = process.cpuUsage(cpu);
          fanOut = {
            receivedNs: String(receivedNs),
            sentNs: String(sentNs),
            cpuMicros: used.user + used.system,
            systemCpuMicros: used.system,
            ...app.realtime.takeSliceStats(),
          };
        });
      });
    } else if (message.type === 'fan-out') {
      process.send?.({ type: 'fan-out', ...fanOut, longestStallMs: loopDelay.max / 1e6 });
    } else if (message.type === 'stats') {
      void countBets(database.handle).then((bets) => {
        const cpu = process.cpuUsage();
        process.send?.({
          type: 'stats',
          bets,
          cpuMicros: cpu.user + cpu.system,
          seals: app.services.ledger.sealJob.sealed,
          sealedTransfers: app.services.ledger.sealJob.sealedTransfers,
        });
      });
    } else if (message.type === 'reconcile') {
      void reconcile(app.services.wallet, database.handle).then((figures) =>
        process.send?.({ type: 'reconcile', ...figures }),
      );
    } else if (message.type === 'stop') {
      void (async () => {
        if (sealing) await app.services.ledger.worker?.stop();
        await app.close();
        await database.drop();
        await database.handle.close();
        process.exit(0);
      })();
    }
  });
}

/** What the last `publish` cost in this process (times from process.hrtime, as strings of nanoseconds). */
export interface BenchFanOut {
  type: 'fan-out';
  /** When the publish message was handled, and when the last socket's frame was handed to the kernel. */
  receivedNs: string;
  sentNs: string;
  /** CPU time of this process between the two, and the part of it in the kernel (the sockets' writes). */
  cpuMicros: number;
  systemCpuMicros: number;
  /** The fan-out's turns of the event loop, the longest of them, and the most sockets one of them wrote. */
  slices: number;
  longestSliceMs: number;
  mostSockets: number;
  /** The longest interval between two turns of the loop's 1 ms timer, from `arm` to this request. */
  longestStallMs: number;
}

export interface BenchReconcile {
  type: 'reconcile';
  report: ReconcileReport;
  /** provider_transactions rows by action (bet, win, …) and provider_rounds rows. */
  transactions: Record<string, number>;
  rounds: number;
}

/** The ledger's check after a run (WalletService.reconcile), and what the wallet recorded. */
async function reconcile(
  wallet: { reconcile(): Promise<ReconcileReport> },
  handle: DbHandle,
): Promise<Omit<BenchReconcile, 'type'>> {
  const report = await wallet.reconcile();
  // One snapshot for both counts: calls still in flight when the load stopped land meanwhile, and two
  // separate reads would show rounds without their bets.
  const { byAction, rounds } = await handle.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => ({
      byAction: await trx
        .selectFrom('provider_transactions')
        .select((eb) => ['action', eb.fn.countAll<number>().as('n')])
        .groupBy('action')
        .execute(),
      rounds: await trx
        .selectFrom('provider_rounds')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    }));
  return {
    report,
    transactions: Object.fromEntries(byAction.map((r) => [r.action, Number(r.n)])),
    rounds: Number(rounds.n),
  };
}

async function countBets(handle: DbHandle): Promise<number> {
  const row = await handle.db
    .selectFrom('lotto59_bets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
