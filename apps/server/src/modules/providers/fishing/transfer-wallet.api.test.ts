import { riel } from '@lotto59/domain';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeTransferProvider } from '../../../../test/fake-transfer-provider';
import { TEST_DIALECTS } from '../../../../test/databases';
import { createTestApp, TestBrowser, type TestContext } from '../../../../test/test-app';
import { RECHECK_DELAYS_MS, RECHECK_EVERY_MS, RECHECK_FOR_MS } from './transfer-wallet.service';

const SECRET_4 = 'c4'.repeat(32);
const START = 100_000;
/** Our client gives up after this long (PROVIDER_TRANSFER_TIMEOUT_MS); the fake holds lost answers longer. */
const TIMEOUT_MS = 300;

describe.each(TEST_DIALECTS)('transfer wallet of provider 4 on %s (providers.md §4)', (dialect) => {
  let t: TestContext;
  let provider: FakeTransferProvider;

  beforeAll(async () => {
    // The clock is the test's: the fake signs and checks with the same one our app uses.
    let nowMs = () => Date.now();
    provider = new FakeTransferProvider(SECRET_4, () => nowMs(), 1_500);
    const base = await provider.start();
    t = await createTestApp(dialect, {
      PROVIDER_4_SECRET: SECRET_4,
      PROVIDER_DEMO_URL: base,
      PROVIDER_TRANSFER_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    nowMs = () => t.clock.nowMs();
  });
  afterAll(async () => {
    await t?.close();
    await provider?.stop();
  });
  beforeEach(() => {
    Object.assign(provider.behaviour, { deposit: 'ok', withdraw: 'ok', status: 'ok', balance: 'ok' });
    provider.summary = { shots: 0, stake: 0, payout: 0 };
    provider.statusSummary = true;
  });
  afterEach(async () => {
    expect(await t.app.services.wallet.reconcile()).toMatchObject({ ok: true });
    expect(provider.badSignatures).toBe(0);
  });

  const floatBalance = () => t.app.services.wallet.systemBalance('float:4');
  const balanceOf = (playerId: number) => t.app.services.wallet.playerBalance(playerId);

  async function seat(balance = START) {
    const player = await t.newPlayer({ balance });
    const browser = new TestBrowser(t.app);
    expect((await browser.login(player.username, player.password)).statusCode).toBe(200);
    return { player, browser };
  }
  const isLoading = async (browser: TestBrowser) =>
    ((await browser.get('/api/user')).json() as { data: { is_loading: number } }).data.is_loading;
  const information = async (browser: TestBrowser, p = '4') =>
    (await browser.get(`/api/fishing/information?provider=${p}`)).json().data as {
      state: string;
      is_loading: number;
      in_game_balance: number | null;
      transfer: { id: string; direction: string; state: string } | null;
    };
  const transferRow = (id: string) => t.app.services.providers.transfers.byId(id);

  /** Runs the worker's pass at `afterMs` from now on the test clock. */
  async function workerAfter(ms: number) {
    t.clock.advanceMs(ms);
    await t.app.services.providers.fishingWorker.tick();
  }

  /**
   * The money is in exactly one place: the player's balance, the float and the provider's view agree
   * (what left the player is what the float holds is what the provider holds), and nothing is in flight.
   */
  async function expectSettled(
    s: { player: { id: number }; browser: TestBrowser },
    want: { player: number; provider: number; floatDelta: number },
    floatBefore: number,
  ) {
    expect(await balanceOf(s.player.id)).toBe(want.player);
    expect(provider.balanceOf(s.player.id)).toBe(want.provider);
    expect((await floatBalance()) - floatBefore).toBe(want.floatDelta);
    expect(await isLoading(s.browser)).toBe(0);
    expect(await t.app.services.wallet.reconcile()).toMatchObject({ ok: true });
  }

  it('opens with a transfer in, launches the same token, closes with everything back', async () => {
    const s = await seat();
    const floatBefore = await floatBalance();
    const opened = await s.browser.post('/api/fishing/settoken', { provider: 4, amount: 40_000 });
    expect(opened.statusCode).toBe(200);
    const reply = opened.json().data as { token: string; transfer_id: string; state: string };
    expect(reply).toMatchObject({ state: 'ACTIVE' });
    expect(reply.token).toHaveLength(43);
    expect(await balanceOf(s.player.id)).toBe(START - 40_000);
    expect(provider.balanceOf(s.player.id)).toBe(40_000);
    expect((await floatBalance()) - floatBefore).toBe(40_000);
    expect(await information(s.browser)).toMatchObject({
      state: 'ACTIVE',
      is_loading: 0,
      in_game_balance: 40_000,
    });

    const token = await s.browser.get('/api/fishing/token?provider=4');
    expect(token.json().data).toMatchObject({ token: reply.token, state: 'ACTIVE' });
    const url = await s.browser.get('/api/external/4/url?lang=en&platform=desktop');
    expect(url.statusCode).toBe(200);
    expect(url.json().data.token).toBe(reply.token);
    // The launch code exchanges for the session's own token (providers.md §5).
    const code = new URL(url.json().data.url as string).searchParams.get('code')!;
    const exchanged = await t.app.services.providers.tokens.exchange('4', code);
    expect(exchanged?.token).toBe(reply.token);

    // The player won 5,000 in the game: the provider reports it, the float pays it.
    provider.balances.set(String(s.player.id), 45_000);
    provider.summary = { shots: 30, stake: 9_000, payout: 14_000 };
    const closed = await s.browser.post('/api/fishing/settoken', { provider: 4, token: null });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({ state: 'NONE', amount: 45_000, balance: START + 5_000 });
    await expectSettled(s, { player: START + 5_000, provider: 0, floatDelta: -5_000 }, floatBefore);
    expect((await s.browser.get('/api/fishing/token?provider=4')).statusCode).toBe(404);
    expect((await s.browser.get('/api/external/4/url')).json()).toMatchObject({ code: 'NO_SESSION' });
    expect(await t.app.services.providers.tokens.find(reply.token)).toMatchObject({
      retired_at_ms: expect.any(Number),
    });
  });

  it('refuses a deposit below 1,000 ៛, a launch without a session, and a settoken without XSRF', async () => {
    const s = await seat(900);
    const deposits = provider.callsOf('deposit');
    expect((await s.browser.post('/api/fishing/settoken', { provider: 4 })).json()).toMatchObject({
      code: 'TRANSFER_TOO_SMALL',
    });
    expect((await s.browser.post('/api/fishing/settoken', { provider: 4, amount: 999 })).statusCode).toBe(
      422,
    );
    const url = await s.browser.get('/api/external/4/url');
    expect(url.statusCode).toBe(409);
    expect(url.json()).toMatchObject({ code: 'NO_SESSION' });
    s.browser.sendXsrf = false;
    expect((await s.browser.post('/api/fishing/settoken', { provider: 5 })).statusCode).toBe(419);
    expect(provider.callsOf('deposit')).toBe(deposits);
    expect(await balanceOf(s.player.id)).toBe(900);
  });

  it('a deposit whose answer is lost (applied, we timed out) ends COMPLETED after the worker asks', async () => {
    const s = await seat();
    const floatBefore = await floatBalance();
    provider.behaviour.deposit = 'apply-and-lose-answer';
    const opened = await s.browser.post('/api/fishing/settoken', { provider: 4, amount: 30_000 });
    expect(opened.json().data).toMatchObject({ state: 'UNKNOWN' });
    const id = (opened.json().data as { transfer_id: string }).transfer_id;
    expect(await transferRow(id)).toMatchObject({ state: 'UNKNOWN', direction: 'IN' });
    // In flight: is_loading, no new session, no launch; the money is at the provider and in the float.
    expect(await isLoading(s.browser)).toBe(1);
    expect(await information(s.browser)).toMatchObject({
      state: 'UNKNOWN',
      transfer: { id, state: 'UNKNOWN' },
    });
    expect(
      (await s.browser.post('/api/fishing/settoken', { provider: 4, amount: 1_000 })).json(),
    ).toMatchObject({
      code: 'TRANSFER_IN_FLIGHT',
    });
    expect((await s.browser.get('/api/external/4/url')).statusCode).toBe(409);

    await workerAfter(RECHECK_DELAYS_MS[0]);
    expect(await transferRow(id)).toMatchObject({ state: 'COMPLETED', resolved_by: 'status' });
    await expectSettled(s, { player: START - 30_000, provider: 30_000, floatDelta: 30_000 }, floatBefore);
    expect(await information(s.browser)).toMatchObject({ state: 'ACTIVE' });
    // Close it to leave the float as found.
    await s.browser.post('/api/fishing/settoken', { provider: 4, token: null });
    await expectSettled(s, { player: START, provider: 0, floatDelta: 0 }, floatBefore);
  });

  it('a withdraw that times out after the provider paid out ends COMPLETED with the amount it reports', async () => {
    const s = await seat();
    const floatBefore = await floatBalance();
    await s.browser.post('/api/fishing/settoken', { provider: 4, amount: 50_000 });
    provider.balances.set(String(s.player.id), 20_000); // lost 30,000 in the game
    provider.behaviour.withdraw = 'apply-and-lose-answer';
    const closing = await s.browser.post('/api/fishing/settoken', { provider: 4, token: null });
    expect(closing.json().data).toMatchObject({ state: 'CLOSING', amount: 0 });
    expect(await isLoading(s.browser)).toBe(1);
    // Nothing came back yet: the float still holds the 50,000 it took.
    expect(await balanceOf(s.player.id)).toBe(START - 50_000);

    await workerAfter(RECHECK_DELAYS_MS[0]);
    await expectSettled(s, { player: START - 30_000, provider: 0, floatDelta: 30_000 }, floatBefore);
    expect(await information(s.browser)).toMatchObject({ state: 'NONE', is_loading: 0 });
  });

  it("a withdraw resolved by status keeps the session's play figures from the summary status repeats", async () => {
    const s = await seat();
    await s.browser.post('/api/fishing/settoken', { provider: 4, amount: 10_000 });
    provider.balances.set(String(s.player.id), 10_400);
    provider.summary = { shots: 9, stake: 900, payout: 1_300 };
    provider.behaviour.withdraw = 'apply-and-lose-answer';
    await s.browser.post('/api/fishing/settoken', { provider: 4, token: null });
    await workerAfter(RECHECK_DELAYS_MS[0]);
    const report = async () =>
      ((await s.browser.get('/api/report/fishing')).json() as { data: { items: unknown[] } }).data.items;
    expect(await report()).toEqual([
      expect.objectContaining({
        status: 'CLOSED',
        transfer_in: 10_000,
        transfer_out: 10_400,
        shots: 9,
        stake: 900,
        payout: 1_300,
        win_lose: 400,
      }),
    ]);

    // A provider whose status carries no summary: the money still comes back, the play figures stay 0.
    await s.browser.post('/api/fishing/settoken', { provider: 4, amount: 5_000 });
    provider.statusSummary = false;
    await s.browser.post('/api/fishing/settoken', { provider: 4, token: null });
    await workerAfter(RECHECK_DELAYS_MS[0]);
    expect((await report())[0]).toMatchObject({ status: 'CLOSED', transfer_out: 5_000, shots: 0, stake: 0 });
    expect(await balanceOf(s.player.id)).toBe(START + 400);
  });

  it('a withdraw that times out without being applied: status NOT_FOUND fails it, the session stays ACTIVE', async () => {
    const s = await seat();
    const floatBefore = await floatBalance();
    await s.browser.post('/api/fishing/settoken', { provider: 4, amount: 10_000 });
    provider.behaviour.withdraw = 'hang';
    const closing = await s.browser.post('/api/fishing/settoken', { provider: 4, token: null });
    const id = (closing.json().data as { transfer_id: string }).transfer_id;
    await workerAfter(RECHECK_DELAYS_MS[0]);
    expect(await transferRow(id)).toMatchObject({ state: 'FAILED', direction: 'OUT', amount: 0 });
    await expectSettled(s, { player: START - 10_000, provider: 10_000, floatDelta: 10_000 }, floatBefore);
    expect(await information(s.browser)).toMatchObject({ state: 'ACTIVE' });
    // The tombstone keeps the id dead: a late arrival of that withdraw is refused by the provider.
    provider.behaviour.withdraw = 'ok';
    await s.browser.post('/api/fishing/settoken', { provider: 4, token: null });
    await expectSettled(s, { player: START, provider: 0, floatDelta: 0 }, floatBefore);
  });

  it('a deposit the provider never saw: status NOT_FOUND reverses it, and the id stays dead', async () => {
    const s = await seat();
    const floatBefore = await floatBalance();
    provider.behaviour.deposit = 'hang';
    const opened = await s.browser.post('/api/fishing/settoken', { provider: 4, amount: 25_000 });
    const id = (opened.json().data as { transfer_id: string }).transfer_id;
    expect(await balanceOf(s.player.id)).toBe(START - 25_000);
    await workerAfter(RECHECK_DELAYS_MS[0]);
    expect(await transferRow(id)).toMatchObject({ state: 'FAILED', resolved_by: 'status' });
    await expectSettled(s, { player: START, provider: 0, floatDelta: 0 }, floatBefore);
    expect(await information(s.browser)).toMatchObject({ state: 'NONE' });
    // A late copy of the deposit (the same transfer_id) finds the tombstone: no money appears in the game.
    provider.behaviour.deposit = 'ok';
    const late = await fetchDeposit(id, s.player.id, 25_000);
    expect(late.status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(provider.balanceOf(s.player.id)).toBe(0);
    // A second reversal cannot happen: the ledger key `xfer:{id}:reverse` moved once.
    await workerAfter(RECHECK_EVERY_MS);
    expect(await balanceOf(s.player.id)).toBe(START);
  });

  it('a provider down for a minute: status after 1, 2, 4, 8, 16, 32 s then 60 s, resolved when it is back', async () => {
    const s = await seat();
    const floatBefore = await floatBalance();
    // The deposit is applied, then the studio goes down before answering, and stays down.
    provider.behaviour.deposit = 'apply-and-lose-answer';
    const opened = await s.browser.post('/api/fishing/settoken', { provider: 4, amount: 20_000 });
    const id = (opened.json().data as { transfer_id: string }).transfer_id;
    provider.behaviour.status = 'down';
    const statusCalls = () =>
      provider.calls.filter((c) => c.action === 'status' && c.body.transfer_id === id).length;
    const startedAt = (await transferRow(id)).created_at_ms;

    // Before each due time nothing is asked; at it, one status query.
    const schedule = [...RECHECK_DELAYS_MS, RECHECK_EVERY_MS];
    for (const [i, delay] of schedule.entries()) {
      await workerAfter(delay - 1);
      expect(statusCalls()).toBe(i);
      await workerAfter(1);
      expect(statusCalls()).toBe(i + 1);
      const row = await transferRow(id);
      expect(row).toMatchObject({ state: 'UNKNOWN', attempts: i + 1 });
      expect(row.next_check_at_ms! - t.clock.nowMs()).toBe(schedule[i + 1] ?? RECHECK_EVERY_MS);
    }
    expect(t.clock.nowMs() - startedAt).toBeGreaterThanOrEqual(60_000);
    expect(await isLoading(s.browser)).toBe(1);

    provider.behaviour.status = 'ok';
    await workerAfter(RECHECK_EVERY_MS);
    expect(await transferRow(id)).toMatchObject({ state: 'COMPLETED' });
    await expectSettled(s, { player: START - 20_000, provider: 20_000, floatDelta: 20_000 }, floatBefore);
    await s.browser.post('/api/fishing/settoken', { provider: 4, token: null });
    await expectSettled(s, { player: START, provider: 0, floatDelta: 0 }, floatBefore);
  });

  it('past 24 h the worker stops, alerts, and the operator resolves it (audited elsewhere by the CLI)', async () => {
    const s = await seat();
    const floatBefore = await floatBalance();
    const parked: string[] = [];
    t.app.services.providers.onTransferParked((row) => parked.push(row.id));
    provider.behaviour.deposit = 'hang';
    provider.behaviour.status = 'down';
    const opened = await s.browser.post('/api/fishing/settoken', { provider: 4, amount: 5_000 });
    const id = (opened.json().data as { transfer_id: string }).transfer_id;
    // Jump to just before the end of the window, then let the worker run out of it.
    t.clock.advanceMs(RECHECK_FOR_MS - 90_000);
    for (let i = 0; i < 3; i += 1) await workerAfter(RECHECK_EVERY_MS);
    expect(parked).toEqual([id]);
    // A day later the login session has long expired: sign in again to read /api/user.
    expect((await s.browser.login(s.player.username, s.player.password)).statusCode).toBe(200);
    const row = await transferRow(id);
    expect(row).toMatchObject({
      state: 'UNKNOWN',
      next_check_at_ms: null,
      alerted_at_ms: expect.any(Number),
    });
    expect((await t.app.services.providers.transfers.parked()).map((r) => r.id)).toContain(id);
    // The worker leaves it alone now.
    const before = provider.callsOf('status');
    await workerAfter(RECHECK_EVERY_MS);
    expect(provider.callsOf('status')).toBe(before);
    expect(await isLoading(s.browser)).toBe(1);

    await t.app.services.providers.transfers.resolveByOperator(id, 'failed', 'test-operator');
    expect(await transferRow(id)).toMatchObject({ state: 'FAILED', resolved_by: 'operator:test-operator' });
    await expectSettled(s, { player: START, provider: 0, floatDelta: 0 }, floatBefore);
    await expect(
      t.app.services.providers.transfers.resolveByOperator(id, 'completed', 'x'),
    ).rejects.toThrow();
  });

  it('a session cut off between its row and its deposit is failed by the worker, and the player can open again', async () => {
    const s = await seat();
    // What a crash between the two writes of settoken leaves: a session OPENING and no transfer.
    await t.tdb.db
      .insertInto('fishing_sessions')
      .values({
        player_id: s.player.id,
        provider: '4',
        game_code: 'ocean-dragon',
        state: 'OPENING',
        token_id: null,
        started_at_ms: t.clock.nowMs(),
        last_active_ms: t.clock.nowMs(),
        ended_at_ms: null,
        transfer_in: riel(0),
        transfer_out: riel(0),
        shots: 0,
        stake: riel(0),
        payout: riel(0),
      })
      .execute();
    expect((await s.browser.post('/api/fishing/settoken', { provider: 4 })).json()).toMatchObject({
      code: 'TRANSFER_IN_FLIGHT',
    });
    await workerAfter(30_000);
    expect(await information(s.browser)).toMatchObject({ state: 'OPENING' });
    await workerAfter(31_000);
    expect(await information(s.browser)).toMatchObject({ state: 'NONE' });
    const opened = await s.browser.post('/api/fishing/settoken', { provider: 4, amount: 2_000 });
    expect(opened.json().data).toMatchObject({ state: 'ACTIVE' });
    await s.browser.post('/api/fishing/settoken', { provider: 4, token: null });
    expect(await balanceOf(s.player.id)).toBe(START);
  });

  it('provider 5 mints a token without moving money; its session opens, launches and closes', async () => {
    const s = await seat();
    const deposits = provider.callsOf('deposit');
    const opened = await s.browser.post('/api/fishing/settoken', { provider: '5' });
    expect(opened.json().data).toMatchObject({ state: 'ACTIVE', transfer_id: null });
    expect(provider.callsOf('deposit')).toBe(deposits);
    expect(await information(s.browser, '5')).toMatchObject({ state: 'ACTIVE', in_game_balance: START });
    expect((await s.browser.get('/api/external/5/url')).statusCode).toBe(200);
    const closed = await s.browser.post('/api/fishing/settoken', { provider: 5, token: null });
    expect(closed.json().data).toMatchObject({ state: 'NONE', balance: START });
    expect((await s.browser.get('/api/external/5/url')).statusCode).toBe(409);
  });

  it('an idle session is closed by the server after 30 minutes, with the money back', async () => {
    const s = await seat();
    const floatBefore = await floatBalance();
    await s.browser.post('/api/fishing/settoken', { provider: 4, amount: 15_000 });
    await workerAfter(29 * 60_000);
    expect(await information(s.browser)).toMatchObject({ state: 'ACTIVE' });
    // `information` counted as activity; 30 quiet minutes from it close the session.
    await workerAfter(30 * 60_000 + 1);
    expect(await information(s.browser)).toMatchObject({ state: 'NONE' });
    await expectSettled(s, { player: START, provider: 0, floatDelta: 0 }, floatBefore);
  });

  /** What a late copy of a deposit would meet at the provider (signed like ours). */
  async function fetchDeposit(transferId: string, user: number, amount: number) {
    const { TransferClient } = await import('./transfer-client');
    const client = new TransferClient({
      baseUrl: () => t.config.PROVIDER_DEMO_URL,
      provider: '4',
      secretHex: SECRET_4,
      nowMs: () => t.clock.nowMs(),
    });
    const outcome = await client.deposit({ transferId, user: String(user), amount });
    if (outcome.kind !== 'answer') throw new Error(outcome.reason);
    return outcome.body;
  }
});

describe.each(TEST_DIALECTS)(
  'the lost-answers test fault on %s (TRANSFER_FAULT_LOSE_ANSWERS_MS)',
  (dialect) => {
    // What e2e/fishing-live.spec.ts runs the real server with, to hold a transfer in flight in the browser.
    const WINDOW_MS = 5_000;
    let t: TestContext;
    let provider: FakeTransferProvider;

    beforeAll(async () => {
      let nowMs = () => Date.now();
      provider = new FakeTransferProvider(SECRET_4, () => nowMs(), 1_500);
      const base = await provider.start();
      t = await createTestApp(dialect, {
        PROVIDER_4_SECRET: SECRET_4,
        PROVIDER_DEMO_URL: base,
        PROVIDER_TRANSFER_TIMEOUT_MS: String(TIMEOUT_MS),
        TRANSFER_FAULT_LOSE_ANSWERS_MS: String(WINDOW_MS),
      });
      nowMs = () => t.clock.nowMs();
    });
    afterAll(async () => {
      await t?.close();
      await provider?.stop();
    });

    it('drops the answers about a transfer for the window after its call; the worker resolves it after', async () => {
      const player = await t.newPlayer({ balance: START });
      const browser = new TestBrowser(t.app);
      expect((await browser.login(player.username, player.password)).statusCode).toBe(200);
      const isLoading = async () =>
        ((await browser.get('/api/user')).json() as { data: { is_loading: number } }).data.is_loading;
      const workerAfter = async (ms: number) => {
        t.clock.advanceMs(ms);
        await t.app.services.providers.fishingWorker.tick();
      };

      // The provider applies the deposit; its answer never reaches us.
      const opened = await browser.post('/api/fishing/settoken', { provider: 4, amount: 20_000 });
      expect(opened.json().data).toMatchObject({ state: 'UNKNOWN' });
      const id = (opened.json().data as { transfer_id: string }).transfer_id;
      expect(provider.balanceOf(player.id)).toBe(20_000);
      expect(await isLoading()).toBe(1);
      // Inside the window the worker's status answers are lost too; the balance call is untouched.
      await workerAfter(RECHECK_DELAYS_MS[0]);
      await workerAfter(RECHECK_DELAYS_MS[1]);
      expect(await t.app.services.providers.transfers.byId(id)).toMatchObject({
        state: 'UNKNOWN',
        attempts: 2,
      });
      expect(await isLoading()).toBe(1);
      // Past it, the next status query gets through and completes the transfer.
      await workerAfter(RECHECK_DELAYS_MS[2]);
      expect(await t.app.services.providers.transfers.byId(id)).toMatchObject({
        state: 'COMPLETED',
        resolved_by: 'status',
      });
      expect(await isLoading()).toBe(0);
      expect(await t.app.services.wallet.playerBalance(player.id)).toBe(START - 20_000);

      // The withdraw the same way: CLOSING, then everything back once status gets through.
      provider.balances.set(String(player.id), 26_000);
      const closing = await browser.post('/api/fishing/settoken', { provider: 4, token: null });
      expect(closing.json().data).toMatchObject({ state: 'CLOSING', amount: 0 });
      expect(await isLoading()).toBe(1);
      await workerAfter(WINDOW_MS);
      expect(await isLoading()).toBe(0);
      expect(await t.app.services.wallet.playerBalance(player.id)).toBe(START + 6_000);
      expect(await t.app.services.wallet.reconcile()).toMatchObject({ ok: true });
    });
  },
);
