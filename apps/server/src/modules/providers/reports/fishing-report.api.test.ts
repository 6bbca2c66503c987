import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeTransferProvider } from '../../../../test/fake-transfer-provider';
import { TEST_DIALECTS } from '../../../../test/databases';
import { ProviderWalletClient, uuid } from '../../../../test/provider-wallet-client';
import { createTestApp, TestBrowser, type TestContext } from '../../../../test/test-app';

const SECRET_4 = 'f4'.repeat(32);
const SECRET_5 = 'f5'.repeat(32);
const START = 500_000;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

interface Row {
  session_id: number;
  provider: number;
  game_code: string;
  started_at: string;
  ended_at: string | null;
  transfer_in: number;
  transfer_out: number;
  shots: number;
  stake: number;
  payout: number;
  win_lose: number;
  status: string;
}

/*
 * The fishing report (providers.md §8), fed by the real paths: provider 4 through the transfer wallet (the
 * withdraw's summary), provider 5 through the seamless wallet (magazines: a bet of 50 × level, a win with
 * meta {shots, payout, refund}).
 */
describe.each(TEST_DIALECTS)('fishing report on %s', (dialect) => {
  let t: TestContext;
  let studio: FakeTransferProvider;
  let seamless: ProviderWalletClient;

  beforeAll(async () => {
    let nowMs = () => Date.now();
    studio = new FakeTransferProvider(SECRET_4, () => nowMs());
    const base = await studio.start();
    t = await createTestApp(dialect, {
      PROVIDER_4_SECRET: SECRET_4,
      PROVIDER_5_SECRET: SECRET_5,
      PROVIDER_DEMO_URL: base,
      PROVIDER_TRANSFER_TIMEOUT_MS: '2000',
    });
    nowMs = () => t.clock.nowMs();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    seamless = new ProviderWalletClient(`http://127.0.0.1:${address.port}`, '5', SECRET_5, () =>
      t.clock.nowMs(),
    );
  });
  afterAll(async () => {
    await t?.close();
    await studio?.stop();
  });

  async function seat() {
    const player = await t.newPlayer({ balance: START });
    const browser = new TestBrowser(t.app);
    expect((await browser.login(player.username, player.password)).statusCode).toBe(200);
    return { player, browser };
  }

  /** One provider-5 magazine: a bet of 50 shots at `level`, a win of the captures plus the unfired refund. */
  async function magazine(token: string, user: string, level: number, fired: number, payout: number) {
    const bet = {
      request_uuid: uuid(),
      transaction_uuid: uuid(),
      token,
      user,
      game_code: 'ocean-dragon',
      round_id: `mag-${uuid()}`,
      amount: 50 * level,
      currency: 'KHR',
    };
    expect(await seamless.call('bet', bet)).toMatchObject({ status: 'RS_OK' });
    const refund = (50 - fired) * level;
    const win = await seamless.call('win', {
      request_uuid: uuid(),
      transaction_uuid: uuid(),
      reference_transaction_uuid: bet.transaction_uuid,
      token,
      user,
      game_code: 'ocean-dragon',
      round_id: bet.round_id,
      amount: payout + refund,
      round_closed: true,
      currency: 'KHR',
      meta: { shots: fired, payout, refund },
    });
    expect(win).toMatchObject({ status: 'RS_OK' });
  }

  const list = async (browser: TestBrowser, query = '') => {
    const res = await browser.get(`/api/report/fishing${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().data as { items: Row[]; meta: { total: number; current_page: number } };
  };

  it('one row per session with the figures of each wallet, newest first, and totals that add up', async () => {
    const alice = await seat();
    // Provider 4: 20,000 in, the studio reports 40 shots, 8,000 staked, 11,000 paid: 23,000 back.
    await alice.browser.post('/api/fishing/settoken', { provider: 4, amount: 20_000 });
    studio.balances.set(String(alice.player.id), 23_000);
    studio.summary = { shots: 40, stake: 8_000, payout: 11_000 };
    t.clock.advanceMs(5 * MINUTE);
    const closed4 = await alice.browser.post('/api/fishing/settoken', { provider: 4, token: null });
    expect(closed4.json().data).toMatchObject({ state: 'NONE', amount: 23_000 });

    // Provider 5: two magazines at 100 ៛ (50 and 30 shots fired), the session closed.
    t.clock.advanceMs(MINUTE);
    const opened5 = await alice.browser.post('/api/fishing/settoken', { provider: 5 });
    const { token } = opened5.json().data as { token: string };
    await magazine(token, String(alice.player.id), 100, 50, 3_000);
    await magazine(token, String(alice.player.id), 100, 30, 0);
    t.clock.advanceMs(MINUTE);
    await alice.browser.post('/api/fishing/settoken', { provider: 5, token: null });
    // A third session, still open.
    t.clock.advanceMs(MINUTE);
    await alice.browser.post('/api/fishing/settoken', { provider: 4, amount: 1_000 });

    const report = await list(alice.browser);
    expect(report.meta.total).toBe(3);
    expect(report.items.map((r) => [r.provider, r.status])).toEqual([
      [4, 'ACTIVE'],
      [5, 'CLOSED'],
      [4, 'CLOSED'],
    ]);
    expect(report.items[2]).toMatchObject({
      game_code: 'ocean-dragon',
      transfer_in: 20_000,
      transfer_out: 23_000,
      shots: 40,
      stake: 8_000,
      payout: 11_000,
      win_lose: 3_000,
    });
    expect(report.items[2]!.ended_at).not.toBeNull();
    // Stake = bets − refund: 5,000 + 5,000 − 2,000 = 8,000; payout = captures only.
    expect(report.items[1]).toMatchObject({
      transfer_in: 0,
      transfer_out: 0,
      shots: 80,
      stake: 8_000,
      payout: 3_000,
      win_lose: -5_000,
    });
    expect(report.items[0]).toMatchObject({ transfer_in: 1_000, ended_at: null, shots: 0 });

    const total = (await alice.browser.get('/api/report/fishing/total')).json().data;
    expect(total).toEqual({
      count: 3,
      shots: 120,
      stake: 16_000,
      payout: 14_000,
      win_lose: -2_000,
      transfer_in: 21_000,
      transfer_out: 23_000,
    });
    // The main balance agrees with the same story: −20,000 + 23,000 − 8,000 + 3,000 − 1,000.
    expect(await t.app.services.wallet.playerBalance(alice.player.id)).toBe(START - 3_000);

    // Filters and paging.
    expect((await list(alice.browser, '?status=CLOSED')).meta.total).toBe(2);
    const page2 = await list(alice.browser, '?per_page=2&page=2');
    expect(page2.items.map((r) => r.session_id)).toEqual([report.items[2]!.session_id]);
    expect((await alice.browser.get('/api/report/fishing/total?status=ACTIVE')).json().data).toMatchObject({
      count: 1,
      transfer_in: 1_000,
    });

    // Only the caller's rows.
    const bob = await seat();
    expect((await list(bob.browser)).items).toEqual([]);
    expect((await bob.browser.get('/api/report/fishing/total')).json().data).toMatchObject({ count: 0 });
    await alice.browser.post('/api/fishing/settoken', { provider: 4, token: null });
    expect(await t.app.services.wallet.reconcile()).toMatchObject({ ok: true });
  });

  it('refuses a range over 31 days, bad pages and unknown fields (422); a past range is empty', async () => {
    const { browser } = await seat();
    expect((await browser.get('/api/report/fishing?from=2026-01-01&to=2026-03-01')).statusCode).toBe(422);
    expect((await browser.get('/api/report/fishing?per_page=101')).statusCode).toBe(422);
    expect((await browser.get('/api/report/fishing?status=OPEN')).statusCode).toBe(422);
    expect((await browser.get('/api/report/fishing/total?nope=1')).statusCode).toBe(422);
    expect(
      (await browser.get('/api/report/fishing?from=2025-01-01&to=2025-01-05')).json().data.items,
    ).toEqual([]);
    t.clock.advanceMs(DAY);
    expect((await new TestBrowser(t.app).get('/api/report/fishing')).statusCode).toBe(401);
  });
});
