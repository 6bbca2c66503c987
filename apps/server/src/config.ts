import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  DEFAULT_BET_LIMITS,
  DEFAULT_FAST_TN_CUTOFF_SECONDS,
  DEFAULT_JACKPOT_RULES,
  DEFAULT_LOTTERY_LIMITS,
  DEFAULT_LOTTERY_PRICING,
  DEFAULT_RATES_HUNDREDTHS,
} from '@lotto59/domain';

/**
 * The environment, parsed once and frozen. Every variable is listed in docs/operations.md with its default.
 * A bad value stops the process with every problem listed at once.
 */
const seconds = (fallback: number) => z.coerce.number().positive().max(86_400).default(fallback);
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1');

/** `https://host[:port]` exactly as a browser sends it in `Origin` (no path, no trailing slash). */
const isOrigin = (value: string) => URL.canParse(value) && new URL(value).origin === value;

const count = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);
const riel = (fallback: number) => count(1, 1_000_000_000_000, fallback);
/** `9.20` → 920 hundredths, parsed from the text so that no float ever touches a rate. */
const rate = (fallbackHundredths: number) =>
  z
    .string()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, 'a rate such as 9.20 (two decimals at most)')
    .default((fallbackHundredths / 100).toFixed(2))
    .transform((text) => {
      const [whole = '0', fraction = ''] = text.split('.');
      return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
    });

/** A provider's HMAC secret when set: exactly 64 hex characters (32 bytes), or the start is refused. */
const providerSecret = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, 'a secret of exactly 64 hex characters')
  .transform((v) => v.toLowerCase())
  .optional();
/** A published percentage with two decimals, kept as text so that it is shown exactly as configured. */
const percent = (fallback: string) =>
  z
    .string()
    .regex(/^\d{1,3}\.\d{2}$/, 'a percentage with two decimals, e.g. 96.60')
    .default(fallback);

/**
 * How long a silent scheduler lease holder keeps the lease (SCHEDULER_LEASE_SECONDS): issue 15's bound on a
 * failover, which the cluster test holds the heir to.
 */
