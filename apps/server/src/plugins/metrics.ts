import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ErrorCode } from '@lotto59/contract';
import type {
  FastifyInstance,
  FastifyRequest,
  onErrorHookHandler,
  onResponseHookHandler,
  preSerializationHookHandler,
  RouteOptions,
} from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { toAppError } from '../errors/error-handler';

/** What the gauges read when Prometheus scrapes (nothing is counted on the hot path for them). */
export interface MetricsSources {
  /** Submissions waiting in (or being written by) the bets' group-commit queue. */
  writeQueueDepth(): number;
  /** Open WebSocket connections. */
  websocketConnections(): number;
  /** Feed lottery draws with no complete sheet 3 hours after their draw time (a database count). */
  lotteryFeedOverdueDraws(): Promise<number>;
  /** The read replica's state as its last check found it; absent without DATABASE_READ_URL. */
  replica?: (() => { isServing: boolean; lagSeconds: number | null }) | undefined;
}

/** Route pattern of a request that matched no route, so 404 scans cannot grow the label set. */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * The server's Prometheus series (docs/operations.md, "Metrics"), in a registry of their own so that
 * several apps in one process (tests) never share counters.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpRequestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status code.',
    labelNames: ['route', 'method', 'status_code'] as const,
    // From 1 ms (a cached read) to 10 s (a request that waited on a busy database).
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly betsPlaced = new Counter({
    name: 'bets_placed_total',
    help: 'Bets in the 2xx answers of the bet routes (a replayed Idempotency-Key is counted again).',
    registers: [this.registry],
  });
  readonly betsRefused = new Counter({
    name: 'bets_refused_total',
    help: 'Bet submissions refused, by error code.',
    labelNames: ['code'] as const,
    registers: [this.registry],
  });
  readonly walletCalls = new Counter({
    name: 'provider_wallet_calls_total',
    help: 'Signed seamless-wallet calls from providers, by provider, action and answered status.',
    labelNames: ['provider', 'action', 'status'] as const,
    registers: [this.registry],
  });
  readonly transfersParked = new Counter({
    name: 'provider_transfers_parked_total',
    help: 'Transfers to or from provider 4 still unresolved after 24 h (each one an operator alert).',
    registers: [this.registry],
  });
  readonly settlementDuration = new Histogram({
    name: 'settlement_duration_seconds',
    help: 'Time to settle one round (every bet, payout and jackpot share).',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });

  constructor(sources: MetricsSources) {
    new Gauge({
      name: 'write_queue_depth',
      help: 'Bet submissions waiting in the group-commit write queue.',
      registers: [this.registry],
      collect() {
        this.set(sources.writeQueueDepth());
      },
    });
    new Gauge({
      name: 'websocket_connections',
      help: 'Open WebSocket connections.',
      registers: [this.registry],
      collect() {
        this.set(sources.websocketConnections());
      },
    });
    new Gauge({
      name: 'lottery_feed_overdue_draws',
      help: 'Feed lottery draws with no complete result 3 hours or more after their draw time (alert on > 0).',
      registers: [this.registry],
      async collect() {
        this.set(await sources.lotteryFeedOverdueDraws());
      },
    });
    const { replica } = sources;
    if (replica) {
      new Gauge({
        name: 'replica_lag_seconds',
        help: 'How far the read replica was behind the primary at its last check (NaN: the check failed).',
        registers: [this.registry],
        collect() {
          this.set(replica().lagSeconds ?? Number.NaN);
        },
      });
      new Gauge({
        name: 'replica_serving',
        help: '1 while the read-only lists and reports read from the replica; 0 while they fall back to the primary.',
        registers: [this.registry],
        collect() {
          this.set(replica().isServing ? 1 : 0);
        },
      });
    }
    // Event-loop lag, heap, CPU, file descriptors, GC: prom-client's own process series.
    collectDefaultMetrics({ register: this.registry });
  }

  /** `fn` timed into `histogram` (settlement), whether it resolves or throws. */
  timed<A extends unknown[], R>(histogram: Histogram, fn: (...args: A) => Promise<R>) {
    return async (...args: A): Promise<R> => {
      const end = histogram.startTimer();
      try {
        return await fn(...args);
      } finally {
        end();
      }
    };
  }
}

export interface MetricsOptions {
  metrics: Metrics;
  /** The metrics port (0: any free one) and address; never the player port. */
  port: number;
  host: string;
  /** Route patterns of bet placement (POST), counted into bets_placed_total / bets_refused_total. */
  betRoutes: readonly string[];
}

/**
 * Instruments the app from outside its modules and serves `/metrics` on a port of its own, opened when
 * the app is ready (a port already taken stops the start) and closed with it. Call before the routes are registered (the bet routes get their
 * hooks as they are added). Per request: one histogram observation; the bet routes add a counter.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): { address(): string } {
  const { metrics } = options;
  const betRoutes = new Set(options.betRoutes);

  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpRequestDuration.observe(
      {
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        method: request.method,
        status_code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
    done();
  });

  // Bet counts: the answer's bets before serialisation (no parsing), the refusal's code from its error.
  const refusals = new WeakMap<FastifyRequest, ErrorCode>();
  // Callback hooks, not async ones: a promise per bet request is measurable (docs/performance.md).
  const countPlaced: preSerializationHookHandler<unknown> = (_request, reply, payload, done) => {
    const bets = (payload as { data?: { bets?: unknown[] } } | null)?.data?.bets;
    if (reply.statusCode < 300 && Array.isArray(bets)) metrics.betsPlaced.inc(bets.length);
    done(null, payload);
  };
  const noteRefusal: onErrorHookHandler = (request, _reply, error, done) => {
    refusals.set(request, toAppError(error).code);
    done();
  };
  const countRefused: onResponseHookHandler = (request, reply, done) => {
    if (reply.statusCode >= 400) metrics.betsRefused.inc({ code: refusals.get(request) ?? 'UNKNOWN' });
    done();
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!betRoutes.has(route.url) || !methods.includes('POST')) return;
    route.preSerialization = [...hooksOf(route.preSerialization), countPlaced];
    route.onError = [...hooksOf(route.onError), noteRefusal];
    route.onResponse = [...hooksOf(route.onResponse), countRefused];
  });

  let server: Server | undefined;
  app.addHook('onReady', async () => {
    server = createServer((req, res) => {
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
        return;
      }
      metrics.registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics collection failed');
          res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics collection failed\n');
        },
      );
    });
    const listening = server;
    await new Promise<void>((resolve, reject) => {
      listening.once('error', reject);
      listening.listen(options.port, options.host, () => resolve());
    });
    app.log.info({ address: address() }, 'metrics listening');
  });
  app.addHook('onClose', async () => {
    const closing = server;
    if (!closing) return;
    const closed = new Promise<void>((resolve) => closing.close(() => resolve()));
    closing.closeAllConnections(); // a scraper's keep-alive connection must not hold the shutdown
    await closed;
  });

  const address = () => {
    const a = server?.address() as AddressInfo | null | undefined;
    return a ? `http://${a.family === 'IPv6' ? `[${a.address}]` : a.address}:${a.port}` : '';
  };
  return { address };
}

/** A route's hooks of one kind as a list (Fastify accepts one function or an array). */
function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
