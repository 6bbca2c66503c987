import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riel } from '@lotto59/domain';
import { TEST_DIALECTS } from '../../../test/databases';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/test-app';

describe.each(TEST_DIALECTS)('deposit and withdraw history on %s', (dialect) => {
  let t: TestContext;
  let alice: { id: number; username: string; password: string };
  let bob: { id: number; username: string; password: string };
  let aliceBrowser: TestBrowser;
  let bobBrowser: TestBrowser;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    alice = await t.newPlayer();
    bob = await t.newPlayer();
    const { cashier } = t.app.services;
    // Alice: three deposits on two Phnom Penh days and one withdrawal; Bob: one deposit.
    t.clock.advanceMs(0);
    await cashier.deposit({ playerId: alice.id, amount: riel(10_000), idempotencyKey: 'a1' });
    t.clock.advanceMs(60_000);
    await cashier.deposit({
      playerId: alice.id,
      amount: riel(20_000),
      idempotencyKey: 'a2',
      note: 'counter 2',
    });
    await cashier.withdraw({ playerId: alice.id, amount: riel(5_000), idempotencyKey: 'a3' });
    t.clock.advanceMs(24 * 3_600_000);
    await cashier.deposit({ playerId: alice.id, amount: riel(1_000), idempotencyKey: 'a4' });
    await cashier.deposit({ playerId: bob.id, amount: riel(777), idempotencyKey: 'b1' });
    aliceBrowser = new TestBrowser(t.app, '10.5.0.1');
    bobBrowser = new TestBrowser(t.app, '10.5.0.2');
    await aliceBrowser.login(alice.username, alice.password);
    await bobBrowser.login(bob.username, bob.password);
  });
  afterAll(() => t.close());

  it("lists only the caller's own deposits, newest first, with balances after and totals", async () => {
    const res = await aliceBrowser.get('/api/transaction/list?type=deposit');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.items.map((i: { amount: number }) => i.amount)).toEqual([1_000, 20_000, 10_000]);
    expect(data.items.map((i: { balance_after: number }) => i.balance_after)).toEqual([
      26_000, 30_000, 10_000,
    ]);
    expect(data.items[1]).toMatchObject({ type: 'deposit', note: 'counter 2' });
    expect(data.items.map((i: { kind: string }) => i.kind)).toEqual(['deposit', 'deposit', 'deposit']);
    expect(data.total_amount).toBe(31_000);
    expect(data.meta).toEqual({ current_page: 1, per_page: 20, total: 3, last_page: 1 });

    const bobs = (await bobBrowser.get('/api/transaction/list?type=deposit')).json().data;
    expect(bobs.items.map((i: { amount: number }) => i.amount)).toEqual([777]);
    expect(bobs.total_amount).toBe(777);
  });

  it('lists withdrawals separately', async () => {
    const { data } = (await aliceBrowser.get('/api/transaction/list?type=withdraw')).json();
    expect(data.items).toEqual([
      expect.objectContaining({ type: 'withdraw', amount: 5_000, balance_after: 25_000 }),
    ]);
    expect((await bobBrowser.get('/api/transaction/list?type=withdraw')).json().data.items).toEqual([]);
  });

  it('filters by Phnom Penh days and pages', async () => {
    // The fake clock starts at 2026-11-21 12:00 in Phnom Penh; the last deposit is on the 22nd.
    const day1 = (
      await aliceBrowser.get('/api/transaction/list?type=deposit&from=2026-11-21&to=2026-11-21')
    ).json();
    expect(day1.data.items.map((i: { amount: number }) => i.amount)).toEqual([20_000, 10_000]);
    expect(day1.data.total_amount).toBe(30_000);
    const day2 = (await aliceBrowser.get('/api/transaction/list?type=deposit&from=2026-11-22')).json();
    expect(day2.data.items.map((i: { amount: number }) => i.amount)).toEqual([1_000]);

    const page2 = (await aliceBrowser.get('/api/transaction/list?type=deposit&per_page=2&page=2')).json();
    expect(page2.data.items.map((i: { amount: number }) => i.amount)).toEqual([10_000]);
    expect(page2.data.meta).toEqual({ current_page: 2, per_page: 2, total: 3, last_page: 2 });
    expect(page2.data.total_amount).toBe(31_000);
  });

  it('refuses bad filters with 422 and per-field errors', async () => {
    const res = await aliceBrowser.get(
      '/api/transaction/list?type=bonus&from=21-11-2026&per_page=1000&player_id=2',
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['from', 'per_page', 'player_id', 'type']);
    const reversed = await aliceBrowser.get(
      '/api/transaction/list?type=deposit&from=2026-11-22&to=2026-11-21',
    );
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.to).toBeDefined();
    const impossible = await aliceBrowser.get('/api/transaction/list?type=deposit&from=2026-02-30');
    expect(impossible.json().errors.from).toBeDefined();
  });

  it("names the system's opening-balance deposits by kind, without the operators' note", async () => {
    const carol = await t.newPlayer();
    const { cashier } = t.app.services;
    // The keys the demo player's start and `ops player create --balance` use.
    for (const key of [`opening-balance:${carol.id}`, `demo-starting-balance:${carol.id}`]) {
      await cashier.deposit({
        playerId: carol.id,
        amount: riel(500),
        idempotencyKey: key,
        note: 'opening balance',
      });
    }
    await cashier.deposit({
      playerId: carol.id,
      amount: riel(700),
      idempotencyKey: 'c3',
      note: 'counter 1',
    });
    await cashier.withdraw({ playerId: carol.id, amount: riel(100), idempotencyKey: 'opening-balance:x' });
    const browser = new TestBrowser(t.app, '10.5.0.3');
    await browser.login(carol.username, carol.password);
    const deposits = (await browser.get('/api/transaction/list?type=deposit')).json().data.items;
    expect(deposits.map((i: { kind: string; note: string | null }) => [i.kind, i.note])).toEqual([
      ['deposit', 'counter 1'],
      ['opening_balance', null],
      ['opening_balance', null],
    ]);
    // Only a deposit is an opening balance, whatever its key.
    const withdrawals = (await browser.get('/api/transaction/list?type=withdraw')).json().data.items;
    expect(withdrawals.map((i: { kind: string }) => i.kind)).toEqual(['withdraw']);
  });

  it('needs a session', async () => {
    expect((await new TestBrowser(t.app).get('/api/transaction/list?type=deposit')).statusCode).toBe(401);
  });
});
