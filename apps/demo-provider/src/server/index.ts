import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { openDemoProviderDb, type DemoProviderDatabaseOptions } from '../db/open';
import { DEFAULT_RETRY, type FaultPoint, type RetryOptions, type StudioContext } from '../play/context';
import { settleIdleMagazines } from '../fishing/play';
import { attemptOutbox, drainOutbox } from '../round/outbox';
import { recoverRounds } from '../round/recovery';
import { outboxById, parkedOutbox, type OutboxEntry } from '../round/store';
import { sportTick, type SportTick } from '../sport';
import { voidFixtureAudited, type VoidOutcome } from '../sport/fixtures';
import { DEFAULT_SPORT_SETTINGS, type SportSettings, sportSettingsFromEnv } from '../sport/settings';
import { isProviderSecret } from '../wallet/signing';
import { WalletClient } from '../wallet/wallet-client';
import { API_HEADERS, checkFrameAncestors, pageHeaders } from './headers';
import { registerPages } from './pages';
import { registerGameRoutes } from './routes';
import { transferRoutes } from '../transfer/routes';

/*
 * The demo studio as a Fastify plugin: mount it under `/provider/demo` in the casino's server (embedded mode)
 * or in its own process (src/main.ts). Either way it reaches the wallet only by signed HTTP.
 */

export type DemoProviderCode = '2' | '3' | '4' | '5' | 'sport';

export interface DemoProviderOptions {
  database: DemoProviderDatabaseOptions;
  /** One 64-hex secret per provider code the studio plays as (providers.md §2). */
  secrets: Partial<Record<DemoProviderCode, string>>;
  /**
   * Where `/wallet/{provider}/{action}` lives, e.g. `http://127.0.0.1:3000`; or a function read at each call
   * (a host mounting the studio on a port it learns only once listening).
   */
  walletBaseUrl: string | (() => string);
  /** Unix ms; tests move it. */
  clock?: () => number;
  retry?: Partial<RetryOptions>;
  /** Origins allowed to frame the game pages (the casino's), besides or instead of 'self'. */
  frameAncestors?: string[];
  /** The game pages' build; default apps/demo-provider/web/dist. */
  webDistDir?: string;
  walletTimeoutMs?: number;
  /**
   * Test-only fault injection (src/main.ts sets it from DEMO_PROVIDER_FAULT): called at each FaultPoint of a
   * round, e.g. to kill the process between the bet and the win. Never set it in production.
   */
  fault?: (point: FaultPoint) => void;
  /**
   * Demo League's clock (providers.md §7.4); unset fields come from SPORT_ROUND_MINUTES / SPORT_MATCH_MINUTES
   * in the environment, so the casino's embedded studio follows them too. The league runs only when the
   * `sport` secret is set. `pollMs: 0` leaves the worker to the caller (`sportTick`).
   */
  sport?: Partial<SportSettings>;
}

export interface DemoProvider {
  /** Register with `{ prefix: '/provider/demo' }`. */
  plugin: FastifyPluginAsync;
  /** Sends every due win and rollback once (the worker does this every `retry.pollMs`). */
  drainOutbox(): Promise<number>;
  /** Calls past the retry schedule, waiting for an operator (casino rounds and sportsbook slips). */
  parked(): Promise<OutboxEntry[]>;
  /** One sportsbook pass: publish ahead, result or auto-void due fixtures, settle slips (the worker's job). */
  sportTick(): Promise<SportTick>;
  /** Stops the worker and closes the database; in-flight requests should be finished first. */
  close(): Promise<void>;
}

