import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createDemoProvider } from '@lotto59/demo-provider/server';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/database';
import { DatabaseProbe } from './db/database-probe';
import { ReadReplica } from './db/read-replica';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandler } from './errors/error-handler';
import { responseSerializerCompiler } from './http/response-serializer';
import type { Clock } from './platform/clock';
import type { RandomSource } from './platform/random';
import { registerGracefulClose } from './plugins/graceful-close';
import { registerReadYourWrites } from './plugins/read-your-writes';
import { DEFAULT_BODY_LIMIT_BYTES, registerRateLimits, socketLimitsFrom } from './plugins/rate-limits';
import { registerRequestLog, RequestLogController } from './plugins/request-log';
import { registerSecurityHeaders, securityHeaders } from './plugins/security-headers';
import { registerSessions } from './modules/auth/session.plugin';
import { registerWebApp } from './plugins/web-app';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { playersRoutes } from './modules/players/players.routes';
import { rgRoutes } from './modules/responsible-gaming/rg.routes';
import { transactionsRoutes } from './modules/transactions/transactions.routes';
import { statementRoutes } from './modules/statement/statement.routes';
import { lotto59Routes } from './modules/lotto59/lotto59.routes';
import { favouritesRoutes } from './modules/players/favourites/favourites.routes';
import { SESSION_COOKIE } from './modules/auth/session-tokens';
import { lottoConfigOf } from './modules/lotto59/results/results.routes';
import { providersRoutes } from './modules/providers/providers.public';
import { lotteryRoutes } from './modules/lottery/lottery.routes';
import { pushRoutes } from './modules/push/push.routes';
import { ledgerRoutes } from './modules/ledger/ledger.module';
import { casinoReportRoutes } from './modules/providers/reports/casino-report.routes';
import { sportReportRoutes } from './modules/providers/reports/sport-report.routes';
import { fishingReportRoutes } from './modules/providers/reports/fishing-report.routes';
import { registerRealtime, type Realtime } from './plugins/realtime/websocket';
import { createServices, type Services } from './services';
import { registerAppMetrics } from './app-metrics';

export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  /** Draw randomness (node:crypto unless a test pins it). */
  random?: RandomSource;
  /** Pino options, or false for silence (tests). */
  logger?: FastifyServerOptions['logger'];
}

export type App = FastifyInstance & {
  services: Services;
  /** The live events' fan-out: when it has written what was published, and how long its turns were. */
  realtime: Realtime;
  /** Where `/metrics` listens (`http://host:port`) once the app listens with METRICS_PORT set; else ''. */
  metricsAddress(): string;
  /**
   * From now on /healthz answers 503 `draining` while every other route still serves: the load balancer
   * stops sending here before the port closes (server.ts, SHUTDOWN_DRAIN_SECONDS).
   */
  startDraining(): void;
};

