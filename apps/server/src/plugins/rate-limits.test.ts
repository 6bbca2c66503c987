import { randomUUID } from 'node:crypto';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { registerErrorHandler } from '../errors/error-handler';
import { TEST_DIALECTS } from '../../test/databases';
import { buildAppOn, openRound, placeBet } from '../../test/lotto59-helpers';
import { createTestApp, TestBrowser, type TestContext } from '../../test/test-app';
import { classLimitsFrom, limitClassOf, registerRateLimits, socketLimitsFrom } from './rate-limits';
import { securityHeaders } from './security-headers';

/** Small budgets so that each class is crossed in a few calls; the window is long enough not to roll over. */
const SMALL_LIMITS = {
  RATE_LIMIT_WINDOW_SECONDS: '120',
  RATE_LIMIT_PUBLIC: '3',
  RATE_LIMIT_CSRF: '4',
  RATE_LIMIT_LOGIN: '2',
  RATE_LIMIT_BETS: '2',
  RATE_LIMIT_READS: '3',
};

function expectLimited(res: LightMyRequestResponse) {
  expect({ status: res.statusCode, body: res.json() as unknown }).toEqual({
    status: 429,
    body: { message: 'Too many requests. Please try again later.', code: 'RATE_LIMITED' },
  });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(120);
  // Refusals carry the same security headers as every other answer.
  expect(res.headers['x-content-type-options']).toBe('nosniff');
}

describe('rate limit classes', () => {
  it('sorts every kind of route into its class', () => {
    expect(limitClassOf('GET', '/healthz')).toBe('public');
    expect(limitClassOf('GET', '/assets/index-abc.js')).toBe('public');
    expect(limitClassOf('GET', '/sanctum/csrf-cookie')).toBe('csrf');
    expect(limitClassOf('POST', '/login')).toBe('login');
    expect(limitClassOf('POST', '/api/analytics/events')).toBe('analytics');
    expect(limitClassOf('POST', '/api/bet')).toBe('bets');
    expect(limitClassOf('POST', '/api/bet/jackpot')).toBe('bets');
    expect(limitClassOf('GET', '/api/bet/report')).toBe('reads');
    expect(limitClassOf('GET', '/api/user')).toBe('reads');
    expect(limitClassOf('PUT', '/api/poll')).toBe('writes');
    expect(limitClassOf('POST', '/logout')).toBe('writes');
    expect(limitClassOf('GET', '/ws')).toBe('sockets');
  });

  it('multiplies every budget by RATE_LIMIT_SCALE', () => {
    const normal = classLimitsFrom(loadConfig({}));
    const scaled = classLimitsFrom(loadConfig({ RATE_LIMIT_SCALE: '1000' }));
    const halved = classLimitsFrom(loadConfig({ RATE_LIMIT_SCALE: '0.5' }));
    expect(normal.bets).toEqual({ max: 120, timeWindowMs: 60_000 });
    expect(scaled.bets.max).toBe(120_000);
    expect(scaled.reads.max).toBe(600_000);
    expect(halved.login.max).toBe(30);
    expect(socketLimitsFrom(loadConfig({})).maxSocketsPerPlayer).toBe(10);
    expect(socketLimitsFrom(loadConfig({ RATE_LIMIT_SCALE: '1000' })).maxSocketsPerPlayer).toBe(10_000);
  });
});