export const DEFAULT_SCHEDULER_LEASE_SECONDS = 10;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /**
   * A streaming replica of DATABASE_URL (server mode only): the read-only lists and reports read from it
   * (docs/decisions/0029-read-replica.md). Unset: every query runs on DATABASE_URL.
   */
  DATABASE_READ_URL: z
    .string()
    .url()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), 'a PostgreSQL URL (postgres://…)')
    .optional(),
  /** After a player's own write, their reads go to the primary for this long (read-your-writes). */
  READ_YOUR_WRITES_SECONDS: seconds(60),
  /** The replica serves only while it is at most this far behind the primary; else reads fall back. */
  REPLICA_MAX_LAG_SECONDS: z.coerce.number().positive().max(3600).default(5),
  /** How often each process measures the replica's lag (never per request). */
  REPLICA_CHECK_SECONDS: z.coerce.number().min(0.05).max(60).default(1),
  /**
   * PostgreSQL connections each process may open (server mode); deployments size it so that all processes
   * together stay under the server's max_connections (docs/deploy-sizing.md).
   */
  PG_POOL_MAX: count(1, 1000, 20),
  /**
   * How long a request may wait for a PostgreSQL connection (a new one, or a free one in the pool) before it
   * fails with 503 DATABASE_UNAVAILABLE: a database that is down never holds a request past a client's timeout
   * (docs/decisions/0030-server-mode-failure-behaviour.md).
   */
  PG_CONNECT_TIMEOUT_MS: count(100, 120_000, 5_000),
  /**
   * PostgreSQL's statement_timeout on the server's connections (0: none); the driver gives up 2 s later on a
   * server that answers nothing. Migrations run without it.
   */
  PG_STATEMENT_TIMEOUT_MS: count(0, 3_600_000, 20_000),
  /**
   * Queries with parameters sent as named statements, parsed once per connection (db/prepared-statements.ts).
   * Turn off behind a transaction-pooling proxy that does not carry prepared statements (PgBouncer < 1.21).
   */
  PG_PREPARED_STATEMENTS: flag(true),
  /** Prefix of the recent-writer marks in Redis (with REDIS_URL and DATABASE_READ_URL). */
  READ_YOUR_WRITES_REDIS_PREFIX: z.string().min(1).max(100).default('lotto59:writer:'),
  REDIS_URL: z.string().url().optional(),
  /**
   * The pub/sub channel of the live events (with REDIS_URL). Each deployment sharing one Redis needs its own:
   * the events address players by id, and another deployment's player 7 is not ours.
   */
  REDIS_EVENTS_CHANNEL: z.string().min(1).max(100).default('lotto59:events'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** A request slower than this gets one log line (requests are otherwise not logged one by one). */
  SLOW_REQUEST_MS: count(1, 600_000, 1000),
  /** How long SIGTERM/SIGINT may take to drain and close before the process gives up and exits 1. */
  SHUTDOWN_TIMEOUT_SECONDS: seconds(10),
  /**
   * After SIGTERM, how long /healthz answers 503 while every other route still serves, so that a load
   * balancer checking it stops sending here before the port closes (the cluster command sets 2).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(60).default(0),
  /** The name in every answer's `x-served-by` and in `ops cluster status`; default `<hostname>:<pid>`. */
  SERVED_BY: z
    .string()
    .regex(/^[\w.:@-]{1,100}$/, 'letters, digits and . : @ - _ (at most 100)')
    .default(`${hostname()}:${process.pid}`),
  /** How often each process writes its heartbeat row (`ops cluster status`). */
  CLUSTER_HEARTBEAT_SECONDS: seconds(2),
  /** Prometheus `/metrics` on its own port, bound to HOST (0: any free port); off when unset. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  TIME_ZONE: z.string().min(1).default('Asia/Phnom_Penh'),
  /** The built web app served on the API's origin; defaults to this repository's apps/web/dist. */
  WEB_DIST_DIR: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
  /** Set when behind a load balancer, so `request.ip` is the player's address (login throttling). */
  TRUST_PROXY: flag(false),
  /**
   * Origins besides the server's own whose pages may open `/ws` (comma-separated, `https://host[:port]`),
   * e.g. a web app served from another host. A socket from any other origin gets 403.
   */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .pipe(z.array(z.string().refine(isOrigin, 'an origin: scheme://host[:port], no path or slash'))),
  /**
   * Origins of provider studios whose game pages the web app may frame (comma-separated,
   * `https://host[:port]`): exactly these join `'self'` in the CSP `frame-src`. Empty by default, since
   * the demo provider is served by this server under `/provider/demo/`.
   */
  PROVIDER_ORIGINS: z
    .string()
    .default('')
    .transform((text) =>
      text
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== ''),
    )
    .pipe(
      z.array(
        z
          .string()
          // Exact origins: a wildcard would let any page of a whole domain into the game frame.
          .refine(
            (o) => isOrigin(o) && !o.includes('*'),
            'an exact origin: scheme://host[:port], no wildcard',
          ),
      ),
    ),

  DEMO_USERNAME: z.string().min(3).max(32).default('demo'),
  DEMO_PASSWORD: z.string().min(8).max(64).default('demo1234'),
  DEMO_BALANCE: z.coerce.number().int().min(0).max(1_000_000_000_000).default(1_000_000),

  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 24)
    .default(12),
  /**
   * How long a process may reuse a session lookup. Ending a session takes effect at once in its own
   * process; another process (server mode) follows within this time. 0 turns the cache off.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(2),
  /** Responsible gaming: hours a raise or removal of a limit waits before it can be confirmed (spec §1). */
  RG_COOLING_OFF_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  COOKIE_SECURE: flag(false),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(20),
  LOGIN_THROTTLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  MAINTENANCE_REFRESH_SECONDS: seconds(2),
  /**
   * Money writes (stakes) accepted and not yet answered, at most; past it a request gets 503 BUSY with
   * `Retry-After` at once. Far above what a real load queues (a batch is a few hundred submissions).
   */
  WRITE_QUEUE_MAX_DEPTH: count(1, 1_000_000, 10_000),
  /**
   * PostgreSQL: stake batches sent before the one before has answered (docs/performance.md measures 1
   * against 2). Each waits for the house row the one before holds until its commit, so more than 2 only
   * makes the batches smaller.
   */
  PG_STAKE_BATCHES_IN_FLIGHT: count(1, 4, 1),
  /** Cost of argon2id. The defaults meet OWASP (m ≥ 19 MiB, t ≥ 2, p = 1); tests may lower them. */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).max(1_048_576).default(19_456),
  ARGON2_TIME_COST: z.coerce.number().int().min(1).max(10).default(2),

  LOTTO_OPEN_SECONDS_POLL_1: seconds(180),
  LOTTO_OPEN_SECONDS_POLL_2: seconds(60),
  LOTTO_RELEASE_DELAY_SECONDS: seconds(1),
  LOTTO_RELEASE_BALL_SECONDS: seconds(5),
  LOTTO_RELEASE_TOTAL_SECONDS: seconds(65),
  /** Off in tests (they call `scheduler.tick()`) and in processes that must never draw. */
  LOTTO_SCHEDULER: flag(true),
  LOTTO_TICK_MS: count(10, 60_000, 200),
  /**
   * The schedulers' leases on PostgreSQL (docs/decisions/0037-scheduler-lease-seconds.md): a holder that stops
   * talking to the database (frozen, cut off) loses its lease after this long and another process takes over.
   * Ignored in embedded mode (one process).
   */
  SCHEDULER_LEASE_SECONDS: count(2, 3600, DEFAULT_SCHEDULER_LEASE_SECONDS),
  BET_MIN_RIEL: riel(DEFAULT_BET_LIMITS.minRiel),
  BET_MAX_RIEL: riel(DEFAULT_BET_LIMITS.maxRiel),
  /** Rates with two decimals, stake included (seed §9): `9.20`. Read as exact hundredths. */
  LOTTO_RATE_RANGE_1: rate(DEFAULT_RATES_HUNDREDTHS.RANGE_1),
  LOTTO_RATE_RANGE_2: rate(DEFAULT_RATES_HUNDREDTHS.RANGE_2),
  LOTTO_RATE_RANGE_3: rate(DEFAULT_RATES_HUNDREDTHS.RANGE_3),
  LOTTO_RATE_RANGE_4: rate(DEFAULT_RATES_HUNDREDTHS.RANGE_4),
  LOTTO_RATE_RANGE_5: rate(DEFAULT_RATES_HUNDREDTHS.RANGE_5),
  LOTTO_RATE_RANGE_6: rate(DEFAULT_RATES_HUNDREDTHS.RANGE_6),
  LOTTO_RATE_RANGE_7: rate(DEFAULT_RATES_HUNDREDTHS.RANGE_7),
  LOTTO_RATE_NUMBER: rate(DEFAULT_RATES_HUNDREDTHS.NUMBER),
  JACKPOT_STAKE_RIEL: riel(DEFAULT_JACKPOT_RULES.stakeRiel),
  JACKPOT_TIER3_MULTIPLIER: count(0, 10_000, DEFAULT_JACKPOT_RULES.tier3Multiplier),
  JACKPOT_TIER2_MULTIPLIER: count(0, 100_000, DEFAULT_JACKPOT_RULES.tier2Multiplier),
  JACKPOT_POOL_SEED_RIEL: riel(DEFAULT_JACKPOT_RULES.poolSeedRiel),
  JACKPOT_POOL_SHARE_PERCENT: count(0, 100, DEFAULT_JACKPOT_RULES.poolSharePercent),
  JACKPOT_LINES_PER_ROUND_MAX: count(1, 1000, DEFAULT_JACKPOT_RULES.linesPerPlayerRoundMax),

  /*
   * The ticket lottery (lottery.md §1, §4, §5, §7); modules/lottery/lottery.settings.ts reads these. Its draw
   * worker runs when LOTTO_SCHEDULER is on, on the one process that holds the scheduler lease.
   */
  /** JSON array of `{code, type, layout, drawTime, cutoffMinutes, weekdays}`; the §1 defaults when unset. */
  LOTTERY_SCHEDULE: z.string().max(100_000).optional(),
  /** Tests and demos: a TN draw every that many seconds (decimals allowed) instead of TN's hourly draws. */
  LOTTERY_TN_EVERY_SECONDS: z.coerce.number().positive().max(86_400).optional(),
  LOTTERY_TN_CUTOFF_SECONDS: z.coerce.number().min(0).max(86_400).default(DEFAULT_FAST_TN_CUTOFF_SECONDS),
  /** How far ahead draw rows (with their committed seed hash) are created. */
  LOTTERY_AHEAD_HOURS: count(1, 24 * 14, 48),
  LOTTERY_PRICE_2D: count(1, 1_000_000, DEFAULT_LOTTERY_PRICING.price['2D']),
  LOTTERY_PRICE_3D: count(1, 1_000_000, DEFAULT_LOTTERY_PRICING.price['3D']),
  LOTTERY_RATE: count(1, 100, DEFAULT_LOTTERY_PRICING.rate),
  LOTTERY_MIN_AMOUNT: riel(DEFAULT_LOTTERY_LIMITS.minAmount),
  LOTTERY_MAX_AMOUNT_2D: riel(DEFAULT_LOTTERY_LIMITS.maxAmount['2D']),
  LOTTERY_MAX_AMOUNT_3D: riel(DEFAULT_LOTTERY_LIMITS.maxAmount['3D']),
  LOTTERY_MAX_FACE_PER_NUMBER_2D: riel(DEFAULT_LOTTERY_LIMITS.maxFacePerNumber['2D']),
  LOTTERY_MAX_FACE_PER_NUMBER_3D: riel(DEFAULT_LOTTERY_LIMITS.maxFacePerNumber['3D']),
  LOTTERY_MAX_NUMBERS_PER_ITEM_2D: count(1, 100, DEFAULT_LOTTERY_LIMITS.maxNumbersPerItem['2D']),
  LOTTERY_MAX_NUMBERS_PER_ITEM_3D: count(1, 1000, DEFAULT_LOTTERY_LIMITS.maxNumbersPerItem['3D']),
  LOTTERY_MAX_ITEMS_PER_TICKET: count(1, 500, DEFAULT_LOTTERY_LIMITS.maxItemsPerTicket),
  /** JSON object: draw code prefix → URL of its official result feed (e.g. `{"VN-S":"https://…"}`). */
  LOTTERY_FEED_URL: z.string().max(10_000).optional(),
  LOTTERY_FEED_CONFIRM_MINUTES: count(0, 24 * 60, 10),
  LOTTERY_FEED_POLL_SECONDS: seconds(30),

  /**
   * Rate limits (plugins/rate-limits.ts): requests per RATE_LIMIT_WINDOW_SECONDS for each class of route,
   * counted per player on player routes and per address elsewhere. RATE_LIMIT_SCALE multiplies every one
   * (and the sockets per player), for benchmarks and load tests that drive one player harder than a person can.
   */
  RATE_LIMIT_SCALE: z.coerce.number().min(0.001).max(1_000_000).default(1),
  RATE_LIMIT_WINDOW_SECONDS: seconds(60),
  RATE_LIMIT_PUBLIC: count(1, 1_000_000, 2400),
  RATE_LIMIT_CSRF: count(1, 1_000_000, 120),
  RATE_LIMIT_LOGIN: count(1, 1_000_000, 60),
  RATE_LIMIT_ANALYTICS: count(1, 1_000_000, 240),
  RATE_LIMIT_BETS: count(1, 1_000_000, 120),
  RATE_LIMIT_READS: count(1, 1_000_000, 600),
  RATE_LIMIT_WRITES: count(1, 1_000_000, 60),
  RATE_LIMIT_SOCKETS: count(1, 1_000_000, 30),
  /** Requests refused by the session or XSRF check (401, 419) per address, before the address gets 429. */
  RATE_LIMIT_REFUSALS: count(1, 1_000_000, 300),
  /** Signed wallet calls (`/wallet/…`) per provider and window: generous, a studio serves many players. */
  RATE_LIMIT_WALLET: count(1, 10_000_000, 60_000),
  /** Prefix of the counters in Redis (with REDIS_URL), so several deployments can share one Redis. */
  RATE_LIMIT_REDIS_PREFIX: z.string().min(1).max(100).default('lotto59:rate:'),
  /** Live sockets one player may hold in one process (times RATE_LIMIT_SCALE); the next is refused. */
  WS_MAX_SOCKETS_PER_PLAYER: count(1, 10_000, 10),
  /** Unsent bytes a socket may queue; past it the socket is closed as a slow consumer. */
  WS_MAX_BUFFERED_BYTES: count(1024, 64 * 1024 * 1024, 256 * 1024),
  /**
   * Sockets one live event is written to in one turn of the event loop, at most (a turn also ends after
   * 4 ms): the loop serves requests between turns instead of being held for the whole fan-out.
   */
  WS_FAN_OUT_SLICE_SOCKETS: count(1, 1_000_000, 1_000),

  /**
   * Provider games (providers.md §2, §3, §5). One HMAC secret per provider, 64 hex characters; when unset
   * in embedded mode one is generated at first start and kept in DATA_DIR/provider-secrets.json.
   */
  /**
   * The sealed ledger (docs/ledger-seal.md, decision 0048): a seal of the transfers committed since the last one
   * every this many seconds, by the holder of the `ledger-seal` lease; 0 turns sealing off in this process.
   */
  LEDGER_SEAL_SECONDS: count(0, 3600, 5),
  /**
   * The Ed25519 private key seals are signed with: its 32-byte seed as 64 hex characters. When unset, embedded
   * mode makes one at first start and keeps it in DATA_DIR/ledger-seal-key.json; server mode (several
   * processes) must set it, or no process seals.
   */
  LEDGER_SEAL_KEY: providerSecret,
  PROVIDER_2_SECRET: providerSecret,
  PROVIDER_3_SECRET: providerSecret,
  PROVIDER_4_SECRET: providerSecret,
  PROVIDER_5_SECRET: providerSecret,
  PROVIDER_SPORT_SECRET: providerSecret,
  /**
   * Web push (decision 0051). The VAPID key pair, base64url (a P-256 public key of 65 bytes, its private
   * key of 32): when unset in embedded mode a pair is made at first start and kept in
   * DATA_DIR/vapid-keys.json; in server mode without them push is off (every process must sign with the
   * same pair, so none may make its own). VAPID_SUBJECT is the contact the push services see.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, '65 bytes, base64url')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, '32 bytes, base64url')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'a mailto: or https: URL')
    .default('mailto:operator@lotto59.invalid'),
  /**
   * The hosts a push subscription's endpoint may name (a `*.` entry: any sub-domain). The server POSTs to
   * what a browser sent, so anything else is refused (no request to an address a player chose).
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .default(
      'fcm.googleapis.com,updates.push.services.mozilla.com,*.push.services.mozilla.com,*.notify.windows.com,*.push.apple.com',
    )
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter((h) => h !== ''),
    ),
  /** Tests only (a local push endpoint on plain HTTP): endpoints may be http://. Refused in production. */
  PUSH_INSECURE_ENDPOINTS: flag(false),
  /** The largest stake one provider `bet` may take (RS_ERROR_LIMIT_REACHED above it). */
  PROVIDER_MAX_BET: riel(5_000_000),
  /** Where the demo provider's game pages are: same origin (embedded) by default, or another host. */
  PROVIDER_DEMO_URL: z
    .string()
    .min(1)
    .default('/provider/demo')
    .refine((v) => !v.endsWith('/'), 'no trailing slash')
    .refine((v) => v.startsWith('/') || URL.canParse(v), 'a path (/provider/demo) or a URL'),
  /**
   * The demo studio (apps/demo-provider): `embedded` mounts it under /provider/demo in this process in
   * embedded mode (SQLite); `off` leaves it out (server mode always does: run it as its own process).
   */
  DEMO_PROVIDER: z.enum(['embedded', 'off']).default('embedded'),
  /** Where the embedded studio sends its signed wallet calls; default this server's own listen address. */
  WALLET_BASE_URL: z
    .string()
    .url()
    .refine((v) => !v.endsWith('/'), 'no trailing slash')
    .optional(),
  /** The studio's built game pages; defaults to this repository's apps/demo-provider/web/dist. */
  DEMO_PROVIDER_WEB_DIST_DIR: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('../../demo-provider/web/dist', import.meta.url))),
  /**
   * The studio's own PostgreSQL (server mode, the studio in its own process), read by `ops providers
   * stuck|resolve` only; the same variables the studio's src/main.ts reads. Embedded: its file in DATA_DIR.
   */
  DEMO_PROVIDER_DATABASE_URL: z.string().url().optional(),
  DEMO_PROVIDER_DB_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/)
    .optional(),
  /** Requests to the studio's pages and page API (anonymous to this server) per address and window. */
  RATE_LIMIT_STUDIO: count(1, 1_000_000, 1200),
  /** Published RTP of the demo slot, shown in the slot list and by `ops providers rtp` (configuration). */
  PROVIDER_SLOT_RTP: percent('96.60'),
  /** Published RTP of the demo fishing game (configuration). */
  PROVIDER_FISHING_RTP: percent('96.00'),
  /** How long a call to the studio's transfer endpoints may take before its outcome is unknown (§4). */
  PROVIDER_TRANSFER_TIMEOUT_MS: count(100, 60_000, 5_000),
  /** A fishing session with no activity for this long is closed by the server (providers.md §4). */
  FISHING_IDLE_MINUTES: count(1, 24 * 60, 30),
  /**
   * Tests only (test/transfer-crash.test.ts): `kill-after-ledger` SIGKILLs the process between a transfer's
   * ledger move and its call to the provider. Refused in production.
   */
  TRANSFER_FAULT: z.enum(['kill-after-ledger']).optional(),
  /**
   * Tests only (e2e/fishing-live.spec.ts): for this long after a transfer's deposit or withdraw call, the
   * provider's answers about it (that call's, then `status`) are dropped as lost, after the provider acted on
   * the call; the transfer is UNKNOWN and `is_loading` 1 until the worker's `status` gets through. 0 (the
   * default) is off. Refused in production.
   */
  TRANSFER_FAULT_LOSE_ANSWERS_MS: count(0, 600_000, 0),
});

