import { riel } from '@lotto59/domain';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { Dialect } from '../src/db/database';
import { fakeClock } from '../src/platform/clock';
import { createTestDatabase, type TestDatabase } from './databases';
import { SeededRandom } from './seeded-random';

export interface TestContext {
  app: App;
  tdb: TestDatabase;
  clock: ReturnType<typeof fakeClock>;
  config: Config;
  /** The app's draw randomness: fixed by its label, so every round's seed and numbers repeat run after run. */
  random: SeededRandom;
  /** Creates a player with a password and an optional starting balance. */
  newPlayer(opts?: {
    password?: string;
    balance?: number;
  }): Promise<{ id: number; username: string; password: string }>;
  close(): Promise<void>;
}

let playerCounter = 0;

/** The real app on a real database (SQLite file or PostgreSQL schema), cheap argon2 cost for speed. */
export async function createTestApp(
  dialect: Dialect,
  env: Record<string, string> = {},
  beforeReady?: (app: App) => void,
  /** Another label gives other (still fixed) seeds. */
  options: { randomLabel?: string } = {},
): Promise<TestContext> {
  const tdb = await createTestDatabase(dialect);
  const config = loadConfig({
    NODE_ENV: 'test',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    WEB_DIST_DIR: '/nonexistent',
    // Tests drive the draw scheduler by calling `scheduler.tick()` with the fake clock.
    LOTTO_SCHEDULER: 'false',
    // The embedded demo studio only where a test asks for it (DEMO_PROVIDER: 'embedded').
    DEMO_PROVIDER: 'off',
    ...tdb.env,
    ...env,
  });
  const clock = fakeClock();
  // Never node:crypto here: a test whose outcome hung on an unseeded draw would fail by luck.
  const random = new SeededRandom(options.randomLabel);
  const app = await buildApp({ config, db: tdb.db, clock, random });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    tdb,
    clock,
    config,
    random,
    async newPlayer(opts = {}) {
      playerCounter += 1;
      const username = `player${playerCounter}_${Math.random().toString(36).slice(2, 7)}`;
      const password = opts.password ?? 'correct horse battery';
      const player = await app.services.players.create({ username, password });
      if (opts.balance) {
        await app.services.cashier.deposit({
          playerId: player.id,
          amount: riel(opts.balance),
          idempotencyKey: `test-seed-${player.id}`,
        });
      }
      return { id: player.id, username, password };
    },
    async close() {
      await app.close();
      await tdb.drop();
    },
  };
}

/**
 * A browser in miniature: keeps cookies between calls and sends the XSRF header the way the web client
 * does (Laravel Sanctum conventions), so tests exercise the real session rules.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  sendXsrf = true;

  constructor(
    private readonly app: App,
    readonly ip = '127.0.0.1',
  ) {}

  async request(opts: InjectOptions & { method: string; url: string }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(opts.headers as Record<string, string> | undefined),
    };
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (this.sendXsrf && xsrf && !('x-xsrf-token' in headers)) headers['x-xsrf-token'] = xsrf;
    const res = await this.app.inject({
      ...opts,
      headers,
      remoteAddress: this.ip,
      cookies: Object.fromEntries(this.cookies),
    });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.value === '' || (c.expires !== undefined && c.expires.getTime() < Date.now());
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  post(url: string, payload?: unknown) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'] });
  }
  put(url: string, payload?: unknown) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'] });
  }

  async login(username: string, password: string) {
    await this.get('/sanctum/csrf-cookie');
    return this.post('/login', { username, password });
  }
}
