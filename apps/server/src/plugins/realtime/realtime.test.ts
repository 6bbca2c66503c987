import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { TEST_DIALECTS } from '../../../test/databases';
import { buildAppOn, openRound, placeBet } from '../../../test/lotto59-helpers';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/test-app';
import { createEventBus } from '../../platform/create-event-bus';
import type { BusEvent } from '../../platform/event-bus';
import { RedisEventBus } from '../../platform/redis-event-bus';
import { redisServerBinary, startPrivateRedis, type PrivateRedis } from '../../../test/private-services';

interface Frame {
  type: string;
  data: Record<string, unknown>;
}

/** A real WebSocket client that records every frame and can wait for one. */
class Listener {
  readonly frames: Frame[] = [];
  /**
   * How the socket closed, recorded from the start: a close that arrives before the test asks for it (the
   * server may close the socket before the HTTP answer that caused it is read) is not missed.
   */
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => {
      socket.once('close', (code, reason) => resolve({ code, reason: String(reason) }));
    });
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as Frame;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((w) => (w.match(frame) ? (w.resolve(frame), false) : true));
    });
  }
  next(match: (f: Frame) => boolean): Promise<Frame> {
    const seen = this.frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no such frame within 5 s')), 5_000);
      this.waiters.push({ match, resolve: (f) => (clearTimeout(timer), resolve(f)) });
    });
  }
}

function connect(url: string, cookie?: string): Promise<Listener> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, cookie ? { headers: { cookie } } : {});
    const listener = new Listener(socket);
    socket.once('open', () => resolve(listener));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

/** How a socket was closed by the server (now or already). */
function closeOf(listener: Listener): Promise<{ code: number; reason: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('still open after 5 s')), 5_000);
  });
  return Promise.race([listener.closed, timeout]).finally(() => clearTimeout(timer));
}

const cookieHeader = (browser: TestBrowser) =>
  [...browser.cookies.entries()].map(([name, value]) => `${name}=${value}`).join('; ');

describe.each(TEST_DIALECTS)('live events over a real WebSocket on %s', (dialect) => {
  let t: TestContext;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `${address.replace('http', 'ws')}/ws`;
  });
  afterAll(() => t.close());

  it('refuses a socket without a live session', async () => {
    await expect(connect(url)).rejects.toThrow('HTTP 401');
    await expect(connect(url, 'lotto59_session=' + 'x'.repeat(43))).rejects.toThrow('HTTP 401');
  });

  it('pushes round, ball and result events to all, and the balance to its player only', async () => {
    const alice = await t.newPlayer({ balance: 10_000 });
    const bob = await t.newPlayer({ balance: 10_000 });
    const aliceBrowser = new TestBrowser(t.app);
    const bobBrowser = new TestBrowser(t.app);
    await aliceBrowser.login(alice.username, alice.password);
    await bobBrowser.login(bob.username, bob.password);
    const aliceSocket = await connect(url, cookieHeader(aliceBrowser));
    const bobSocket = await connect(url, cookieHeader(bobBrowser));
    await aliceSocket.next((f) => f.type === 'hello');

    const { scheduler } = t.app.services.lotto59;
    await scheduler.tick();
    const opened = await bobSocket.next(
      (f) => f.type === 'round_opened' && (f.data.round as { poll: string }).poll === 'POLL_2',
    );
    const round = await openRound(t.app, 'POLL_2');
    expect(opened.data.round).toMatchObject({
      id: round.id,
      server_seed_hash: round.server_seed_hash,
      server_seed: null,
    });

    await placeBet(aliceBrowser, {
      poll: 'POLL_2',
      result_id: round.id,
      bets: [{ type: 'RANGE_6', amount: 1_000 }],
    });
    expect((await aliceSocket.next((f) => f.type === 'balance')).data).toEqual({ balance: 9_000 });

    t.clock.advanceMs(round.close_at_ms - t.clock.nowMs());
    await scheduler.tick();
    expect((await bobSocket.next((f) => f.type === 'betting_closed')).data).toEqual({
      id: round.id,
      poll: 'POLL_2',
    });
    t.clock.advanceMs(1_000);
    await scheduler.tick();
    const ball = await bobSocket.next((f) => f.type === 'ball_released');
    expect(ball.data).toMatchObject({ id: round.id, index: 1, number: expect.any(Number) });
    t.clock.advanceMs(45_000);
    await scheduler.tick();
    const result = await aliceSocket.next((f) => f.type === 'result');
    const revealed = result.data.round as { numbers: number[]; server_seed: string };
    expect(revealed.numbers).toHaveLength(10);
    expect(revealed.server_seed).toMatch(/^[0-9a-f]{64}$/);
    expect(
      aliceSocket.frames.filter((f) => f.type === 'ball_released' && f.data.id === round.id),
    ).toHaveLength(10);

    // Bob never sees Alice's balance.
    await new Promise((r) => setTimeout(r, 50));
    expect(bobSocket.frames.filter((f) => f.type === 'balance')).toEqual([]);
    aliceSocket.socket.close();
    bobSocket.socket.close();
  });

  it('closes the sockets of a session that ends: replaced 4411, logged out 4401; others stay open', async () => {
    const alice = await t.newPlayer();
    const bob = await t.newPlayer();
    const phone = new TestBrowser(t.app);
    const bobBrowser = new TestBrowser(t.app);
    await phone.login(alice.username, alice.password);
    await bobBrowser.login(bob.username, bob.password);
    const phoneSocket = await connect(url, cookieHeader(phone));
    const bobSocket = await connect(url, cookieHeader(bobBrowser));

    // Alice signs in on a laptop: the phone's session is replaced, and its socket closes.
    const laptop = new TestBrowser(t.app);
    await laptop.login(alice.username, alice.password);
    expect(await closeOf(phoneSocket)).toEqual({ code: 4411, reason: 'SESSION_REPLACED' });
    const laptopSocket = await connect(url, cookieHeader(laptop));

    // She logs out there: that socket closes too; Bob's never does.
    expect((await laptop.post('/logout')).statusCode).toBeLessThan(300);
    expect(await closeOf(laptopSocket)).toEqual({ code: 4401, reason: 'UNAUTHENTICATED' });
    await new Promise((r) => setTimeout(r, 50));
    expect(bobSocket.socket.readyState).toBe(WebSocket.OPEN);
    bobSocket.socket.close();
  });
});

