import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { AppError } from '../errors/app-error';
import { failFastOnceConnected } from '../platform/redis-fail-fast';
import { registerRefusalLimit } from './refusal-limit';
import type { SocketLimits } from './realtime/websocket';

/**
 * The classes of route, each with its own budget per window. A request is counted once, in its route's
 * class, under its player when the session is known (player routes) and under its address otherwise.
 */
export const LIMIT_CLASSES = [
  /** Anonymous GETs that are not the API: health, OpenAPI document, static files, unknown paths. */
  'public',
  'csrf',
  'login',
  'analytics',
  'bets',
  /** Every other GET of the API. */
  'reads',
  /** Every other state change: logout, password change, pool switch. */
  'writes',
  /** WebSocket upgrades (`/ws`). */
  'sockets',
  /** The providers' signed wallet calls (`/wallet/…`), counted per provider (the path's `:provider`). */
  'wallet',
  /**
   * The mounted demo studio (`/provider/demo/…`): its pages and its page API, called by players' browsers
   * with the studio's own bearer, so anonymous to this server and counted per address.
   */
  'studio',
] as const;
export type LimitClass = (typeof LIMIT_CLASSES)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set for every route by the table below (`onRoute`); never set by a route file. */
    limitClass?: LimitClass;
  }
}

/** The one place that sorts routes into classes: first match wins; the fallback is by method. */
const ROUTE_CLASSES: readonly { url: string; methods?: readonly string[]; limitClass: LimitClass }[] = [
  { url: '/sanctum/csrf-cookie', limitClass: 'csrf' },
  { url: '/login', methods: ['POST'], limitClass: 'login' },
  { url: '/api/analytics/events', limitClass: 'analytics' },
  { url: '/api/bet', methods: ['POST'], limitClass: 'bets' },
  { url: '/api/bet/jackpot', methods: ['POST'], limitClass: 'bets' },
  { url: '/api/lottery/ticket/bet', methods: ['POST'], limitClass: 'bets' },
  { url: '/ws', limitClass: 'sockets' },
  { url: '/wallet/:provider/:action', limitClass: 'wallet' },
];

/** Routes under it belong to the mounted demo studio (app.ts), not to this server. */
export const STUDIO_PREFIX = '/provider/demo/';

/** The route whose calls come from a provider's server, not from a browser. */
const WALLET_ROUTE = '/wallet/:provider/:action';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function limitClassOf(method: string, url: string): LimitClass {
  const row = ROUTE_CLASSES.find((r) => r.url === url && (!r.methods || r.methods.includes(method)));
  if (row) return row.limitClass;
  if (url.startsWith(STUDIO_PREFIX)) return 'studio';
  if (!READ_METHODS.has(method)) return 'writes';
  return url.startsWith('/api/') ? 'reads' : 'public';
}

/**
 * Body size caps: 16 KiB for every JSON body (the app's default), more only where the contract allows a
 * larger one. A route may also set its own `bodyLimit` (analytics sizes it to its batch schema).
 */
export const DEFAULT_BODY_LIMIT_BYTES = 16 * 1024;
const ROUTE_BODY_LIMITS: Readonly<Record<string, number>> = {
  // 50 items (BET_ITEMS_MAX) of up to 400 characters of numbers each: about 27 KB at the most.
  '/api/bet': 32 * 1024,
  // A provider's `meta` (a baccarat round's cards, a parlay's legs) is small, but not the app's smallest.
  [WALLET_ROUTE]: 32 * 1024,
  // A lottery ticket: up to 50 items (LOTTERY_MAX_ITEMS_PER_TICKET) whose numbers an agent may type out
  // one by one (a 3D item holds up to 1000 numbers).
  '/api/lottery/ticket/bet': 64 * 1024,
};

type ClassLimits = Readonly<Record<LimitClass, { max: number; timeWindowMs: number }>>;

/** The classes' budgets from the configuration, each multiplied by RATE_LIMIT_SCALE. */
export function classLimitsFrom(config: Config): ClassLimits {
  const perWindow: Record<LimitClass, number> = {
    public: config.RATE_LIMIT_PUBLIC,
    csrf: config.RATE_LIMIT_CSRF,
    login: config.RATE_LIMIT_LOGIN,
    analytics: config.RATE_LIMIT_ANALYTICS,
    bets: config.RATE_LIMIT_BETS,
    reads: config.RATE_LIMIT_READS,
    writes: config.RATE_LIMIT_WRITES,
    sockets: config.RATE_LIMIT_SOCKETS,
    wallet: config.RATE_LIMIT_WALLET,
    studio: config.RATE_LIMIT_STUDIO,
  };
  const timeWindowMs = Math.round(config.RATE_LIMIT_WINDOW_SECONDS * 1000);
  const entries = LIMIT_CLASSES.map((c) => [
    c,
    { max: Math.max(1, Math.floor(perWindow[c] * config.RATE_LIMIT_SCALE)), timeWindowMs },
  ]);
  return Object.fromEntries(entries) as ClassLimits;
}