export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export async function createDemoProvider(options: DemoProviderOptions): Promise<DemoProvider> {
  for (const [code, secret] of Object.entries(options.secrets)) {
    if (secret !== undefined && !isProviderSecret(secret))
      throw new Error(`the secret of provider ${code} must be 64 hex characters`);
  }
  const frameAncestors = checkFrameAncestors(options.frameAncestors ?? ["'self'"]);
  const clock = options.clock ?? Date.now;
  const handle = await openDemoProviderDb(options.database);
  const ctx: StudioContext = {
    db: handle.db,
    wallet: new WalletClient({
      baseUrl: options.walletBaseUrl,
      secrets: options.secrets,
      clock,
      timeoutMs: options.walletTimeoutMs,
    }),
    clock,
    retry: { ...DEFAULT_RETRY, ...options.retry },
    ...(options.fault ? { fault: options.fault } : {}),
  };

  // Settle what a previous run left half-done before taking new rounds (the crash rule of §3), every game.
  await recoverRounds(ctx);
  let draining: Promise<number> | undefined;
  const drain = (): Promise<number> => {
    // One pass at a time: a slow wallet must not pile passes up, each resending the same calls.
    draining ??= settleIdleMagazines(ctx)
      .catch(() => 0)
      .then(() => drainOutbox(ctx))
      .finally(() => {
        draining = undefined;
      });
    return draining;
  };
  const timer =
    ctx.retry.pollMs > 0
      ? setInterval(() => {
          drain().catch(() => undefined);
        }, ctx.retry.pollMs)
      : undefined;
  timer?.unref();
  void drain().catch(() => undefined);

  const sportSettings: SportSettings = {
    ...DEFAULT_SPORT_SETTINGS,
    ...sportSettingsFromEnv(process.env),
    ...options.sport,
  };
  let ticking: Promise<SportTick> | undefined;
  const tick = (): Promise<SportTick> => {
    ticking ??= sportTick(ctx, sportSettings).finally(() => {
      ticking = undefined;
    });
    return ticking;
  };
  const sportTimer =
    options.secrets.sport !== undefined && sportSettings.pollMs > 0
      ? setInterval(() => {
          tick().catch(() => undefined);
        }, sportSettings.pollMs)
      : undefined;
  sportTimer?.unref();
  if (sportTimer) void tick().catch(() => undefined);

  const page = pageHeaders(frameAncestors);
  const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      const path = request.url.split('?', 1)[0]!;
      const isApi = /\/(api\/|fair$|transfer\/)/.test(path);
      if (!isApi) reply.removeHeader('x-frame-options');
      void reply.headers(isApi ? API_HEADERS : page);
      done();
    });
    registerGameRoutes(app, ctx);
    await app.register(transferRoutes(ctx, options.secrets['4']));
    await registerPages(app, options.webDistDir ?? DEFAULT_WEB_DIST);
  };

  return {
    plugin,
    drainOutbox: drain,
    parked: () => allParked(ctx),
    sportTick: tick,
    async close() {
      if (timer) clearInterval(timer);
      if (sportTimer) clearInterval(sportTimer);
      await ticking?.catch(() => undefined);
      await draining?.catch(() => undefined);
      await handle.close();
    },
  };
}

/** What `resolve` did with one owed call. */
export type ResolveOutcome =
  | { outcome: 'sent'; balance: number }
  | { outcome: 'failed'; error: string | null }
  | { outcome: 'not-found' };

/**
 * The operator's hands on the studio's outbox (the casino's `ops providers stuck|resolve`): the calls parked
 * past the retry schedule, and one call sent now. It opens the studio's own database (never the casino's
 * tables) and may run beside the running studio: it takes no round and runs no recovery pass; the wallet is
 * idempotent by transaction_uuid, so a call both send moves money once.
 */
export interface StudioOperator {
  stuck(): Promise<OutboxEntry[]>;
  resolve(id: string): Promise<ResolveOutcome>;
  /** `sport void <fixture> <reason>`: voids a fixture without a result yet, with an audit record. */
  voidFixture(fixtureId: string, reason: string, actor: string): Promise<VoidOutcome>;
  close(): Promise<void>;
}

const allParked = (ctx: StudioContext): Promise<OutboxEntry[]> => parkedOutbox(ctx.db);

export async function openStudioOperator(
  options: Pick<DemoProviderOptions, 'database' | 'secrets' | 'walletBaseUrl' | 'clock' | 'walletTimeoutMs'>,
): Promise<StudioOperator> {
  const clock = options.clock ?? Date.now;
  const handle = await openDemoProviderDb(options.database);
  const ctx: StudioContext = {
    db: handle.db,
    wallet: new WalletClient({
      baseUrl: options.walletBaseUrl,
      secrets: options.secrets,
      clock,
      timeoutMs: options.walletTimeoutMs,
    }),
    clock,
    retry: DEFAULT_RETRY,
  };
  return {
    stuck: () => allParked(ctx),
    async resolve(id) {
      const entry = await outboxById(ctx.db, id);
      return entry === undefined ? { outcome: 'not-found' } : resolveOne(ctx, entry);
    },
    voidFixture: (fixtureId, reason, actor) => voidFixtureAudited(ctx, fixtureId, reason, actor, clock()),
    close: () => handle.close(),
  };
}

async function resolveOne(ctx: StudioContext, entry: OutboxEntry): Promise<ResolveOutcome> {
  const balance = await attemptOutbox(ctx, entry);
  if (balance !== null) return { outcome: 'sent', balance };
  const after = await outboxById(ctx.db, entry.id);
  return { outcome: 'failed', error: after?.last_error ?? null };
}

export type { DemoProviderDatabaseOptions } from '../db/open';
export type { SportSettings } from '../sport/settings';
export type { VoidOutcome } from '../sport/fixtures';
export type { FaultPoint, RetryOptions, RetryStep } from '../play/context';
export type { OutboxEntry } from '../round/store';
/** The studio's own wallet client: our server's protocol tests speak to the wallet through it, as the studio does. */
export { WalletClient } from '../wallet/wallet-client';