describe.each(TEST_DIALECTS)('rate limits on %s', (dialect) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestApp(dialect, SMALL_LIMITS);
    await t.app.services.lotto59.scheduler.tick();
  });
  afterAll(() => t.close());

  async function signedIn(ip: string) {
    const p = await t.newPlayer({ balance: 100_000 });
    const browser = new TestBrowser(t.app, ip);
    expect((await browser.login(p.username, p.password)).statusCode).toBe(200);
    return { ...p, browser };
  }

  it('anonymous routes: answers below the limit, 429 past it, per address', async () => {
    const stranger = new TestBrowser(t.app, '203.0.113.10');
    for (let i = 0; i < 3; i++) expect((await stranger.get('/healthz')).statusCode).toBe(200);
    expectLimited(await stranger.get('/healthz'));
    // Unknown paths share the class: the same stranger is refused there too, before the 404.
    expectLimited(await stranger.get('/no/such/page'));

    const neighbour = new TestBrowser(t.app, '203.0.113.11');
    expect((await neighbour.get('/healthz')).statusCode).toBe(200);
    expect((await neighbour.get('/no/such/page')).statusCode).toBe(404);

    // The CSRF cookie has its own budget per address.
    for (let i = 0; i < 4; i++) expect((await stranger.get('/sanctum/csrf-cookie')).statusCode).toBe(204);
    expectLimited(await stranger.get('/sanctum/csrf-cookie'));
  });

  it('login: answers below the limit, 429 past it (a right password included), per address', async () => {
    const ip = '198.51.100.20';
    const p = await t.newPlayer();
    const browser = new TestBrowser(t.app, ip);
    await browser.get('/sanctum/csrf-cookie');
    const wrong = await browser.post('/login', { username: p.username, password: 'not the password' });
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect((await browser.post('/login', { username: p.username, password: p.password })).statusCode).toBe(
      200,
    );
    expectLimited(await browser.post('/login', { username: p.username, password: p.password }));

    const elsewhere = new TestBrowser(t.app, '198.51.100.21');
    expect((await elsewhere.login(p.username, p.password)).statusCode).toBe(200);
  });

  it('bets: answers below the limit, 429 past it with nothing written, per player', async () => {
    const roundId = (await openRound(t.app, 'POLL_2')).id;
    // Two players behind one address: the budget is each player's own.
    const alice = await signedIn('192.0.2.30');
    const bob = await signedIn('192.0.2.30');
    const bet = { poll: 'POLL_2', result_id: roundId, bets: [{ type: 'RANGE_3', amount: 1000 }] };

    for (let i = 0; i < 2; i++) expect((await placeBet(alice.browser, bet)).statusCode).toBe(200);
    expectLimited(await placeBet(alice.browser, bet));
    expect(await t.app.services.wallet.playerBalance(alice.id)).toBe(100_000 - 2 * 1000);

    expect((await placeBet(bob.browser, bet)).statusCode).toBe(200);
  });

  it('reads: answers below the limit, 429 past it, per player', async () => {
    const carol = await signedIn('192.0.2.40');
    const dave = await signedIn('192.0.2.40');
    const reads = ['/api/user', '/api/v1/ticket/badge', '/api/poll'];
    for (const url of reads) expect((await carol.browser.get(url)).statusCode).toBe(200);
    expectLimited(await carol.browser.get('/api/v1/lotto59/config'));
    expect((await dave.browser.get('/api/user')).statusCode).toBe(200);
  });
});