describe.each(TEST_DIALECTS)('fan-out in slices of 2 sockets, over real WebSockets on %s', (dialect) => {
  let t: TestContext;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { WS_FAN_OUT_SLICE_SOCKETS: '2' });
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    url = `${address.replace('http', 'ws')}/ws`;
  });
  afterAll(() => t.close());

  it('delivers events in the order published to every socket, and a balance to its player only', async () => {
    const players = await Promise.all([t.newPlayer(), t.newPlayer(), t.newPlayer()]);
    const byPlayer = await Promise.all(
      players.map(async (player, i) => {
        const browser = new TestBrowser(t.app);
        await browser.login(player.username, player.password);
        const listeners = [];
        for (let k = 0; k < 3 - (i === 2 ? 1 : 0); k++)
          listeners.push(await connect(url, cookieHeader(browser)));
        for (const listener of listeners) await listener.next((f) => f.type === 'hello');
        return listeners;
      }),
    );
    const everyone = byPlayer.flat(); // 8 sockets: 4 turns of the loop for one event to all
    const alice = players[0]!;
    t.app.realtime.takeSliceStats();

    const { events } = t.app.services;
    events.publish({ type: 'result', data: { n: 1 } });
    events.publish({ type: 'balance', playerId: alice.id, data: { balance: 1 } });
    events.publish({ type: 'result', data: { n: 2 } });
    await new Promise((resolve) => setImmediate(resolve)); // the first slice is out, the rest not
    events.publish({ type: 'result', data: { n: 3 } });
    await t.app.realtime.whenSent();

    // 8 + 3 + 8 + 8 frames, at most 2 a turn.
    expect(t.app.realtime.takeSliceStats().slices).toBeGreaterThanOrEqual(14);
    const seen = (listener: Listener) =>
      listener.frames
        .filter((f) => f.type !== 'hello')
        .map((f) => (f.type === 'balance' ? 'balance' : `result ${String(f.data.n)}`));
    for (const listener of everyone) await listener.next((f) => f.type === 'result' && f.data.n === 3);
    for (const listener of byPlayer[0]!) {
      expect(seen(listener)).toEqual(['result 1', 'balance', 'result 2', 'result 3']);
    }
    for (const listener of [...byPlayer[1]!, ...byPlayer[2]!]) {
      expect(seen(listener)).toEqual(['result 1', 'result 2', 'result 3']);
    }
    for (const listener of everyone) listener.socket.close();
  });
});

