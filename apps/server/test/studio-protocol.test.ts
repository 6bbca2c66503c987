import { randomBytes } from 'node:crypto';
import { createDemoProvider, type DemoProvider } from '@lotto59/demo-provider/server';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { limitClassOf } from '../src/plugins/rate-limits';
import { TEST_DIALECTS } from './databases';
import { fakeStudioPages, freePort, launchAndOpen, studioCall } from './studio-harness';
import { createTestApp, TestBrowser, type TestContext } from './test-app';
import { dropTestSchema, testSchemaName } from './test-schemas';

/*
 * The demo studio and our wallet through real HTTP (providers.md §1–§3, §5), on each database:
 * - SQLite: the studio mounted in our process (embedded mode, app.ts), with the secrets our server generated
 *   in the data folder, calling our wallet at our own listen address;
 * - PostgreSQL: our server in server mode and the studio on its own Fastify and its own PostgreSQL schema.
 * A player launches, the studio exchanges the code, spins and deals; every round moves the balance by exactly
 * its stake and its win, the casino's rounds keep the studio's meta, and the ledger reconciles.
 */

interface SpinReply {
  round_id: string;
  total_bet: number;
  win: number;
  balance: number;
  stops: number[];
}
interface DealReply {
  round_id: string;
  total_bet: number;
  win: number;
  balance: number;
  player_cards: number[];
  banker_cards: number[];
  bets: { type: string; amount: number; payout: number }[];
}