describe.each(TEST_DIALECTS)('refusals before the route limiter on %s', (dialect) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestApp(dialect, { ...SMALL_LIMITS, RATE_LIMIT_REFUSALS: '3' });
  });
  afterAll(() => t.close());

  it('counts 401s and 419s per address; past the budget the address gets 429, even signed in', async () => {
    const ip = '203.0.113.90';
    const p = await t.newPlayer();
    const player = new TestBrowser(t.app, ip);
    expect((await player.login(p.username, p.password)).statusCode).toBe(200);

    const stranger = new TestBrowser(t.app, ip);
    // No session: 401. A state change with a stale XSRF token: 419. Neither reaches the route limiter.
    expect((await stranger.get('/api/user')).statusCode).toBe(401);
    expect((await stranger.get('/api/v1/ticket/badge')).statusCode).toBe(401);
    const staleXsrf = await t.app.inject({
      method: 'POST',
      url: '/logout',
      remoteAddress: ip,
      headers: { cookie: 'XSRF-TOKEN=stale', 'x-xsrf-token': 'other' },
    });
    expect(staleXsrf.statusCode).toBe(419);
    // The budget is spent: every request from the address is refused before the session is looked at.
    await expect.poll(async () => (await stranger.get('/api/user')).statusCode).toBe(429);
    expectLimited(await player.get('/api/user'));
    expectLimited(await stranger.get('/healthz'));

    // Another address, and the same player from it, are untouched.
    expect((await new TestBrowser(t.app, '203.0.113.91').get('/healthz')).statusCode).toBe(200);
    const moved = new TestBrowser(t.app, '203.0.113.92');
    for (const [name, value] of player.cookies) moved.cookies.set(name, value);
    expect((await moved.get('/api/user')).statusCode).toBe(200);
  });

  it('answers below the budget are untouched, and the ordinary answers never count', async () => {
    const ip = '203.0.113.93';
    const p = await t.newPlayer();
    const player = new TestBrowser(t.app, ip);
    expect((await player.login(p.username, p.password)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++)
      expect((await new TestBrowser(t.app, ip).get('/api/user')).statusCode).toBe(401);
    // Two refusals of three: the address is still served, and 200s, 404s and 422s are not refusals.
    expect((await player.get('/api/user')).statusCode).toBe(200);
    expect((await player.get('/api/v1/ticket/list?to=9999-12-31')).statusCode).toBe(422);
    expect((await player.get('/api/poll')).statusCode).toBe(200);
  });
});

describe.each(TEST_DIALECTS)('body size caps on %s', (dialect) => {
  let t: TestContext;
  let browser: TestBrowser;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.services.lotto59.scheduler.tick();
    const p = await t.newPlayer({ balance: 100_000 });
    browser = new TestBrowser(t.app);
    await browser.login(p.username, p.password);
  });
  afterAll(() => t.close());

  const tooLarge = { message: 'The request body is too large.', code: 'PAYLOAD_TOO_LARGE' };

  it('answers 413 with our body past 16 KiB on an ordinary route, and changes nothing', async () => {
    const before = (await browser.get('/api/poll')).json() as { data: { poll: string } };
    const other = before.data.poll === 'POLL_1' ? 'POLL_2' : 'POLL_1';
    const res = await browser.put('/api/poll', { poll: other, padding: 'x'.repeat(17 * 1024) });
    expect({ status: res.statusCode, body: res.json() as unknown }).toEqual({ status: 413, body: tooLarge });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await browser.get('/api/poll')).json()).toEqual(before);
  });

  it('reads a larger bet body (up to 32 KiB) and refuses one past it', async () => {
    const roundId = (await openRound(t.app, 'POLL_2')).id;
    // 50 items of the longest numbers notation (400 characters): about the largest submission allowed.
    const longNumbers = `${'1, '.repeat(133)}1`;
    const item = { type: 'NUMBER', posts: ['A'], numbers: longNumbers, amount: 100 };
    const big = { poll: 'POLL_2', result_id: roundId, bets: Array.from({ length: 50 }, () => item) };
    expect(JSON.stringify(big).length).toBeGreaterThan(16 * 1024);
    const read = await placeBet(browser, big);
    expect(read.statusCode).not.toBe(413);

    const huge = { ...big, padding: 'x'.repeat(33 * 1024) };
    const res = await placeBet(browser, huge, randomUUID());
    expect({ status: res.statusCode, body: res.json() as unknown }).toEqual({ status: 413, body: tooLarge });
  });
});

