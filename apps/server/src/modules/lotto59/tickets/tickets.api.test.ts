import { jackpotMatches, jackpotTierOf } from '@lotto59/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../../test/databases';
import {
  betRowsOf,
  drawOf,
  openRound,
  pinNextDraws,
  placeBet,
  placeJackpot,
} from '../../../../test/lotto59-helpers';
import { createTestApp, TestBrowser, type TestContext } from '../../../../test/test-app';

/** Alice's one jackpot line: it must lose (the WIN_JACKPOT filter below is empty), on every run. */
const JACKPOT_LINE = [1, 2, 3, 4, 5];
const jackpotLineLoses = (numbers: number[]) => jackpotTierOf(jackpotMatches(JACKPOT_LINE, numbers)) === null;

describe.each(TEST_DIALECTS)('tickets, reports, results and pools on %s', (dialect) => {
  let t: TestContext;
  let alice: Awaited<ReturnType<typeof player>>;
  let bob: Awaited<ReturnType<typeof player>>;
  let firstRoundId: number;
  let aliceBetIds: number[];
  let aliceGroupId: number;

  async function player(balance: number) {
    const p = await t.newPlayer({ balance });
    const browser = new TestBrowser(t.app);
    await browser.login(p.username, p.password);
    return { id: p.id, browser, login: () => browser.login(p.username, p.password) };
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    alice = await player(100_000);
    bob = await player(100_000);
    const { scheduler } = t.app.services.lotto59;
    // The first tick opens a round in each pool: both get a seed whose draw leaves the line at most 2 hits
    // (an unseeded draw gave it 3 about once in 35 runs).
    const pinnedIds = await pinNextDraws(t, 2, jackpotLineLoses);
    await scheduler.tick();
    const round = await openRound(t.app, 'POLL_2');
    expect(t.random.pinnedLeft).toBe(0);
    expect(pinnedIds).toContain(round.id);
    expect(jackpotLineLoses(drawOf(round))).toBe(true);
    firstRoundId = round.id;
    const placed = await placeBet(alice.browser, {
      poll: 'POLL_2',
      result_id: round.id,
      bets: [
        { type: 'RANGE_3', amount: 1_000 },
        { type: 'RANGE_6', amount: 2_000 },
        { type: 'NUMBER', posts: ['E'], numbers: '1-3', amount: 500 },
      ],
    });
    aliceGroupId = placed.json().data.group_id;
    aliceBetIds = placed.json().data.bets.map((b: { id: number }) => b.id);
    await placeJackpot(alice.browser, { poll: 'POLL_2', result_id: round.id, lines: [JACKPOT_LINE] });
    await placeBet(bob.browser, {
      poll: 'POLL_2',
      result_id: round.id,
      bets: [{ type: 'RANGE_7', amount: 9_000 }],
    });
    // Settle the first round; place one more bet for Alice a day later, left outstanding.
    t.clock.advanceMs(60_000);
    await scheduler.tick();
    t.clock.advanceMs(65_000);
    await scheduler.tick();
    t.clock.advanceMs(24 * 3_600_000);
    await scheduler.tick();
    // A day later the sessions have expired: sign in again.
    await alice.login();
    await bob.login();
    const later = await openRound(t.app, 'POLL_2');
    await placeBet(alice.browser, {
      poll: 'POLL_2',
      result_id: later.id,
      bets: [{ type: 'RANGE_1', amount: 700 }],
    });
  });
  afterAll(() => t.close());

  const data = async (browser: TestBrowser, url: string) => {
    const res = await browser.get(url);
    expect(res.statusCode, url).toBe(200);
    return res.json().data;
  };

  it("lists only the caller's own tickets, filtered, paged, with totals", async () => {
    const all = await data(alice.browser, '/api/v1/ticket/list');
    expect(all.items).toHaveLength(7);
    expect(all.items.every((b: { id: number }) => b.id !== undefined)).toBe(true);
    expect(all.meta).toEqual({ current_page: 1, per_page: 20, total: 7, last_page: 1 });
    expect(all.total_amount).toBe(1_000 + 2_000 + 1_500 + 1_000 + 700);
    expect(all.items[0]).toMatchObject({
      type: 'RANGE_1',
      amount: 700,
      outstanding: true,
      status: 'PENDING',
    });
    const bobs = await data(bob.browser, '/api/v1/ticket/list');
    expect(bobs.items.map((b: { type: string }) => b.type)).toEqual(['RANGE_7']);

    const types = async (filter: string) =>
      (await data(alice.browser, `/api/v1/ticket/list?type=${filter}`)).items.map(
        (b: { type: string }) => b.type,
      );
    expect(await types('JACKPOT')).toEqual(['JACKPOT']);
    expect(await types('NOT_JACKPOT')).toHaveLength(6);
    expect(await types('RANGE_3')).toEqual(['RANGE_3']);
    expect(await types('OUTSTANDING')).toEqual(['RANGE_1']);
    expect(await types('WIN_JACKPOT')).toEqual([]);
    const jackpotLine = (await data(alice.browser, '/api/v1/ticket/list?type=JACKPOT')).items[0];
    expect(jackpotLine).toMatchObject({ numbers: [1, 2, 3, 4, 5], jackpot_result: expect.any(Number) });

    const page2 = await data(alice.browser, '/api/v1/ticket/list?per_page=5&page=2');
    expect(page2.items).toHaveLength(2);
    expect(page2.meta).toEqual({ current_page: 2, per_page: 5, total: 7, last_page: 2 });
    // Newest first, the later id first within one moment, pages in that order.
    const page1 = await data(alice.browser, '/api/v1/ticket/list?per_page=5&page=1');
    const newestFirst = [...all.items]
      .sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id)
      .map((b: { id: number }) => b.id);
    expect(all.items.map((b: { id: number }) => b.id)).toEqual(newestFirst);
    expect([...page1.items, ...page2.items].map((b: { id: number }) => b.id)).toEqual(newestFirst);
    // A page past the end: no rows, and the totals still those of the whole filter.
    const past = await data(alice.browser, '/api/v1/ticket/list?per_page=5&page=3');
    expect(past).toMatchObject({ items: [], meta: { total: 7 }, total_amount: all.total_amount });
    expect(await data(alice.browser, '/api/v1/ticket/list?type=WIN_JACKPOT')).toMatchObject({
      items: [],
      meta: { total: 0 },
      total_amount: 0,
      total_payout: 0,
    });
    const byRound = await data(alice.browser, `/api/v1/ticket/list?result_id=${firstRoundId}`);
    expect(byRound.items).toHaveLength(6);
    // The fake clock starts on 2026-11-21 in Phnom Penh; the last bet is on the 22nd.
    expect((await data(alice.browser, '/api/v1/ticket/list?from=2026-11-22')).items).toHaveLength(1);
    expect((await data(alice.browser, '/api/v1/ticket/list?to=2026-11-21')).items).toHaveLength(6);
    const bad = await alice.browser.get('/api/v1/ticket/list?type=MINE&player_id=2');
    expect(bad.statusCode).toBe(422);
  });

  it('counts outstanding tickets for the badge', async () => {
    expect(await data(alice.browser, '/api/v1/ticket/badge')).toEqual({ outstanding: 1 });
    expect(await data(bob.browser, '/api/v1/ticket/badge')).toEqual({ outstanding: 0 });
  });

  it("never shows another player's ticket by id: 404 as for one that does not exist", async () => {
    const own = await data(alice.browser, `/api/jackpot/search?id=${aliceBetIds[0]}`);
    expect(own.bet).toMatchObject({
      id: aliceBetIds[0],
      type: 'RANGE_3',
      status: expect.stringMatching(/WON|LOST/),
    });
    expect(own.round).toMatchObject({ id: firstRoundId, status: 'SETTLED', server_seed: expect.any(String) });
    for (const url of [
      `/api/jackpot/search?id=${aliceBetIds[0]}`,
      `/api/print?id=${aliceBetIds[0]}`,
      `/api/print?group_id=${aliceGroupId}`,
      '/api/jackpot/search?id=99999999',
    ]) {
      const res = await bob.browser.get(url);
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Ticket not found.' },
      });
    }
  });

  it('prints a whole submission as JSON', async () => {
    const ticket = await data(alice.browser, `/api/print?group_id=${aliceGroupId}`);
    expect(ticket).toMatchObject({
      group_id: aliceGroupId,
      result_id: firstRoundId,
      poll: 'POLL_2',
      total_amount: 4_500,
    });
    expect(ticket.bets).toHaveLength(5);
    expect(await data(alice.browser, `/api/print?id=${aliceBetIds[2]}`)).toEqual(ticket);
  });

  it('reports per Phnom Penh day, own bets only', async () => {
    const report = await data(alice.browser, '/api/bet/report?from=2026-11-20&to=2026-11-23');
    expect(report.items.map((d: { date: string }) => d.date)).toEqual(['2026-11-22', '2026-11-21']);
    const [day2, day1] = report.items;
    expect(day2).toEqual({
      date: '2026-11-22',
      count: 1,
      turnover: 700,
      payout: 0,
      win_loss: 0,
      outstanding: 1,
    });
    const rows = (await betRowsOf(t, alice.id)).filter((r) => r.round_id === firstRoundId);
    const paid = rows.reduce((s, r) => s + r.payout, 0);
    expect(day1).toEqual({
      date: '2026-11-21',
      count: 6,
      turnover: 5_500,
      payout: paid,
      win_loss: paid - 5_500,
      outstanding: 0,
    });
    expect(report.total).toEqual({
      count: 7,
      turnover: 6_200,
      payout: paid,
      win_loss: paid - 5_500,
      outstanding: 1,
    });
    const bobs = await data(bob.browser, '/api/bet/report?from=2026-11-20&to=2026-11-23');
    expect(bobs.total.count).toBe(1);
    expect(bobs.total.turnover).toBe(9_000);
    const tooLong = await alice.browser.get('/api/bet/report?from=2026-01-01&to=2026-11-23');
    expect(tooLong.statusCode).toBe(422);
  });

  it('serves results: grid, recent and paged history of revealed rounds only', async () => {
    const grid = await data(alice.browser, '/api/result/history?poll=POLL_2');
    expect(grid.poll).toBe('POLL_2');
    expect(grid.items.length).toBeGreaterThanOrEqual(1);
    const first = grid.items[0];
    expect(first.result_id).toBe(firstRoundId);
    expect(['OVER', 'UNDER']).toContain(first.status);
    expect(first.status === 'OVER').toBe(first.total > 300);
    const recent = await data(alice.browser, '/api/v1/result/recent?poll=POLL_2');
    expect(
      recent.items.every(
        (r: { numbers: number[]; server_seed: string }) => r.numbers.length === 10 && r.server_seed,
      ),
    ).toBe(true);
    const history = await data(alice.browser, '/api/v1/result/history?poll=POLL_2&per_page=1');
    expect(history.meta.per_page).toBe(1);
    expect(history.items).toHaveLength(1);
    const playing = await data(alice.browser, '/api/v1/result/playing?poll=POLL_2');
    expect(playing.round).toMatchObject({ status: 'OPEN', numbers: [], server_seed: null });
  });

  it('keeps the player pool under the seed §4 rules', async () => {
    const p = await t.newPlayer();
    const browser = new TestBrowser(t.app);
    await browser.login(p.username, p.password);
    expect(await data(browser, '/api/poll')).toEqual({ poll: 'POLL_1' });
    expect((await browser.post('/api/poll', { poll: 'POLL_2' })).json().data).toEqual({ poll: 'POLL_2' });
    expect(await data(browser, '/api/poll')).toEqual({ poll: 'POLL_2' });
    // Results follow the player's pool when no ?poll= is given.
    expect((await data(browser, '/api/v1/result/playing')).round.poll).toBe('POLL_2');
    await t.app.services.players.setFlags(p.id, { 'setting.enabled_poll_1': false });
    const refused = await browser.put('/api/poll', { poll: 'POLL_1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      code: 'POOL_NOT_ENABLED',
      message: 'Pool 1 is not enabled for this account.',
    });
    await t.app.services.players.setFlags(p.id, { 'setting.enabled_poll_1': true });
    expect((await browser.put('/api/poll', { poll: 'POLL_1' })).json().data).toEqual({ poll: 'POLL_1' });
    await t.app.services.players.setFlags(p.id, { 'setting.enabled_poll_1': false });
    expect(await data(browser, '/api/poll')).toEqual({ poll: 'POLL_2' });

    const fast = await t.newPlayer();
    await t.app.services.players.setFlags(fast.id, { enableFastGamePlay: true });
    const fastBrowser = new TestBrowser(t.app);
    await fastBrowser.login(fast.username, fast.password);
    expect(await data(fastBrowser, '/api/poll')).toEqual({ poll: 'POLL_2' });
  });

  it('needs a session on every lotto 59 read', async () => {
    const anonymous = new TestBrowser(t.app);
    for (const url of [
      '/api/v1/ticket/list',
      '/api/v1/ticket/badge',
      '/api/bet/report',
      '/api/jackpot/search?id=1',
      '/api/v1/jackpot/winner',
      '/api/poll',
      '/api/print?id=1',
      '/api/result/history',
      '/api/v1/result/recent',
      '/api/v1/result/history',
      '/api/v1/result/playing',
      '/api/v1/result/releasing',
    ]) {
      expect((await anonymous.get(url)).statusCode, url).toBe(401);
    }
  });
});