/**
 * Builds the whole HTTP app from its dependencies: plugins, modules and one error handler. The process
 * (`server.ts`) and the tests build the same app; tests call `inject` without opening a port.
 */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  // A studio on another origin (PROVIDER_DEMO_URL a URL, not a path) may be framed too, with the configured ones.
  const studioOrigin = config.PROVIDER_DEMO_URL.startsWith('/')
    ? []
    : [new URL(config.PROVIDER_DEMO_URL).origin];
  const headers = securityHeaders({
    hsts: config.COOKIE_SECURE,
    providerOrigins: [...new Set([...config.PROVIDER_ORIGINS, ...studioOrigin])],
  });
  const app = Fastify({
    logger: deps.logger ?? false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    // Errors Fastify raises before any hook (bad URL encoding, unreadable HTTP) answer in our shape too.
    frameworkErrors: frameworkErrorHandler(headers),
    clientErrorHandler: clientErrorHandler(headers),
    // No line per request: plugins/request-log.ts logs the ones an operator needs.
    logController: new RequestLogController(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // Which process answered (several behind a load balancer): every answer, errors included.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    void reply.header('x-served-by', config.SERVED_BY);
    done();
  });
  registerErrorHandler(app, headers);
  registerRequestLog(app, { slowRequestMs: config.SLOW_REQUEST_MS });
  registerGracefulClose(app);

  const replica = openReplica(app, deps);
  const services = await createServices({ ...deps, replica, log: app.log });
  if (replica) {
    registerReadYourWrites(app, services.readYourWrites);
    // After the requests in flight (onClose runs once the port is closed and they are answered).
    app.addHook('onClose', async () => {
      await Promise.all([replica.close(), services.readYourWrites.close()]);
    });
  }
  const metrics =
    config.METRICS_PORT === undefined
      ? undefined
      : registerAppMetrics(app, services, { port: config.METRICS_PORT, host: config.HOST });
  // Shutdown: the port is closed and in-flight requests answered before onClose; the stakes already
  // accepted in the write queue are written and answered before the database may close.
  app.addHook('onClose', () => services.stakeBatches.close());
  // The background workers (db/leased-worker.ts) run once the app is ready, unless LOTTO_SCHEDULER=false
  // (tests tick them by hand). onClose hooks run last-added first: the workers stop, finishing their pass
  // and giving their leases back, before the write queue drains and before the database closes.
  if (config.LOTTO_SCHEDULER) app.addHook('onReady', async () => services.workers.start(app.log));
  app.addHook('onClose', () => services.workers.stop());
  // Before any route, so that every route is limited.
  const rateLimits = await registerRateLimits(app, config);
  await app.register(cookie);
  registerSecurityHeaders(app, headers);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Lotto59 API', version: '0.1.0', description: 'Generated from @lotto59/contract.' },
    },
    transform: jsonSchemaTransform,
  });

  const cookies = registerSessions(app, {
    auth: services.auth,
    appKey: services.appKey,
    secureCookies: config.COOKIE_SECURE,
    maxAgeSeconds: config.SESSION_ABSOLUTE_HOURS * 3600,
  });

  let draining = false;
  const database = new DatabaseProbe(deps.db, {
    timeoutMs: 1_000,
    maxAgeMs: 1_000,
    nowMs: () => Date.now(),
  });
  // The load balancer's check: 503 while draining; `schedulerLease` says whether this process draws.
  // About the process only: a database that is down is said in the body (`database`), not by the status,
  // since every process shares it and taking them all out would only swap our 503 DATABASE_UNAVAILABLE
  // for the balancer's own bare 503 (docs/decisions/0030-server-mode-failure-behaviour.md).
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) =>
    reply.code(draining ? 503 : 200).send({
      status: draining ? 'draining' : 'ok',
      servedBy: config.SERVED_BY,
      schedulerLease: services.lotto59.scheduler.leads(),
      database: database.current(),
    }),
  );
  app.get('/docs/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(
    authRoutes({
      auth: services.auth,
      cookies,
      boardOf: async (playerId) => ({
        poll: await services.lotto59.pools.poolOf(playerId),
        config: lottoConfigOf(services.lotto59.settings),
      }),
    }),
  );
  await app.register(
    playersRoutes({ players: services.players, maintenance: services.maintenance, cookies }),
  );
  await app.register(favouritesRoutes({ db: deps.db, clock: deps.clock, cookies }));
  await app.register(
    rgRoutes({ rg: services.rg, auth: services.auth, maintenance: services.maintenance, cookies }),
  );
  await app.register(transactionsRoutes({ transactions: services.transactions, cookies }));
  await app.register(statementRoutes({ statement: services.statement, cookies, timeZone: config.TIME_ZONE }));
  await app.register(
    lotto59Routes({
      lotto59: services.lotto59,
      maintenance: services.maintenance,
      cookies,
    }),
  );
  await app.register(
    lotteryRoutes({
      lottery: services.lottery,
      players: services.players,
      maintenance: services.maintenance,
      cookies,
    }),
  );
  await app.register(pushRoutes({ push: services.push.service, cookies }));
  if (config.LOTTO_SCHEDULER) {
    // Draw alerts from the process that draws (the lease holder), every few seconds (decision 0051).
    services.push.alerts.start(5_000);
  }
  // After the requests in flight: stop alerting, then let the pushes already started be answered.
  app.addHook('onClose', async () => {
    services.push.alerts.stop();
    await services.push.service.idle();
  });
  await app.register(
    casinoReportRoutes({ reads: services.reads, clock: deps.clock, timeZone: config.TIME_ZONE, cookies }),
  );
  await app.register(
    sportReportRoutes({ reads: services.reads, clock: deps.clock, timeZone: config.TIME_ZONE, cookies }),
  );
  await app.register(
    fishingReportRoutes({ reads: services.reads, clock: deps.clock, timeZone: config.TIME_ZONE, cookies }),
  );
  const realtime = await registerRealtime(app, {
    events: services.events,
    sessions: {
      requirePlayer: cookies.requirePlayer,
      tokenOf: cookies.tokenOf,
      revalidate: (token) => services.auth.revalidate(token),
    },
    allowedOrigins: config.ALLOWED_ORIGINS,
    limits: socketLimitsFrom(config),
  });
  // The upgrade's 101 is written by ws, not by Fastify's reply: it names the process too.
  app.websocketServer.on('headers', (lines: string[]) => {
    lines.push(`x-served-by: ${config.SERVED_BY}`);
  });
  if (config.mode === 'server') {
    // Only processes that serve are part of the cluster (not the tests' injected apps, not the CLI).
    app.addHook('onListen', (done) => {
      services.cluster.start(app.log);
      done();
    });
    app.addHook('onClose', () => services.cluster.stop());
  }
  await app.register(
    providersRoutes({
      providers: services.providers,
      cookies,
      maintenance: services.maintenance,
      clock: deps.clock,
    }),
  );
  await app.register(analyticsRoutes({ analytics: services.analytics, auth: services.auth }));
  await app.register(ledgerRoutes({ ledger: services.ledger.service, cookies }));

  if (config.mode === 'embedded' && config.DEMO_PROVIDER === 'embedded') {
    await mountDemoStudio(app, { config, clock: deps.clock, secrets: services.providers.secrets });
  }

  await registerWebApp(
    app,
    config.WEB_DIST_DIR,
    { preHandler: rateLimits.notFoundPreHandler },
    SESSION_COOKIE,
  );
  return Object.assign(app, {
    services,
    realtime,
    metricsAddress: () => metrics?.address() ?? '',
    startDraining: () => {
      draining = true;
    },
  }) as unknown as App;
}