// Redis runs on every machine of ours, CI's included (as the realtime tests assume too).
const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('rate limits shared through Redis', () => {
  let t: TestContext;
  // A prefix of this run only, so that runs (and other engineers' tests) never share counters.
  const env = {
    ...SMALL_LIMITS,
    REDIS_URL: TEST_REDIS_URL,
    RATE_LIMIT_REDIS_PREFIX: `lotto59-test:${randomUUID()}:`,
  };

  beforeAll(async () => {
    t = await createTestApp('sqlite', env);
  });
  afterAll(() => t.close());

  it('two app instances on one database count the same requests', async () => {
    const second = await buildAppOn(t, t.clock, env);
    try {
      const stranger = (app: typeof t.app) => new TestBrowser(app, '203.0.113.50');
      expect((await stranger(t.app).get('/healthz')).statusCode).toBe(200);
      expect((await stranger(second.app).get('/healthz')).statusCode).toBe(200);
      expect((await stranger(t.app).get('/healthz')).statusCode).toBe(200);
      expectLimited(await stranger(second.app).get('/healthz'));
      expectLimited(await stranger(t.app).get('/healthz'));
    } finally {
      await second.close();
    }
  });

  it('refusals before the route limiter too: 401s on one instance and the other add up', async () => {
    const shared = { ...env, RATE_LIMIT_REFUSALS: '2' };
    const first = await buildAppOn(t, t.clock, shared);
    const second = await buildAppOn(t, t.clock, shared);
    try {
      const ip = '203.0.113.55';
      expect((await new TestBrowser(first.app, ip).get('/api/user')).statusCode).toBe(401);
      expect((await new TestBrowser(second.app, ip).get('/api/user')).statusCode).toBe(401);
      // The second refusal, counted in Redis, reached the budget: the next 401 blocks the address here…
      expect((await new TestBrowser(first.app, ip).get('/api/user')).statusCode).toBe(401);
      await expect
        .poll(async () => (await new TestBrowser(first.app, ip).get('/healthz')).statusCode)
        .toBe(429);
      // …and on the other instance at its next refusal, though it saw only one before.
      expect([401, 429]).toContain((await new TestBrowser(second.app, ip).get('/api/user')).statusCode);
      await expect
        .poll(async () => (await new TestBrowser(second.app, ip).get('/healthz')).statusCode)
        .toBe(429);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('per player across instances too', async () => {
    const second = await buildAppOn(t, t.clock, env);
    try {
      const p = await t.newPlayer();
      const first = new TestBrowser(t.app, '203.0.113.60');
      await first.login(p.username, p.password);
      // The same cookies on the other instance: one player, one budget.
      const other = new TestBrowser(second.app, '203.0.113.61');
      for (const [name, value] of first.cookies) other.cookies.set(name, value);
      expect((await first.get('/api/user')).statusCode).toBe(200);
      expect((await other.get('/api/user')).statusCode).toBe(200);
      expect((await first.get('/api/user')).statusCode).toBe(200);
      expectLimited(await other.get('/api/user'));
    } finally {
      await second.close();
    }
  });
});

describe('without Redis, each instance counts for itself', () => {
  it('two instances do not share a budget (what REDIS_URL changes)', async () => {
    const t = await createTestApp('sqlite', SMALL_LIMITS);
    const second = await buildAppOn(t, t.clock, SMALL_LIMITS);
    try {
      for (let i = 0; i < 3; i++) {
        expect((await new TestBrowser(t.app, '203.0.113.70').get('/healthz')).statusCode).toBe(200);
      }
      expect((await new TestBrowser(second.app, '203.0.113.70').get('/healthz')).statusCode).toBe(200);
    } finally {
      await second.close();
      await t.close();
    }
  });
});

describe('when the Redis of the rate limits is unreachable', () => {
  it('lets requests through uncounted, without holding them', async () => {
    // Only this plugin on a bare app: the event bus would also use REDIS_URL, and it is not under test here.
    const app = Fastify();
    registerErrorHandler(app, securityHeaders({ hsts: false }));
    // Nothing listens on port 1: every Redis command fails at once.
    const config = loadConfig({ ...SMALL_LIMITS, REDIS_URL: 'redis://127.0.0.1:1' });
    await registerRateLimits(app, config);
    app.get('/healthz', async () => ({ status: 'ok' }));
    await app.ready();
    try {
      const started = Date.now();
      for (let i = 0; i < 5; i++) {
        const res = await app.inject({ method: 'GET', url: '/healthz', remoteAddress: '203.0.113.80' });
        expect(res.statusCode).toBe(200);
      }
      expect(Date.now() - started).toBeLessThan(5 * 1000);
    } finally {
      await app.close();
    }
  });
});
