import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_BET_LIMITS, DEFAULT_JACKPOT_RULES, DEFAULT_RATES_HUNDREDTHS } from '@lotto59/domain';

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

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TIME_ZONE: z.string().min(1).default('Asia/Phnom_Penh'),
  /** The built web app served on the API's origin; defaults to this repository's apps/web/dist. */
  WEB_DIST_DIR: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
  /** Set when behind a load balancer, so `request.ip` is the player's address (login throttling). */
  TRUST_PROXY: flag(false),

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
  return Object.freeze({
    ...c,
    // npm runs workspace scripts inside the workspace; relative paths mean "from where you ran npm".
    DATA_DIR: resolve(env.INIT_CWD ?? process.cwd(), c.DATA_DIR),
    mode: c.DATABASE_URL ? 'server' : 'embedded',
  });
}