export type Config = Readonly<
  Omit<z.infer<typeof envSchema>, 'DATA_DIR'> & {
    DATA_DIR: string;
    /** Embedded: one process, SQLite under DATA_DIR. Server: PostgreSQL at DATABASE_URL. */
    mode: 'embedded' | 'server';
  }
>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "not set", as they do in most shells and .env files.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid environment:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.DATABASE_READ_URL !== undefined && c.DATABASE_URL === undefined) {
    throw new ConfigError(
      'invalid environment:\n  DATABASE_READ_URL: a read replica needs DATABASE_URL (server mode, PostgreSQL); ' +
        "embedded mode's SQLite has no replica",
    );
  }
  if (c.PUSH_INSECURE_ENDPOINTS && c.NODE_ENV === 'production') {
    throw new ConfigError(
      'invalid environment:\n  PUSH_INSECURE_ENDPOINTS: test-only, refused in production',
    );
  }
  if ((c.VAPID_PUBLIC_KEY === undefined) !== (c.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError('invalid environment:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  }
  if (c.TRANSFER_FAULT !== undefined && c.NODE_ENV === 'production') {
    throw new ConfigError('invalid environment:\n  TRANSFER_FAULT: a test-only fault, refused in production');
  }
  if (c.TRANSFER_FAULT_LOSE_ANSWERS_MS > 0 && c.NODE_ENV === 'production') {
    throw new ConfigError(
      'invalid environment:\n  TRANSFER_FAULT_LOSE_ANSWERS_MS: a test-only fault, refused in production',
    );
  }
  if (c.LOTTO_TICK_MS > c.SCHEDULER_LEASE_SECONDS * 500) {
    // A process tries to take a free lease at its tick: slower than half a lease, a failover takes longer
    // than SCHEDULER_LEASE_SECONDS promises.
    throw new ConfigError(
      `invalid environment:\n  LOTTO_TICK_MS: at most half of SCHEDULER_LEASE_SECONDS (${c.SCHEDULER_LEASE_SECONDS * 500} ms)`,
    );
  }
  return Object.freeze({
    ...c,
    // npm runs workspace scripts inside the workspace; relative paths mean "from where you ran npm".
    DATA_DIR: resolve(env.INIT_CWD ?? process.cwd(), c.DATA_DIR),
    mode: c.DATABASE_URL ? 'server' : 'embedded',
  });
}