/**
 * The streaming replica of DATABASE_READ_URL (decision 0029), measured from now on; each change between
 * serving and falling back to the primary is logged once.
 */
function openReplica(app: FastifyInstance, deps: AppDeps): ReadReplica | undefined {
  const { config } = deps;
  if (config.DATABASE_READ_URL === undefined) return undefined;
  const replica = new ReadReplica(deps.db, config.DATABASE_READ_URL, {
    maxLagMs: config.REPLICA_MAX_LAG_SECONDS * 1000,
    checkEveryMs: config.REPLICA_CHECK_SECONDS * 1000,
    preparedStatements: config.PG_PREPARED_STATEMENTS,
    onChange: (serving, reason) => {
      if (serving) app.log.info({ reason }, 'read replica serving');
      else app.log.warn({ reason }, 'read replica not serving: reads go to the primary');
    },
  });
  replica.start();
  return replica;
}

/**
 * The demo studio mounted under /provider/demo (embedded mode, providers.md §1): its own SQLite file in
 * DATA_DIR, the same per-provider secrets as our wallet, and our own listen address as its wallet, so it
 * still reaches the wallet only by signed HTTP, never by a function call. Its routes are the studio's, not
 * ours: no XSRF check (its page API carries the studio's own bearer, not our cookie) and no session; the
 * rate limits count them in their own class (plugins/rate-limits.ts). Closed by `app.close()` after the
 * requests in flight, before server.ts closes our database; what its worker could not send stays in its
 * outbox for the next start.
 */
async function mountDemoStudio(
  app: FastifyInstance,
  deps: {
    config: Config;
    clock: Clock;
    secrets: readonly { code: string; secret: string | null }[];
  },
): Promise<void> {
  const { config } = deps;
  const studio = await createDemoProvider({
    database: { kind: 'sqlite', dataDir: config.DATA_DIR },
    secrets: Object.fromEntries(deps.secrets.flatMap((s) => (s.secret === null ? [] : [[s.code, s.secret]]))),
    // Read at each call: with PORT=0 the port is known only once the app listens.
    walletBaseUrl: () => config.WALLET_BASE_URL ?? `http://127.0.0.1:${listeningPort(app) ?? config.PORT}`,
    clock: () => deps.clock.nowMs(),
    frameAncestors: ["'self'", ...config.ALLOWED_ORIGINS],
    webDistDir: config.DEMO_PROVIDER_WEB_DIST_DIR,
  });
  app.addHook('onClose', () => studio.close());
  await app.register(
    async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, xsrf: false };
      });
      await scope.register(studio.plugin);
    },
    { prefix: '/provider/demo' },
  );
}

function listeningPort(app: FastifyInstance): number | undefined {
  const address = app.server.address();
  return address !== null && typeof address === 'object' ? address.port : undefined;
}
