import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../../test/databases';
import { ProviderWalletClient, uuid } from '../../../../test/provider-wallet-client';
import { createTestApp, TestBrowser, type TestContext } from '../../../../test/test-app';

const SECRET_SPORT = 'd4'.repeat(32);
const MINUTE = 60_000;
const DAY = 24 * 3_600_000;
const KICKOFF = '2026-11-21T13:00:00.000Z';

const leg = (fixture: string, market: string, selection: string, line: number | null, odds: unknown) => ({
  fixture,
  kickoff_at: KICKOFF,
  market,
  selection,
  line,
  odds,
});

/**
 * The report is read from what the seamless wallet stored: these slips reach it as the sportsbook sends them,
 * signed calls with the providers.md §8 sport meta (bet `{slip_no, type, legs, odds}`, win `{status, legs}`).
 */
describe.each(TEST_DIALECTS)('sport report on %s (providers.md §8)', (dialect) => {
  let t: TestContext;
  let sport: ProviderWalletClient;
  let alice: TestBrowser;
  let bob: TestBrowser;
  const placedAt: Record<string, number> = {};

  interface Seat {
    token: string;
    user: string;
  }

  async function seat(browser: TestBrowser, user: string): Promise<Seat> {
    const { url, token } = (await browser.get('/api/sport/login')).json().data as {
      url: string;
      token: string;
    };
    const code = new URL(url, 'http://x').searchParams.get('code');
    expect((await sport.call('session', { request_uuid: uuid(), code })).status).toBe('RS_OK');
    return { token, user };
  }

  /** One slip: its bet, and its win when `settle` is given (the clock moves a minute per slip). */
  async function slip(
    s: Seat,
    id: string,
    stake: number,
    betMeta: Record<string, unknown>,
    settle?: { payout: number; meta: Record<string, unknown> },
  ) {
    t.clock.advanceMs(MINUTE);
    placedAt[id] = t.clock.nowMs();
    const bet = {
      request_uuid: uuid(),
      transaction_uuid: uuid(),
      token: s.token,
      user: s.user,
      game_code: 'demo-league',
      round_id: id,
      amount: stake,
      currency: 'KHR',
      meta: betMeta,
    };
    expect((await sport.call('bet', bet)).status).toBe('RS_OK');
    if (settle) {
      const win = await sport.call('win', {
        request_uuid: uuid(),
        transaction_uuid: uuid(),
        reference_transaction_uuid: bet.transaction_uuid,
        token: s.token,
        user: s.user,
        game_code: 'demo-league',
        round_id: id,
        amount: settle.payout,
        round_closed: true,
        currency: 'KHR',
        meta: settle.meta,
      });
      expect(win.status).toBe('RS_OK');
    }
    return bet;
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { PROVIDER_SPORT_SECRET: SECRET_SPORT });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    sport = new ProviderWalletClient(`http://127.0.0.1:${address.port}`, 'sport', SECRET_SPORT, () =>
      t.clock.nowMs(),
    );
    const a = await t.newPlayer({ balance: 100_000 });
    const b = await t.newPlayer({ balance: 100_000 });
    alice = new TestBrowser(t.app, '10.8.0.1');
    bob = new TestBrowser(t.app, '10.8.0.2');
    await alice.login(a.username, a.password);
    await bob.login(b.username, b.password);
    const as = await seat(alice, String(a.id));
    const bs = await seat(bob, String(b.id));

    // Ten days ago (2026-11-11 in Phnom Penh): outside the default 7 days.
    t.clock.advanceMs(-10 * DAY);
    await slip(as, 'slip-old', 4_000, {
      slip_no: 7,
      type: 'SINGLE',
      odds: 1.86,
      legs: [leg('Kep Crabs v Bokor Eagles', 'OU', 'OVER', 2.5, 1.86)],
    });
    t.clock.advanceMs(10 * DAY);

    await slip(
      as,
      'slip-a',
      10_000,
      {
        slip_no: 42,
        type: 'SINGLE',
        odds: 1.43,
        legs: [leg('Mekong Tigers v Koh Kong Dolphins', '1X2', 'HOME', null, 1.43)],
      },
      { payout: 14_300, meta: { status: 'WON', legs: [{ result: 'WIN', score: '2-0' }] } },
    );
    // AH −1.25 at 2.02 half won (2-1), O/U 2.5 over at 1.86 won, one void leg: 5,000 × 1.51 × 1.86 = 14,043.
    await slip(
      as,
      'slip-b',
      5_000,
      {
        slip_no: '1234567',
        type: 'PARLAY',
        odds: '7.40',
        legs: [
          leg('Mekong Tigers v Koh Kong Dolphins', 'AH', 'HOME', -1.25, '2.02'),
          leg('Angkor Lions v Kampot Pepper', 'OU', 'OVER', 2.5, '1.86'),
          leg('Ratanak Stars v Tonle Sap Sharks', '1X2', 'DRAW', null, '1.97'),
        ],
      },
      {
        payout: 14_043,
        meta: {
          status: 'HALF_WON',
          legs: [
            { result: 'HALF_WIN', score: '2-1' },
            { result: 'WIN', score: { home: 2, away: 1 } },
            { result: 'VOID', score: null },
          ],
        },
      },
    );
    // A parlay still waiting for its win; this sportsbook wrote its odds in hundredths.
    await slip(as, 'slip-c', 2_000, {
      slip_no: 43,
      type: 'PARLAY',
      odds: 300,
      legs: [
        leg('Kep Crabs v Bokor Eagles', '1X2', 'AWAY', null, 143),
        leg('Angkor Lions v Kampot Pepper', 'AH', 'AWAY', 0.5, 210),
      ],
    });
    await slip(
      as,
      'slip-d',
      3_000,
      {
        slip_no: 44,
        type: 'SINGLE',
        odds: 4.64,
        legs: [leg('Kep Crabs v Bokor Eagles', '1X2', 'DRAW', null, 4.64)],
      },
      { payout: 3_000, meta: { status: 'VOID', legs: [{ result: 'VOID', score: null }] } },
    );
    await slip(
      as,
      'slip-e',
      1_000,
      {
        slip_no: 45,
        type: 'SINGLE',
        odds: 7.17,
        legs: [leg('Kep Crabs v Bokor Eagles', '1X2', 'AWAY', null, 7.17)],
      },
      { payout: 0, meta: { status: 'LOST', legs: [{ result: 'LOSS', score: [0, 1] }] } },
    );
    // A placement that failed after the debit: rolled back, so never a slip.
    const failed = await slip(as, 'slip-f', 6_000, { slip_no: 46, type: 'SINGLE', odds: 2, legs: [] });
    const rolled = await sport.call('rollback', {
      request_uuid: uuid(),
      transaction_uuid: uuid(),
      reference_transaction_uuid: failed.transaction_uuid,
      token: as.token,
      user: as.user,
      game_code: 'demo-league',
      round_id: 'slip-f',
    });
    expect(rolled.status).toBe('RS_OK');
    await slip(
      bs,
      'slip-bob',
      7_000,
      {
        slip_no: 47,
        type: 'SINGLE',
        odds: 1.8,
        legs: [leg('Kep Crabs v Bokor Eagles', 'AH', 'AWAY', 1.25, 1.8)],
      },
      { payout: 0, meta: { status: 'LOST', legs: [{ result: 'LOSS', score: '3-0' }] } },
    );
    // Settlement happened later than placement: settled_at is the win's time.
    t.clock.advanceMs(MINUTE);
  });
  afterAll(() => t.close());

  const ids = (items: { id: string }[]) => items.map((i) => i.id);

  it("lists the caller's slips of the last 7 days newest first, read from the wallet's meta", async () => {
    const res = await alice.get('/api/report/sport');
    expect(res.statusCode).toBe(200);
    const { items, meta } = res.json().data;
    expect(ids(items)).toEqual(['slip-e', 'slip-d', 'slip-c', 'slip-b', 'slip-a']);
    expect(meta).toEqual({ current_page: 1, per_page: 20, total: 5, last_page: 1 });
    expect(items[4]).toEqual({
      id: 'slip-a',
      slip_no: '0000042',
      created_at: new Date(placedAt['slip-a']!).toISOString(),
      type: 'SINGLE',
      legs: [
        {
          fixture: 'Mekong Tigers v Koh Kong Dolphins',
          kickoff_at: KICKOFF,
          market: '1X2',
          selection: 'HOME',
          line: null,
          odds: '1.43',
          result: 'WIN',
          score: '2-0',
        },
      ],
      odds: '1.43',
      stake: 10_000,
      payout: 14_300,
      win_lose: 4_300,
      status: 'WON',
      settled_at: new Date(placedAt['slip-a']!).toISOString(),
    });
    expect(items[3]).toMatchObject({
      slip_no: '1234567',
      type: 'PARLAY',
      odds: '7.40',
      stake: 5_000,
      payout: 14_043,
      win_lose: 9_043,
      status: 'HALF_WON',
    });
    expect(items[3].legs).toEqual([
      expect.objectContaining({
        market: 'AH',
        line: '-1.25',
        odds: '2.02',
        result: 'HALF_WIN',
        score: '2-1',
      }),
      expect.objectContaining({ market: 'OU', line: '2.5', odds: '1.86', result: 'WIN', score: '2-1' }),
      expect.objectContaining({ market: '1X2', line: null, odds: '1.97', result: 'VOID', score: null }),
    ]);
    // PENDING until the win arrives: no results, no payout, not settled.
    expect(items[2]).toMatchObject({
      status: 'PENDING',
      odds: '3.00',
      payout: 0,
      win_lose: -2_000,
      settled_at: null,
    });
    expect(items[2].legs.map((l: { odds: string; result: unknown }) => [l.odds, l.result])).toEqual([
      ['1.43', null],
      ['2.10', null],
    ]);
    expect(items[1]).toMatchObject({ status: 'VOID', stake: 3_000, payout: 3_000, win_lose: 0 });
    expect(items[0]).toMatchObject({ status: 'LOST', payout: 0, win_lose: -1_000 });
    expect(items[0].legs[0]).toMatchObject({ result: 'LOSS', score: '0-1' });
  });

  it('sums in integers over the whole filter, not the page, with the pending slips apart', async () => {
    const total = (await alice.get('/api/report/sport/total?per_page=2&page=2')).json().data;
    expect(total).toEqual({
      count: 5,
      stake: 21_000,
      payout: 31_343,
      win_lose: 10_343,
      pending_count: 1,
      pending_stake: 2_000,
    });
    const page = (await alice.get('/api/report/sport?per_page=2&page=2')).json().data;
    expect(ids(page.items)).toEqual(['slip-c', 'slip-b']);
    expect(page.meta).toEqual({ current_page: 2, per_page: 2, total: 5, last_page: 3 });
  });

  it('filters by status (HALF_WON is not WON), game code and Phnom Penh days', async () => {
    const status = async (s: string) =>
      ids((await alice.get(`/api/report/sport?status=${s}`)).json().data.items);
    expect(await status('PENDING')).toEqual(['slip-c']);
    expect(await status('WON')).toEqual(['slip-a']);
    expect(await status('HALF_WON')).toEqual(['slip-b']);
    expect(await status('VOID')).toEqual(['slip-d']);
    expect(await status('PUSH')).toEqual([]);
    expect((await alice.get('/api/report/sport/total?status=LOST')).json().data).toEqual({
      count: 1,
      stake: 1_000,
      payout: 0,
      win_lose: -1_000,
      pending_count: 0,
      pending_stake: 0,
    });
    expect((await alice.get('/api/report/sport/total?status=PENDING')).json().data).toMatchObject({
      count: 1,
      pending_count: 1,
      pending_stake: 2_000,
    });
    expect(ids((await alice.get('/api/report/sport?game_code=baccarat')).json().data.items)).toEqual([]);
    const old = (await alice.get('/api/report/sport?from=2026-11-11&to=2026-11-11')).json().data;
    expect(ids(old.items)).toEqual(['slip-old']);
    expect(old.items[0]).toMatchObject({ slip_no: '0000007', status: 'PENDING', odds: '1.86' });
    expect(
      (await alice.get('/api/report/sport/total?from=2026-11-01&to=2026-11-21')).json().data,
    ).toMatchObject({
      count: 6,
      stake: 25_000,
    });
  });

  it('refuses a range longer than 31 days and bad filters with 422', async () => {
    for (const url of [
      '/api/report/sport?from=2026-10-01&to=2026-11-21',
      '/api/report/sport/total?from=2026-10-01&to=2026-11-21',
      '/api/report/sport?status=OPEN',
      '/api/report/sport?status=ROLLED_BACK',
      '/api/report/sport?per_page=101',
      '/api/report/sport?to=2026-11-01&from=2026-11-02',
      '/api/report/sport?kind=x',
    ]) {
      const res = await alice.get(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json()).toMatchObject({ message: expect.any(String) });
    }
    expect((await alice.get('/api/report/sport?from=2026-10-22&to=2026-11-21')).statusCode).toBe(200);
  });

  it("never shows another player's slips, and needs a session", async () => {
    const bobs = (await bob.get('/api/report/sport')).json().data;
    expect(ids(bobs.items)).toEqual(['slip-bob']);
    expect(bobs.items[0]).toMatchObject({ slip_no: '0000047', status: 'LOST' });
    expect(bobs.items[0].legs[0]).toMatchObject({ line: '1.25', odds: '1.80', score: '3-0' });
    expect((await bob.get('/api/report/sport/total')).json().data).toEqual({
      count: 1,
      stake: 7_000,
      payout: 0,
      win_lose: -7_000,
      pending_count: 0,
      pending_stake: 0,
    });
    const anonymous = new TestBrowser(t.app, '10.8.0.3');
    expect((await anonymous.get('/api/report/sport')).statusCode).toBe(401);
    expect((await anonymous.get('/api/report/sport/total')).statusCode).toBe(401);
  });
});
