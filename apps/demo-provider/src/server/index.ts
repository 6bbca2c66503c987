import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { openDemoProviderDb, type DemoProviderDatabaseOptions } from '../db/open';
import { DEFAULT_RETRY, type RetryOptions, type StudioContext } from '../play/context';
import { drainOutbox, recoverRounds } from '../play/outbox';
import { parkedOutbox, type OutboxEntry } from '../play/store';
import { isProviderSecret } from '../wallet/signing';
import { WalletClient } from '../wallet/wallet-client';
import { API_HEADERS, checkFrameAncestors, pageHeaders } from './headers';
import { registerPages } from './pages';
import { registerGameRoutes } from './routes';

/*
 * The demo studio as a Fastify plugin: mount it under `/provider/demo` in the casino's server (embedded mode)
 * or in its own process (src/main.ts). Either way it reaches the wallet only by signed HTTP.
 */

export type DemoProviderCode = '2' | '3' | '4' | '5' | 'sport';

export interface DemoProviderOptions {
  database: DemoProviderDatabaseOptions;
  /** One 64-hex secret per provider code the studio plays as (providers.md §2). */
  secrets: Partial<Record<DemoProviderCode, string>>;
  /** Where `/wallet/{provider}/{action}` lives, e.g. `http://127.0.0.1:3000`. */
  walletBaseUrl: string;
  /** Unix ms; tests move it. */
  clock?: () => number;
  retry?: Partial<RetryOptions>;
  /** Origins allowed to frame the game pages (the casino's), besides or instead of 'self'. */
  frameAncestors?: string[];
  /** The game pages' build; default apps/demo-provider/web/dist. */
  webDistDir?: string;
  walletTimeoutMs?: number;
}

export interface DemoProvider {
  /** Register with `{ prefix: '/provider/demo' }`. */
  plugin: FastifyPluginAsync;
  /** Sends every due win and rollback once (the worker does this every `retry.pollMs`). */
  drainOutbox(): Promise<number>;
  /** Calls past the retry schedule, waiting for an operator. */
  parked(): Promise<OutboxEntry[]>;
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
  };

  // Settle what a previous run left half-done before taking new rounds (the crash rule of §3).
  await recoverRounds(ctx);
  let draining: Promise<number> | undefined;
  const drain = (): Promise<number> => {
    // One pass at a time: a slow wallet must not pile passes up, each resending the same calls.
    draining ??= drainOutbox(ctx).finally(() => {
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

  const page = pageHeaders(frameAncestors);
  const plugin: FastifyPluginAsync = async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      const path = request.url.split('?', 1)[0]!;
      const isApi = /\/(api\/|fair$)/.test(path);
      if (!isApi) reply.removeHeader('x-frame-options');
      void reply.headers(isApi ? API_HEADERS : page);
      done();
    });
    registerGameRoutes(app, ctx);
    await registerPages(app, options.webDistDir ?? DEFAULT_WEB_DIST);
  };

  return {
    plugin,
    drainOutbox: drain,
    parked: () => parkedOutbox(ctx.db),
    async close() {
      if (timer) clearInterval(timer);
      await draining?.catch(() => undefined);
      await handle.close();
    },
  };
}

export type { DemoProviderDatabaseOptions } from '../db/open';
export type { RetryOptions, RetryStep } from '../play/context';