describe.each(TEST_DIALECTS)('the demo studio against our wallet over HTTP on %s', (dialect) => {
  let t: TestContext;
  let studioBase: string;
  let own: { studio: DemoProvider; app: FastifyInstance; schema: string } | undefined;

  beforeAll(async () => {
    const webDist = fakeStudioPages();
    if (dialect === 'sqlite') {
      // PORT=0: the mounted studio finds our wallet at the port we got, known only once listening.
      t = await createTestApp('sqlite', {
        DEMO_PROVIDER: 'embedded',
        PORT: '0',
        DEMO_PROVIDER_WEB_DIST_DIR: webDist,
        // Low, so that the studio's own 401s would lock the address out if they were counted as ours.
        RATE_LIMIT_REFUSALS: '3',
        RATE_LIMIT_STUDIO: '25',
      });
      studioBase = `${await t.app.listen({ host: '127.0.0.1', port: 0 })}/provider/demo`;
      return;
    }
    const secrets = { '2': randomBytes(32).toString('hex'), '3': randomBytes(32).toString('hex') };
    // The studio on its own origin: our launch URLs point at it, and our pages may frame only it.
    const studioPort = await freePort();
    t = await createTestApp('postgres', {
      PROVIDER_2_SECRET: secrets['2'],
      PROVIDER_3_SECRET: secrets['3'],
      PROVIDER_DEMO_URL: `http://127.0.0.1:${studioPort}/provider/demo`,
    });
    const wallet = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const schema = testSchemaName('studio');
    const studio = await createDemoProvider({
      database: { kind: 'postgres', url: process.env.TEST_DATABASE_URL!, schema },
      secrets,
      walletBaseUrl: wallet,
      clock: () => t.clock.nowMs(),
      webDistDir: webDist,
      frameAncestors: ["'self'", wallet],
    });
    const app = Fastify();
    await app.register(studio.plugin, { prefix: '/provider/demo' });
    const address = await app.listen({ host: '127.0.0.1', port: studioPort });
    own = { studio, app, schema };
    studioBase = `${address}/provider/demo`;
  });

  afterAll(async () => {
    if (own) {
      await own.app.close();
      await own.studio.close();
      await dropTestSchema(process.env.TEST_DATABASE_URL!, own.schema);
    }
    await t?.close();
  });

  afterEach(async () => {
    expect(await t.app.services.wallet.reconcile()).toMatchObject({ ok: true });
  });

  const balanceOf = (playerId: number) => t.app.services.wallet.playerBalance(playerId);
  const casinoRound = (provider: string, roundId: string) =>
    t.tdb.db
      .selectFrom('provider_rounds')
      .selectAll()
      .where('provider', '=', provider as '2' | '3')
      .where('round_id', '=', roundId)
      .executeTakeFirstOrThrow();

  it('launches into the studio page of the game, then spins: each round moves exactly stake and win', async () => {
    const player = await t.newPlayer({ balance: 200_000 });
    const seat = await launchAndOpen(t.app, studioBase, player, {
      provider: '3',
      gameCode: 'angkor-fortune',
    });
    expect(seat.user).toBe(String(player.id));

    // The launch URL opens the studio's page of that game (the mounted studio on our origin in embedded mode).
    const url = new URL(seat.url, studioBase);
    expect(url.pathname).toBe('/provider/demo/angkor-fortune/');
    const page = await fetch(new URL(`${url.pathname}${url.search}`, studioBase));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>angkor-fortune</title>');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(page.headers.get('x-frame-options')).toBeNull();
    // Our pages may frame it: same origin when mounted, else its origin is the one frame-src widening.
    const ours = await t.app.inject({ method: 'GET', url: '/healthz' });
    const frameSrc = String(ours.headers['content-security-policy']).match(/frame-src ([^;]*)/)?.[1];
    expect(frameSrc).toBe(dialect === 'sqlite' ? "'self'" : `'self' ${url.origin}`);
    if (dialect === 'postgres') {
      expect(url.origin).not.toBe(new URL(t.app.listeningOrigin).origin);
      expect(page.headers.get('content-security-policy')).toContain(
        `frame-ancestors 'self' ${t.app.listeningOrigin}`,
      );
    }

    let expected = 200_000;
    const me = await studioCall(studioBase, 'GET', 'api/me', undefined, seat.session);
    expect(me.body).toMatchObject({ balance: expected, currency: 'KHR', game_code: 'angkor-fortune' });

    for (const [i, lineBet] of [500, 50, 2500, 100, 1000, 250].entries()) {
      const res = await studioCall(
        studioBase,
        'POST',
        'api/slot/spin',
        { line_bet: lineBet, request_id: `spin-${i}` },
        seat.session,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const spin = res.body as SpinReply;
      expect(spin.total_bet).toBe(lineBet * 20);
      expected += spin.win - spin.total_bet;
      expect(spin.balance).toBe(expected);
      expect(await balanceOf(player.id)).toBe(expected);

      const row = await casinoRound('3', spin.round_id);
      expect(row).toMatchObject({
        player_id: player.id,
        game_code: 'angkor-fortune',
        stake: spin.total_bet,
        payout: spin.win,
        status: 'CLOSED',
      });
      // The studio's round meta rides on its win: the stops a player's report can show.
      expect(JSON.parse(row.win_meta ?? 'null')).toMatchObject({ stops: spin.stops });
    }
    // A replay of a request id is the first answer, and moves nothing.
    const replay = await studioCall(
      studioBase,
      'POST',
      'api/slot/spin',
      { line_bet: 500, request_id: 'spin-0' },
      seat.session,
    );
    expect(replay.status).toBe(200);
    expect(await balanceOf(player.id)).toBe(expected);
  });

  it('deals baccarat (provider 2): the stake and the payout move to the riel', async () => {
    const player = await t.newPlayer({ balance: 100_000 });
    const seat = await launchAndOpen(t.app, studioBase, player, { provider: '2', gameCode: 'baccarat' });
    const bets = [
      { type: 'PLAYER', amount: 5_000 },
      { type: 'BANKER', amount: 3_000 },
      { type: 'TIE', amount: 1_000 },
    ];
    let expected = 100_000;
    for (let i = 0; i < 4; i++) {
      const res = await studioCall(
        studioBase,
        'POST',
        'api/baccarat/deal',
        { bets, request_id: `deal-${i}` },
        seat.session,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const deal = res.body as DealReply;
      expect(deal.total_bet).toBe(9_000);
      expected += deal.win - deal.total_bet;
      expect(deal.balance).toBe(expected);
      expect(await balanceOf(player.id)).toBe(expected);
      const row = await casinoRound('2', deal.round_id);
      expect(row).toMatchObject({ stake: 9_000, payout: deal.win, status: 'CLOSED' });
      // The cards and each bet's payout, as the studio dealt them.
      expect(JSON.parse(row.win_meta ?? 'null')).toMatchObject({
        player_cards: deal.player_cards,
        banker_cards: deal.banker_cards,
        bets: deal.bets,
      });
      expect(deal.bets.reduce((sum, b) => sum + b.payout, 0)).toBe(deal.win);
    }
  });

  it('a stake larger than the balance is refused by our wallet and moves nothing', async () => {
    const player = await t.newPlayer({ balance: 1_500 });
    const seat = await launchAndOpen(t.app, studioBase, player, {
      provider: '3',
      gameCode: 'angkor-fortune',
    });
    const res = await studioCall(
      studioBase,
      'POST',
      'api/slot/spin',
      { line_bet: 2500, request_id: 'too-much' },
      seat.session,
    );
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'NOT_ENOUGH_MONEY' });
    expect(await balanceOf(player.id)).toBe(1_500);
  });

  it.runIf(dialect === 'sqlite')(
    'the mounted studio is the studio’s: no XSRF or session of ours, its own headers and 404s',
    async () => {
      // A browser signed in to us, with our cookies, posting to the studio without an XSRF header: the
      // studio answers (its own refusal of a bad code), our 419 never comes.
      const player = await t.newPlayer();
      const browser = new TestBrowser(t.app);
      await browser.login(player.username, player.password);
      browser.sendXsrf = false;
      const res = await browser.post('/provider/demo/api/session', { provider: '3', code: 'nope' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'INVALID_SESSION' });
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      // The studio's refusals are its own (its `studio` rate class): they never lock the address out of ours.
      for (let i = 0; i < 5; i++) {
        const stale = await browser.request({
          method: 'GET',
          url: '/provider/demo/api/me',
          headers: { authorization: 'Bearer stale' },
        });
        expect(stale.statusCode).toBe(401);
      }
      expect((await browser.get('/api/user')).statusCode).toBe(200);
      // Past its budget per address, the studio's routes answer our 429 (our shape, with Retry-After), and
      // our own routes keep theirs.
      const statuses: number[] = [];
      for (let i = 0; i < 26; i++) {
        const r = await t.app.inject({
          method: 'GET',
          url: '/provider/demo/api/me',
          remoteAddress: '10.9.8.7',
        });
        statuses.push(r.statusCode);
        if (r.statusCode === 429) {
          expect(r.json()).toMatchObject({ code: 'RATE_LIMITED' });
          expect(Number(r.headers['retry-after'])).toBeGreaterThan(0);
        }
      }
      expect(statuses.filter((s) => s === 401)).toHaveLength(25);
      expect(statuses[25]).toBe(429);
      expect(
        (await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: '10.9.8.7' })).statusCode,
      ).toBe(200);
      // An unknown path under the studio is a JSON 404, never our web app's HTML.
      const missing = await t.app.inject({ method: 'GET', url: '/provider/demo/nothing/here' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toContain('application/json');
      // Its routes are counted in their own rate-limit class, per address.
      expect(limitClassOf('POST', '/provider/demo/api/slot/spin')).toBe('studio');
      expect(limitClassOf('GET', '/provider/demo/:game/')).toBe('studio');
    },
  );
});