/** The WebSocket caps and fan-out slice; the sockets per player scale with RATE_LIMIT_SCALE like the rate limits. */
export function socketLimitsFrom(config: Config): SocketLimits {
  return {
    maxSocketsPerPlayer: Math.max(1, Math.floor(config.WS_MAX_SOCKETS_PER_PLAYER * config.RATE_LIMIT_SCALE)),
    maxBufferedBytes: config.WS_MAX_BUFFERED_BYTES,
    fanOutSliceSockets: config.WS_FAN_OUT_SLICE_SOCKETS,
  };
}

/** Counters the in-process store keeps (least recently used dropped first): about 100 bytes each. */
const LOCAL_COUNTERS_MAX = 100_000;
/** A Redis that does not answer in time lets the request through rather than hold it. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

const classOf = (request: FastifyRequest): LimitClass => request.routeOptions.config.limitClass ?? 'public';
/** The path's provider code, bounded so that a stranger's paths cannot grow the counters without end. */
const providerOf = (request: FastifyRequest): string =>
  String((request.params as { provider?: unknown } | undefined)?.provider ?? '').slice(0, 16);

/**
 * Rate limits on every route (@fastify/rate-limit), in this process or, with REDIS_URL, in Redis so that
 * every process counts the same requests. The limiter runs as the last `onRequest` hook of each route,
 * after the session check, so a player route counts per player (players behind one address do not share
 * a budget) and an anonymous route per address (IPv6 by /64). Past the budget: 429 `RATE_LIMITED` with
 * `Retry-After`. A route that answers before the limiter (401 of the session check, 419 of the XSRF
 * check) is counted instead by the refusal budget per address (`refusal-limit.ts`), which runs first.
 * Register before any route.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  config: Config,
): Promise<{ notFoundPreHandler: preHandlerAsyncHookHandler }> {
  const limits = classLimitsFrom(config);
  const limitsOfKey = (key: string) => limits[key.slice(0, key.indexOf(':')) as LimitClass];

  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    route.config = { ...route.config, limitClass: limitClassOf(methods[0] ?? 'GET', route.url) };
    const bodyLimit = ROUTE_BODY_LIMITS[route.url];
    if (route.bodyLimit === undefined && bodyLimit !== undefined) route.bodyLimit = bodyLimit;
  });

  let redis: Redis | undefined;
  if (config.REDIS_URL) {
    // Redis away: a count fails at once and the request goes on (skipOnError below), instead of every
    // request waiting out the command timeout in the offline queue (decision 0030).
    redis = failFastOnceConnected(
      new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, commandTimeout: REDIS_COMMAND_TIMEOUT_MS }),
    );
    const client = redis;
    client.on('error', (error: Error) => app.log.warn({ err: error }, 'rate limit store: Redis error'));
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
  }

  registerRefusalLimit(
    app,
    {
      max: Math.max(1, Math.floor(config.RATE_LIMIT_REFUSALS * config.RATE_LIMIT_SCALE)),
      timeWindowMs: Math.round(config.RATE_LIMIT_WINDOW_SECONDS * 1000),
    },
    { redis, redisPrefix: config.RATE_LIMIT_REDIS_PREFIX, maxLocalKeys: LOCAL_COUNTERS_MAX },
  );

  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    ...(redis ? { redis, nameSpace: config.RATE_LIMIT_REDIS_PREFIX } : { cache: LOCAL_COUNTERS_MAX }),
    // Counting must never take the site down: if Redis fails, the request goes on (and is logged above).
    skipOnError: true,
    keyGenerator: (request) => {
      const limitClass = classOf(request);
      // A studio calls from a few addresses for all its players: its budget is the provider's own.
      if (limitClass === 'wallet') return `wallet:v:${providerOf(request)}`;
      const who = request.auth ? `p:${request.auth.playerId}` : `a:${normalizeIP(request.ip)}`;
      return `${limitClass}:${who}`;
    },
    // The key starts with the class (above); reading it back spares building `routeOptions` again.
    max: (_request, key) => limitsOfKey(key).max,
    timeWindow: (_request, key) => limitsOfKey(key).timeWindowMs,
    // Only the refusal carries the counters; answers below the limit stay as they were.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) => {
      // The plugin's context carries the window's remaining time (`ttl`, ms) besides what its types list.
      const { ttl } = context as typeof context & { ttl: number };
      const retryAfterSeconds = Math.max(1, Math.ceil(ttl / 1000));
      return new AppError('RATE_LIMITED', undefined, {
        headers: { 'retry-after': String(retryAfterSeconds) },
      });
    },
  });

  // Unknown paths (and the web app's HTML fallback) have no route: the not-found handler runs this hook
  // (a not-found handler takes no `onRequest`), which counts them as `public`.
  return { notFoundPreHandler: app.rateLimit() };
}