describe.each(TEST_DIALECTS)('sessions ended in another process (Redis bus) on %s', (dialect) => {
  it("close that process's sockets and drop its cached sessions at once", async () => {
    // Two API processes on one database, each with its own session cache (long, so only the message
    // can explain a prompt 401) and its own connection to Redis.
    // A channel of this test's own: other test files' apps on the same Redis publish for their own player ids.
    const env = {
      REDIS_URL: 'redis://127.0.0.1:6379',
      REDIS_EVENTS_CHANNEL: `lotto59:test:${randomUUID()}`,
      SESSION_CACHE_SECONDS: '60',
    };
    const first = await createTestApp(dialect, env);
    const second = await buildAppOn(first, first.clock, env);
    try {
      await Promise.all(
        [first.app, second.app].map((app) => (app.services.events as RedisEventBus).whenReady()),
      );
      const address = await first.app.listen({ host: '127.0.0.1', port: 0 });
      const alice = await first.newPlayer();
      const onFirst = new TestBrowser(first.app);
      await onFirst.login(alice.username, alice.password);
      expect((await onFirst.get('/api/user')).statusCode).toBe(200); // now cached by the first process
      const socket = await connect(`${address.replace('http', 'ws')}/ws`, cookieHeader(onFirst));

      // The same cookie logs out through the second process.
      const onSecond = new TestBrowser(second.app);
      for (const [name, value] of onFirst.cookies) onSecond.cookies.set(name, value);
      expect((await onSecond.post('/logout')).statusCode).toBeLessThan(300);

      expect(await closeOf(socket)).toEqual({ code: 4401, reason: 'UNAUTHENTICATED' });
      expect((await onFirst.get('/api/user')).statusCode).toBe(401);

      // A session with no socket, cached by the first process, ended through the second: refused at once.
      const bob = await first.newPlayer();
      const bobOnFirst = new TestBrowser(first.app);
      await bobOnFirst.login(bob.username, bob.password);
      expect((await bobOnFirst.get('/api/user')).statusCode).toBe(200);
      const bobOnSecond = new TestBrowser(second.app);
      for (const [name, value] of bobOnFirst.cookies) bobOnSecond.cookies.set(name, value);
      expect((await bobOnSecond.post('/logout')).statusCode).toBeLessThan(300);
      await expect.poll(async () => (await bobOnFirst.get('/api/user')).statusCode).toBe(401);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('event bus over Redis (127.0.0.1:6379)', () => {
  it('carries an event from one process to another', async () => {
    const channel = `lotto59:test:${randomUUID()}`;
    const drawer = new RedisEventBus('redis://127.0.0.1:6379', channel);
    const api = new RedisEventBus('redis://127.0.0.1:6379', channel);
    try {
      await Promise.all([drawer.whenReady(), api.whenReady()]);
      const received = new Promise<BusEvent>((resolve) => api.subscribe(resolve));
      drawer.publish({ type: 'balance', playerId: 7, data: { balance: 1_234 } });
      expect(await received).toEqual({ type: 'balance', playerId: 7, data: { balance: 1_234 } });
    } finally {
      await Promise.all([drawer.close(), api.close()]);
    }
  });

  it('is chosen when REDIS_URL is set', async () => {
    const bus = createEventBus('redis://127.0.0.1:6379');
    expect(bus).toBeInstanceOf(RedisEventBus);
    await bus.close();
    expect(createEventBus(undefined)).not.toBeInstanceOf(RedisEventBus);
  });

  it("keeps two deployments' events apart by their channel (REDIS_EVENTS_CHANNEL)", async () => {
    const ours = createEventBus('redis://127.0.0.1:6379', `lotto59:test:${randomUUID()}`);
    const theirs = createEventBus('redis://127.0.0.1:6379', `lotto59:test:${randomUUID()}`);
    try {
      await Promise.all([ours, theirs].map((bus) => (bus as RedisEventBus).whenReady()));
      const heardByUs: BusEvent[] = [];
      ours.subscribe((event) => heardByUs.push(event));
      const heardByThem = new Promise<BusEvent>((resolve) => theirs.subscribe(resolve));
      theirs.publish({ type: 'balance', playerId: 7, data: { balance: 99 } });
      ours.publish({ type: 'balance', playerId: 7, data: { balance: 1 } });
      expect(await heardByThem).toEqual({ type: 'balance', playerId: 7, data: { balance: 99 } });
      await expect.poll(() => heardByUs.length).toBe(1);
      // Ours arrived after theirs was published: had theirs crossed over, it would be here by now.
      expect(heardByUs).toEqual([{ type: 'balance', playerId: 7, data: { balance: 1 } }]);
    } finally {
      await Promise.all([ours.close(), theirs.close()]);
    }
  });
});

describe.skipIf(!redisServerBinary())('Redis away (a private redis-server, decision 0030)', () => {
  let redis: PrivateRedis;
  beforeAll(async () => {
    redis = await startPrivateRedis();
  });
  afterAll(() => redis.stop());

  it('the bus says when it is not live, drops what it cannot publish, and is live again by itself', async () => {
    const channel = `lotto59:test:${randomUUID()}`;
    const errors: Error[] = [];
    const drawer = new RedisEventBus(redis.url, channel, (error) => errors.push(error));
    const api = new RedisEventBus(redis.url, channel, (error) => errors.push(error));
    try {
      await Promise.all([drawer.whenReady(), api.whenReady()]);
      expect(api.isLive()).toBe(true);
      const changes: boolean[] = [];
      api.onLiveChange((live) => changes.push(live));
      await redis.stop();
      await expect.poll(() => api.isLive(), { timeout: 5_000 }).toBe(false);
      // Dropped at once, never queued for later (a stale ball must not arrive after the outage).
      drawer.publish({ type: 'balance', playerId: 7, data: { balance: 1 } });
      await redis.start();
      await expect.poll(() => api.isLive(), { timeout: 15_000 }).toBe(true);
      await expect.poll(() => drawer.isLive(), { timeout: 15_000 }).toBe(true);
      const heard: BusEvent[] = [];
      api.subscribe((event) => heard.push(event));
      await expect
        .poll(
          () => {
            drawer.publish({ type: 'balance', playerId: 7, data: { balance: 2 } });
            return heard.length > 0;
          },
          { timeout: 10_000, interval: 200 },
        )
        .toBe(true);
      expect(heard.every((e) => e.type === 'balance' && e.data.balance === 2)).toBe(true);
      expect(changes).toEqual([false, true]);
      // Connection errors (if a reconnection failed meanwhile) went to the listener, never unheard.
      expect(errors.every((e) => e instanceof Error)).toBe(true);
    } finally {
      await Promise.all([drawer.close(), api.close()]);
    }
  }, 60_000);

  it('closes the sockets (1013) and refuses upgrades (503) while the bus is down; accepts them again after', async () => {
    const t = await createTestApp('sqlite', {
      REDIS_URL: redis.url,
      REDIS_EVENTS_CHANNEL: `lotto59:test:${randomUUID()}`,
      RATE_LIMIT_REDIS_PREFIX: `lotto59:test:${randomUUID()}:`,
    });
    try {
      const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const url = `${address.replace('http', 'ws')}/ws`;
      const p = await t.newPlayer();
      const browser = new TestBrowser(t.app);
      await browser.login(p.username, p.password);
      await (t.app.services.events as RedisEventBus).whenReady();
      const live = await connect(url, cookieHeader(browser));
      const closed = closeOf(live);
      await redis.stop();
      expect(await closed).toEqual({ code: 1013, reason: 'EVENTS_UNAVAILABLE' });
      await expect(connect(url, cookieHeader(browser))).rejects.toThrow('HTTP 503');
      // HTTP goes on without Redis (rate limits fail open at once).
      expect((await browser.get('/api/user')).statusCode).toBe(200);
      await redis.start();
      await expect.poll(() => t.app.services.events.isLive(), { timeout: 15_000 }).toBe(true);
      const again = await connect(url, cookieHeader(browser));
      // Published until heard: Redis has just come back, and a publish that meets a connection still
      // (re)subscribing is dropped by design (nothing is queued for later).
      await expect
        .poll(
          () => {
            t.app.services.events.publish({ type: 'balance', playerId: p.id, data: { balance: 5 } });
            return again.frames.find((f) => f.type === 'balance')?.data;
          },
          { timeout: 10_000, interval: 200 },
        )
        .toEqual({ balance: 5 });
      again.socket.close();
    } finally {
      await t.close();
    }
  }, 60_000);
});
