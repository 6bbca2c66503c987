import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { riel } from '@lotto59/domain';
import { TEST_DIALECTS } from '../../../test/databases';
import { FakeTransferProvider } from '../../../test/fake-transfer-provider';
import { betBody as lotteryBet, lotteryPlayer, nextDraw, postBet } from '../../../test/lottery-helpers';
import { openRound, placeBet } from '../../../test/lotto59-helpers';
import { betBody, seat, walletClient, winBody } from '../../../test/provider-seat';
import type { ProviderWalletClient } from '../../../test/provider-wallet-client';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/test-app';

const SECRET_3 = 'c3'.repeat(32);
const SECRET_4 = 'd4'.repeat(32);
const DAY = 86_400_000;

// Responsible gaming across every product and the player's API (responsible-gaming.md §3, §4), both databases.
describe.each(TEST_DIALECTS)('responsible gaming across products on %s', (dialect) => {
  let t: TestContext;
  let slots: ProviderWalletClient;
  let studio4: FakeTransferProvider;

  beforeAll(async () => {
    let nowMs = () => Date.now();
    studio4 = new FakeTransferProvider(SECRET_4, () => nowMs(), 1_500);
    const base = await studio4.start();
    t = await createTestApp(dialect, {
      PROVIDER_3_SECRET: SECRET_3,
      PROVIDER_4_SECRET: SECRET_4,
      PROVIDER_DEMO_URL: base,
    });
    nowMs = () => t.clock.nowMs();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    slots = walletClient(t, '3', SECRET_3);
    await t.app.services.lotto59.scheduler.tick();
    await t.app.services.lottery.scheduler.tick();
  });
  afterAll(async () => {
    await t?.close();
    await studio4?.stop();
  });
  afterEach(async () => {
    expect(await t.app.services.wallet.reconcile()).toMatchObject({ ok: true });
  });

  const rg = () => t.app.services.rg;
  const operator = { by: 'operator' as const, reason: 'test' };
  const balanceOf = (playerId: number) => t.app.services.wallet.playerBalance(playerId);
  /** The open lotto 59 round now: the scheduler is ticked first, as tests move the clock on. */
  async function lottoRound() {
    await t.app.services.lotto59.scheduler.tick();
    return (await openRound(t.app, 'POLL_2')).id;
  }
  async function player(balance: number) {
    const p = await t.newPlayer({ balance });
    const browser = new TestBrowser(t.app);
    expect((await browser.login(p.username, p.password)).statusCode).toBe(200);
    return { ...p, browser };
  }

  it('lottery tickets: the net price is judged, accepted up to the limit and refused past it', async () => {
    const probe = await lotteryPlayer(t, 100_000);
    const draw = await nextDraw(t.app, 'VN-S');
    const item = { bet_type: '2D', posts: ['A'], numbers: '12', amount: 1000 };
    const first = await postBet(probe.browser, lotteryBet(draw.id, 'VN', [item]));
    const net = first.json().data.ticket.net_amount as number;

    const p = await lotteryPlayer(t, 100_000);
    await rg().setLimit(p.id, { kind: 'WAGER', period: 'DAY', amount: 2 * net }, operator);
    expect((await postBet(p.browser, lotteryBet(draw.id, 'VN', [item]))).statusCode).toBe(200);
    expect((await postBet(p.browser, lotteryBet(draw.id, 'VN', [item]))).statusCode).toBe(200);
    const refused = await postBet(p.browser, lotteryBet(draw.id, 'VN', [item]));
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'LIMIT_REACHED',
      remaining: 0,
      kind: 'WAGER',
      period: 'DAY',
    });
    expect(await balanceOf(p.id)).toBe(100_000 - 2 * net);
  });

  it('seamless bets: RS_ERROR_LIMIT_REACHED past the limit, RS_ERROR_USER_DISABLED on a break; a win of a round staked before is paid', async () => {
    const s = await seat(t, slots, 100_000);
    await rg().setLimit(s.player.id, { kind: 'LOSS', period: 'DAY', amount: 5_000 }, operator);
    const placed = betBody(s, 5_000);
    expect(await slots.call('bet', placed)).toMatchObject({ status: 'RS_OK', balance: 95_000 });
    expect(await slots.call('bet', betBody(s, 1))).toMatchObject({ status: 'RS_ERROR_LIMIT_REACHED' });
    await rg().takeBreak(s.player.id, 1);
    expect(await slots.call('bet', betBody(s, 1))).toMatchObject({ status: 'RS_ERROR_USER_DISABLED' });
    // The player's state is answered before the wallet's own maximum (providers.md §3), on both databases.
    expect(await slots.call('bet', betBody(s, t.config.PROVIDER_MAX_BET + 1))).toMatchObject({
      status: 'RS_ERROR_USER_DISABLED',
    });
    // The round staked before the break still settles: its win is paid and lowers the loss.
    expect(await slots.call('win', winBody(s, placed, 3_000))).toMatchObject({
      status: 'RS_OK',
      balance: 98_000,
    });
    expect((await rg().view(s.player.id)).limits[0]).toMatchObject({ used: 2_000, remaining: 3_000 });
  });

  it('a break refuses every product and every launch; a self-exclusion too, and pays a lotto 59 win staked before', async () => {
    const p = await player(100_000);
    const round = await lottoRound();
    expect(
      (
        await placeBet(p.browser, {
          poll: 'POLL_2',
          result_id: round,
          bets: [{ type: 'RANGE_3', amount: 1000 }],
        })
      ).statusCode,
    ).toBe(200);
    await t.app.services.players.setFlags(p.id, { enableLottery: true });
    await rg().takeBreak(p.id, 7);
    const refusedEverywhere = async (code: string) => {
      const draw = await nextDraw(t.app, 'VN-S');
      const answers = [
        await placeBet(p.browser, {
          poll: 'POLL_2',
          result_id: round,
          bets: [{ type: 'RANGE_3', amount: 1000 }],
        }),
        await postBet(
          p.browser,
          lotteryBet(draw.id, 'VN', [{ bet_type: '2D', posts: ['A'], numbers: '12', amount: 1000 }]),
        ),
        await p.browser.get('/api/external/3/url?lang=en&platform=desktop'),
        await p.browser.post('/api/fishing/settoken', { provider: 4, amount: 5_000 }),
      ];
      for (const a of answers) expect([a.statusCode, a.json().code]).toEqual([403, code]);
    };
    await refusedEverywhere('ON_BREAK');
    expect((await p.browser.get('/api/user/limits')).json().data.break_until).toBe(t.clock.nowMs() + 7 * DAY);
    // The round staked before is settled and paid all the same (RANGE_3 wins or loses: either way it settles).
    const before = await balanceOf(p.id);
    await rg().exclude(p.id, 6, operator);
    t.clock.advanceMs(10 * 60_000);
    await t.app.services.lotto59.scheduler.tick();
    await t.app.services.lotto59.scheduler.tick();
    const settled = await t.tdb.db
      .selectFrom('lotto59_rounds')
      .select('status')
      .where('id', '=', round)
      .executeTakeFirstOrThrow();
    expect(settled.status).toBe('SETTLED');
    const payouts = await t.tdb.db
      .selectFrom('transfers')
      .select('amount')
      .where('kind', '=', 'bet_payout')
      .where('idempotency_key', '=', `bet-payout:${round}:${p.id}`)
      .execute();
    expect(await balanceOf(p.id)).toBe(before + payouts.reduce((s, x) => s + x.amount, 0));
    // An exclusion ends the sessions and refuses a new login.
    expect((await p.browser.get('/api/user/limits')).statusCode).toBe(401);
    const login = await new TestBrowser(t.app).login(p.username, p.password);
    expect([login.statusCode, login.json().code]).toEqual([403, 'SELF_EXCLUDED']);
  });

  it('fishing: the amount moved into provider 4 is a stake, refused past the room', async () => {
    const p = await player(100_000);
    await rg().setLimit(p.id, { kind: 'WAGER', period: 'WEEK', amount: 20_000 }, operator);
    const refused = await p.browser.post('/api/fishing/settoken', { provider: 4, amount: 20_001 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'LIMIT_REACHED',
      remaining: 20_000,
      kind: 'WAGER',
      period: 'WEEK',
    });
    expect(await balanceOf(p.id)).toBe(100_000);
    const opened = await p.browser.post('/api/fishing/settoken', { provider: 4, amount: 20_000 });
    expect(opened.statusCode).toBe(200);
    expect(await balanceOf(p.id)).toBe(80_000);
    // Closing brings it back (a transfer out is never refused) and counts as a payout.
    expect((await p.browser.post('/api/fishing/settoken', { provider: 4, token: null })).statusCode).toBe(
      200,
    );
    expect(await balanceOf(p.id)).toBe(100_000);
  });

  it('cashier deposits over the deposit limit are refused with the room left', async () => {
    const p = await t.newPlayer({ balance: 10_000 });
    await rg().setLimit(p.id, { kind: 'DEPOSIT', period: 'MONTH', amount: 15_000 }, operator);
    const deposit = (amount: number, key: string) =>
      t.app.services.cashier.deposit({ playerId: p.id, amount: riel(amount), idempotencyKey: key });
    await expect(deposit(5_001, 'a')).rejects.toMatchObject({
      code: 'LIMIT_REACHED',
      options: { details: { remaining: 5_000, kind: 'DEPOSIT', period: 'MONTH' } },
    });
    await deposit(5_000, 'b');
    // The same key again is a replay: it moves nothing and counts nothing.
    await deposit(5_000, 'b');
    expect(await balanceOf(p.id)).toBe(15_000);
    expect((await rg().view(p.id)).limits[0]).toMatchObject({ used: 15_000, remaining: 0 });
  });

  it("the player's API: set at once, a raise pending until its date and then confirmed, cancel, reality check", async () => {
    const p = await player(100_000);
    const put = (amount: number | null) =>
      p.browser.put('/api/user/limits', { kind: 'WAGER', period: 'DAY', amount });
    expect((await put(10_000)).json().data.limits[0]).toMatchObject({ amount: 10_000, pending: null });
    // Lowering is at once; raising waits.
    expect((await put(8_000)).json().data.limits[0]).toMatchObject({ amount: 8_000, pending: null });
    const raised = (await put(50_000)).json().data.limits[0];
    expect(raised).toMatchObject({
      amount: 8_000,
      pending: { amount: 50_000, effective_at: t.clock.nowMs() + DAY, confirm_by: t.clock.nowMs() + 8 * DAY },
    });
    // The same request again keeps its date (idempotent).
    t.clock.advanceMs(60_000);
    expect((await put(50_000)).json().data.limits[0].pending.effective_at).toBe(raised.pending.effective_at);
    const confirm = () => p.browser.post('/api/user/limits/confirm', { kind: 'WAGER', period: 'DAY' });
    expect([(await confirm()).statusCode, (await confirm()).json().code]).toEqual([409, 'NOT_YET']);
    // Still the old limit: 8,001 is refused.
    const round = await lottoRound();
    expect(
      (
        await placeBet(p.browser, {
          poll: 'POLL_2',
          result_id: round,
          bets: [{ type: 'RANGE_3', amount: 8_001 }],
        })
      ).json(),
    ).toMatchObject({ code: 'LIMIT_REACHED', remaining: 8_000 });
    t.clock.advanceMs(DAY);
    // A day later the session has expired (idle 2 h): the player logs in again.
    await p.browser.login(p.username, p.password);
    const confirmed = await confirm();
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.limits[0]).toMatchObject({ amount: 50_000, pending: null });
    expect([(await confirm()).statusCode, (await confirm()).json().code]).toEqual([404, 'NOT_FOUND']);
    // A removal is pending too, and cancelling it is at once.
    expect((await put(null)).json().data.limits[0]).toMatchObject({
      amount: 50_000,
      pending: { amount: null },
    });
    const cancelled = await p.browser.request({
      method: 'DELETE',
      url: '/api/user/limits/pending',
      payload: { kind: 'WAGER', period: 'DAY' },
    });
    expect(cancelled.json().data.limits[0]).toMatchObject({ amount: 50_000, pending: null });
    // Reality check and the audit log's before and after.
    expect(
      (await p.browser.put('/api/user/reality-check', { minutes: 15 })).json().data.reality_check_minutes,
    ).toBe(15);
    const audit = await t.tdb.db
      .selectFrom('audit_events')
      .select(['kind', 'detail'])
      .where('player_id', '=', p.id)
      .where('kind', 'like', 'rg_%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.kind)).toEqual([
      'rg_limit_changed',
      'rg_limit_changed',
      'rg_limit_changed',
      'rg_limit_changed',
      'rg_limit_confirmed',
      'rg_limit_changed',
      'rg_pending_cancelled',
      'rg_reality_check',
    ]);
    expect(JSON.parse(audit[1]!.detail!)).toMatchObject({
      before: { amount: 10_000 },
      after: { amount: 8_000 },
    });
    // Without the XSRF header: 419, nothing changed.
    p.browser.sendXsrf = false;
    expect((await put(1_000)).statusCode).toBe(419);
  });

  it('self-exclusion asks for the password, ends every session and cannot be lifted by the player', async () => {
    const p = await player(10_000);
    const wrong = await p.browser.post('/api/user/self-exclusion', { months: 6, password: 'nope' });
    expect([wrong.statusCode, wrong.json().code]).toEqual([422, 'VALIDATION_FAILED']);
    const done = await p.browser.post('/api/user/self-exclusion', { months: 12, password: p.password });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.excluded_until).toBeGreaterThan(t.clock.nowMs() + 360 * DAY);
    expect((await p.browser.get('/api/user/limits')).statusCode).toBe(401);
  });

  it('a seamless bet refused for money is not counted against the limit; one it covers is', async () => {
    const s = await seat(t, slots, 3_000);
    await rg().setLimit(s.player.id, { kind: 'WAGER', period: 'DAY', amount: 50_000 }, operator);
    expect(await slots.call('bet', betBody(s, 5_000))).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY' });
    expect((await rg().view(s.player.id)).limits[0]).toMatchObject({ used: 0 });
    expect(await slots.call('bet', betBody(s, 3_000))).toMatchObject({ status: 'RS_OK', balance: 0 });
    expect((await rg().view(s.player.id)).limits[0]).toMatchObject({ used: 3_000, remaining: 47_000 });
  });

  it('two products racing one wager limit never take more than it', async () => {
    // One login: its browser bets on lotto 59, and the slot game launched from it bets on the wallet.
    const p = await player(1_000_000);
    const browser = p.browser;
    const launched = (await browser.get('/api/external/3/url?lang=en&platform=desktop')).json().data as {
      url: string;
      token: string;
    };
    const code = new URL(launched.url, 'http://x').searchParams.get('code')!;
    expect(await slots.call('session', { request_uuid: crypto.randomUUID(), code })).toMatchObject({
      status: 'RS_OK',
    });
    const s = { player: p, token: launched.token, user: String(p.id), gameCode: 'angkor-fortune' };
    await rg().setLimit(p.id, { kind: 'WAGER', period: 'DAY', amount: 30_000 }, operator);
    const round = await lottoRound();
    const lotto = Array.from({ length: 25 }, () =>
      placeBet(browser, {
        poll: 'POLL_2',
        result_id: round,
        bets: [{ type: 'RANGE_3', amount: 1_000 }],
      }).then((r) => (r.statusCode === 200 ? 1_000 : 0)),
    );
    const seamless = Array.from({ length: 25 }, () =>
      slots.call('bet', betBody(s, 1_000)).then((r) => (r.status === 'RS_OK' ? 1_000 : 0)),
    );
    const answers = await Promise.all([...lotto, ...seamless]);
    const taken = answers.reduce((a: number, b: number) => a + b, 0);
    // Both products took stakes: the race was between them, not within one.
    expect(answers.slice(0, 25).some((x) => x > 0) && answers.slice(25).some((x) => x > 0)).toBe(true);
    expect(taken).toBe(30_000);
    expect(1_000_000 - (await balanceOf(s.player.id))).toBe(taken);
    expect((await rg().view(s.player.id)).limits[0]!.used).toBe(taken);
  });
});
