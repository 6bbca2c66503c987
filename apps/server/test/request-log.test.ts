import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { fakeClock } from '../src/platform/clock';
import { productionLogger } from '../src/platform/logger';
import { createTestDatabase } from './databases';
import { openRound, placeBet } from './lotto59-helpers';
import { TestBrowser } from './test-app';

type Line = Record<string, unknown> & { level: number; msg: string };

/**
 * The app with the production logger (`productionLogger`, what `server.ts` runs) at `LOG_LEVEL`, its lines
 * captured as JSON, with a slow route and a failing one.
 */
async function loggedApp(logLevel: string) {
  const tdb = await createTestDatabase('sqlite');
  const lines: Line[] = [];
  const config = loadConfig({
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    WEB_DIST_DIR: '/nonexistent',
    LOTTO_SCHEDULER: 'false',
    // Well above what an ordinary request takes even on a loaded machine, so that only the slow route is slow.
    SLOW_REQUEST_MS: '1500',
    LOG_LEVEL: logLevel,
    ...tdb.env,
  });
  const app = await buildApp({
    config,
    db: tdb.db,
    clock: fakeClock(),
    logger: {
      ...productionLogger(config.LOG_LEVEL),
      stream: { write: (line: string) => lines.push(JSON.parse(line) as Line) },
    },
  });
  app.get('/api/test/slow', async () => {
    await sleep(1600);
    return { ok: true };
  });
  app.get('/api/test/boom', async () => {
    throw new Error('boom');
  });
  await app.ready();
  await app.services.lotto59.scheduler.tick();
  lines.splice(0);
  return {
    app,
    take: () => lines.splice(0),
    close: async () => {
      await app.close();
      await tdb.drop();
    },
  };
}

describe('the request log', () => {
  let app: App;
  let logged: Awaited<ReturnType<typeof loggedApp>>;
  const take = () => logged.take();

  beforeAll(async () => {
    logged = await loggedApp('info');
    app = logged.app;
  });
  afterAll(() => logged?.close());

  it('writes no line for ordinary answers, a 404 or a form refused', async () => {
    await app.inject({ method: 'GET', url: '/healthz' });
    await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(take()).toEqual([]);
  });

  it('writes one info line per refused authentication, with its code and route', async () => {
    await app.inject({ method: 'GET', url: '/api/user?x=1' });
    expect(take()).toEqual([
      expect.objectContaining({
        level: 30,
        msg: 'request refused',
        method: 'GET',
        route: '/api/user',
        url: '/api/user?x=1',
        status: 401,
        code: 'UNAUTHENTICATED',
        reqId: expect.any(String),
      }),
    ]);
  });

  it('writes one line for a login refused and one for money refused', async () => {
    const player = await app.services.players.create({ username: 'loglines', password: 'log lines 1234' });
    const browser = new TestBrowser(app);
    await browser.get('/sanctum/csrf-cookie');
    await browser.post('/login', { username: 'loglines', password: 'wrong password' });
    expect(take()).toEqual([
      expect.objectContaining({ msg: 'request refused', status: 422, code: 'INVALID_CREDENTIALS' }),
    ]);
    await browser.login('loglines', 'log lines 1234');
    const round = await openRound(app, 'POLL_2');
    const body = { poll: 'POLL_2', result_id: round.id, bets: [{ type: 'RANGE_6', amount: 500 }] };
    const res = await placeBet(browser, body);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    // A form's validation refusal (422 VALIDATION_FAILED) is the client's business: no line.
    await placeBet(browser, { ...body, bets: [] });
    expect(take()).toEqual([
      expect.objectContaining({ msg: 'request refused', route: '/api/bet', code: 'INSUFFICIENT_FUNDS' }),
    ]);
    expect(player.id).toBeGreaterThan(0);
  });

  it('writes one warn line for a slow request', async () => {
    await app.inject({ method: 'GET', url: '/api/test/slow' });
    const [line, ...rest] = take();
    expect(rest).toEqual([]);
    expect(line).toMatchObject({ level: 40, msg: 'slow request', route: '/api/test/slow', status: 200 });
    expect(line!.ms).toBeGreaterThanOrEqual(1500);
  });

  it('writes exactly one error line, with the stack, for a server error', async () => {
    await app.inject({ method: 'GET', url: '/api/test/boom' });
    const written = take();
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ level: 50, msg: 'request failed', err: { message: 'boom' } });
  });
});

describe('LOG_LEVEL', () => {
  let logged: Awaited<ReturnType<typeof loggedApp>>;
  beforeAll(async () => {
    logged = await loggedApp('error');
  });
  afterAll(() => logged?.close());

  it('at error, keeps the error line and drops the info and warn lines', async () => {
    await logged.app.inject({ method: 'GET', url: '/api/user' });
    await logged.app.inject({ method: 'GET', url: '/api/test/slow' });
    expect(logged.take()).toEqual([]);
    await logged.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(logged.take()).toEqual([expect.objectContaining({ level: 50, msg: 'request failed' })]);
  });
});
