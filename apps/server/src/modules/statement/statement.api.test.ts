import { riel } from '@lotto59/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../test/databases';
import { openRound, placeBet } from '../../../test/lotto59-helpers';
import { uuid } from '../../../test/provider-wallet-client';
import { betBody, GAME_OF, walletClient, winBody, type Seat } from '../../../test/provider-seat';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/test-app';
import type { TransferCommand } from '../wallet/wallet.public';

interface Row {
  id: number;
  at: string;
  product: string;
  kind: string;
  reference: { type: string; id: string } | null;
  amount: number;
  balance_after: number;
}

/*
 * One player's evening across every product. The lotto 59 stake is placed through `POST /api/bet` (its row
 * must name the ticket), the casino hand and the slot spin through the seamless wallet's signed HTTP calls
 * (bet, win, rollback); the other movements are the wallet commands those products send, with their kinds,
 * keys and references as those modules write them (lotto 59 settlement, the jackpot, the lottery, the
 * seamless wallet of sport and fishing, the fishing transfer wallet), and the cashier's.
 */
describe.each(TEST_DIALECTS)('the player statement on %s', (dialect) => {
  let t: TestContext;
  let alice: { id: number; username: string; password: string };
  let bob: { id: number; username: string; password: string };
  let aliceBrowser: TestBrowser;
  let bobBrowser: TestBrowser;
  let roundId: number;
  let firstBetId: number;

  const move = async (cmd: Omit<TransferCommand, 'amount'> & { amount: number }) => {
    t.clock.advanceMs(60_000);
    return t.app.services.wallet.transfer({ ...cmd, amount: riel(cmd.amount) });
  };
  const all = async (browser: TestBrowser, query = '') => {
    const res = await browser.get(`/api/statement?per_page=100${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      items: Row[];
      meta: { total: number; last_page: number };
      totals: { product: string; count: number; credit: number; debit: number; net: number }[];
      daily: { date: string; net: number }[];
    };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      PROVIDER_2_SECRET: 'b2'.repeat(32),
      PROVIDER_3_SECRET: 'a1'.repeat(32),
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    alice = await t.newPlayer({ balance: 100_000 });
    bob = await t.newPlayer({ balance: 5_000 });
    aliceBrowser = new TestBrowser(t.app, '10.25.0.1');
    bobBrowser = new TestBrowser(t.app, '10.25.0.2');
    await aliceBrowser.login(alice.username, alice.password);
    await bobBrowser.login(bob.username, bob.password);

    await t.app.services.lotto59.scheduler.tick();
    roundId = (await openRound(t.app, 'POLL_2')).id;
    t.clock.advanceMs(1_000);
    const bet = await placeBet(aliceBrowser, {
      poll: 'POLL_2',
      result_id: roundId,
      bets: [
        { type: 'RANGE_3', amount: 1_000 },
        { type: 'RANGE_1', amount: 500 },
      ],
    });
    expect(bet.statusCode, bet.body).toBe(200);
    firstBetId = Math.min(...(bet.json().data.bets as { id: number }[]).map((b) => b.id));

    const p = { playerId: alice.id };
    const round = `lotto59-round:${roundId}`;
    await move({
      idempotencyKey: `bet-payout:${roundId}:${alice.id}`,
      kind: 'bet_payout',
      from: { system: 'house' },
      to: p,
      amount: 2_300,
      reference: round,
    });
    await move({
      idempotencyKey: 'bet-refund:x',
      kind: 'bet_refund',
      from: { system: 'house' },
      to: p,
      amount: 500,
      reference: round,
    });
    await move({
      idempotencyKey: 'jackpot-win:1',
      kind: 'jackpot_win',
      from: { system: 'jackpot' },
      to: p,
      amount: 9_000,
      reference: round,
    });
    await move({
      idempotencyKey: 'lottery:stake:1',
      kind: 'lottery_stake',
      from: p,
      to: { system: 'house' },
      amount: 2_000,
      reference: 'lottery-ticket:7',
    });
    await move({
      idempotencyKey: 'lottery:payout:ticket:7',
      kind: 'lottery_payout',
      from: { system: 'house' },
      to: p,
      amount: 7_000,
      reference: 'lottery-draw:3',
    });
    await move({
      idempotencyKey: 'lottery:refund:item:12',
      kind: 'lottery_refund',
      from: { system: 'house' },
      to: p,
      amount: 300,
      reference: 'lottery-ticket:8',
    });
    // Casino and slots through the seamless wallet itself: signed calls over HTTP, as a provider makes them.
    const casino = walletClient(t, '2', 'b2'.repeat(32));
    const slots = walletClient(t, '3', 'a1'.repeat(32));
    const seatAlice = async (provider: '2' | '3', client: typeof casino): Promise<Seat> => {
      const launched = await aliceBrowser.get(`/api/external/${provider}/url?lang=en&platform=desktop`);
      expect(launched.statusCode, launched.body).toBe(200);
      const { url, token } = launched.json().data as { url: string; token: string };
      const code = new URL(url, 'http://x').searchParams.get('code')!;
      expect(await client.call('session', { request_uuid: uuid(), code })).toMatchObject({ status: 'RS_OK' });
      return { player: alice, token, user: String(alice.id), gameCode: GAME_OF[provider] };
    };
    const call = async (client: typeof casino, action: string, body: Record<string, unknown>) => {
      t.clock.advanceMs(60_000);
      expect(await client.call(action, body)).toMatchObject({ status: 'RS_OK' });
    };
    const atTable = await seatAlice('2', casino);
    const hand = betBody(atTable, 4_000, 'bac-1');
    await call(casino, 'bet', hand);
    await call(casino, 'win', winBody(atTable, hand, 7_800));
    const atSlot = await seatAlice('3', slots);
    const spin = betBody(atSlot, 1_000, 'slot-1');
    await call(slots, 'bet', spin);
    await call(slots, 'rollback', {
      request_uuid: uuid(),
      transaction_uuid: uuid(),
      reference_transaction_uuid: spin.transaction_uuid,
      token: atSlot.token,
      user: atSlot.user,
      game_code: atSlot.gameCode,
      round_id: spin.round_id,
    });
    await move({
      idempotencyKey: 'ps:bet',
      kind: 'provider_bet',
      from: p,
      to: { system: 'provider:sport' },
      amount: 3_000,
      reference: 'slip-9',
    });
    await move({
      idempotencyKey: 'p5:bet',
      kind: 'provider_bet',
      from: p,
      to: { system: 'provider:5' },
      amount: 600,
      reference: 'fish-5',
    });
    await move({
      idempotencyKey: 'xfer:a:in',
      kind: 'provider_transfer_in',
      from: p,
      to: { system: 'float:4' },
      amount: 10_000,
      reference: 'xfer-a',
    });
    await move({
      idempotencyKey: 'xfer:a:out',
      kind: 'provider_transfer_out',
      from: { system: 'float:4' },
      to: p,
      amount: 12_500,
      reference: 'xfer-a',
    });
    await move({
      idempotencyKey: 'xfer:b:in',
      kind: 'provider_transfer_in',
      from: p,
      to: { system: 'float:4' },
      amount: 1_000,
      reference: 'xfer-b',
    });
    await move({
      idempotencyKey: 'xfer:b:reverse',
      kind: 'provider_transfer_reversal',
      from: { system: 'float:4' },
      to: p,
      amount: 1_000,
      reference: 'xfer-b',
    });
    // A movement between two system accounts is nobody's statement row.
    await move({
      idempotencyKey: 'jackpot-feed:1',
      kind: 'jackpot_feed',
      from: { system: 'house' },
      to: { system: 'jackpot' },
      amount: 100,
      reference: round,
    });
    t.clock.advanceMs(60_000);
    await t.app.services.cashier.withdraw({ playerId: alice.id, amount: riel(5_000), idempotencyKey: 'w1' });
    // Bob's own movements: never on Alice's statement.
    await move({
      idempotencyKey: 'bob:p2',
      kind: 'provider_bet',
      from: { playerId: bob.id },
      to: { system: 'provider:2' },
      amount: 100,
      reference: 'bac-bob',
    });
  });
  afterAll(() => t.close());

  it('matches the ledger row for row, newest first, its balance the top bar balance', async () => {
    const { items, meta } = await all(aliceBrowser);
    const { db } = t.tdb;
    const account = await db
      .selectFrom('accounts')
      .select('id')
      .where('player_id', '=', alice.id)
      .executeTakeFirstOrThrow();
    const ledger = await db
      .selectFrom('transfers')
      .selectAll()
      .where((eb) => eb.or([eb('from_account_id', '=', account.id), eb('to_account_id', '=', account.id)]))
      .orderBy('created_at_ms', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(ledger).toHaveLength(19);
    expect(meta.total).toBe(ledger.length);
    expect(items.map((r) => [r.id, r.amount, r.balance_after, r.at])).toEqual(
      ledger.map((l) => {
        const paid = Number(l.from_account_id) === Number(account.id);
        return [
          Number(l.id),
          paid ? -Number(l.amount) : Number(l.amount),
          Number(paid ? l.from_balance_after : l.to_balance_after),
          new Date(Number(l.created_at_ms)).toISOString(),
        ];
      }),
    );
    // The running balance: each row's balance is the one after it plus its amount.
    for (let i = 0; i + 1 < items.length; i++) {
      expect(items[i]!.balance_after).toBe(items[i + 1]!.balance_after + items[i]!.amount);
    }
    const { data: user } = (await aliceBrowser.get('/api/user')).json();
    expect(items[0]!.balance_after).toBe(user.balance);
    expect(items[0]!.balance_after).toBe(await t.app.services.wallet.playerBalance(alice.id));
    expect(await t.app.services.wallet.reconcile()).toMatchObject({ ok: true });
  });

  it('names the product, kind and reference of every product', async () => {
    const { items } = await all(aliceBrowser);
    const seen = items.map((r) => [r.product, r.kind, r.reference?.type ?? null, r.reference?.id ?? null]);
    expect(seen).toEqual([
      ['CASHIER', 'WITHDRAW', null, null],
      ['FISHING', 'ROLLBACK', 'FISHING_TRANSFER', 'xfer-b'],
      ['FISHING', 'TRANSFER_IN', 'FISHING_TRANSFER', 'xfer-b'],
      ['FISHING', 'TRANSFER_OUT', 'FISHING_TRANSFER', 'xfer-a'],
      ['FISHING', 'TRANSFER_IN', 'FISHING_TRANSFER', 'xfer-a'],
      ['FISHING', 'STAKE', 'PROVIDER_ROUND', 'fish-5'],
      ['SPORT', 'STAKE', 'PROVIDER_ROUND', 'slip-9'],
      ['SLOT', 'ROLLBACK', 'PROVIDER_ROUND', 'slot-1'],
      ['SLOT', 'STAKE', 'PROVIDER_ROUND', 'slot-1'],
      ['CASINO', 'PAYOUT', 'PROVIDER_ROUND', 'bac-1'],
      ['CASINO', 'STAKE', 'PROVIDER_ROUND', 'bac-1'],
      ['LOTTERY', 'REFUND', 'LOTTERY_TICKET', '8'],
      ['LOTTERY', 'PAYOUT', 'LOTTERY_TICKET', '7'],
      ['LOTTERY', 'STAKE', 'LOTTERY_TICKET', '7'],
      ['JACKPOT', 'PAYOUT', 'LOTTO59_ROUND', String(roundId)],
      ['LOTTO59', 'REFUND', 'LOTTO59_ROUND', String(roundId)],
      ['LOTTO59', 'PAYOUT', 'LOTTO59_ROUND', String(roundId)],
      ['LOTTO59', 'STAKE', 'LOTTO59_TICKET', String(firstBetId)],
      ['CASHIER', 'DEPOSIT', null, null],
    ]);
    expect(items).toHaveLength(19);
  });

  it('totals each product over the range and nets each day', async () => {
    const { items, totals, daily } = await all(aliceBrowser);
    const expected = new Map<string, { count: number; credit: number; debit: number }>();
    for (const r of items) {
      const e = expected.get(r.product) ?? { count: 0, credit: 0, debit: 0 };
      e.count += 1;
      if (r.amount >= 0) e.credit += r.amount;
      else e.debit += r.amount;
      expected.set(r.product, e);
    }
    expect(totals.map((x) => x.product)).toEqual([
      'LOTTO59',
      'LOTTERY',
      'CASINO',
      'SLOT',
      'FISHING',
      'SPORT',
      'CASHIER',
      'JACKPOT',
    ]);
    for (const x of totals) {
      expect(x).toEqual({
        product: x.product,
        ...expected.get(x.product)!,
        net: expected.get(x.product)!.credit + expected.get(x.product)!.debit,
      });
    }
    expect(totals.find((x) => x.product === 'CASINO')).toMatchObject({
      count: 2,
      credit: 7_800,
      debit: -4_000,
      net: 3_800,
    });
    expect(daily.reduce((s, d) => s + d.net, 0)).toBe(items.reduce((s, r) => s + r.amount, 0));
  });

  it('filters by product, by kind, by both, by dates, and pages', async () => {
    const casino = await all(aliceBrowser, '&product=CASINO');
    expect(casino.items.map((r) => [r.kind, r.amount])).toEqual([
      ['PAYOUT', 7_800],
      ['STAKE', -4_000],
    ]);
    expect(casino.totals).toEqual([
      { product: 'CASINO', count: 2, credit: 7_800, debit: -4_000, net: 3_800 },
    ]);
    const stakes = await all(aliceBrowser, '&kind=STAKE');
    expect(stakes.items.map((r) => r.product)).toEqual([
      'FISHING',
      'SPORT',
      'SLOT',
      'CASINO',
      'LOTTERY',
      'LOTTO59',
    ]);
    const fishingStakes = await all(aliceBrowser, '&product=FISHING&kind=STAKE');
    expect(fishingStakes.items.map((r) => r.reference?.id)).toEqual(['fish-5']);
    expect((await all(aliceBrowser, '&product=CASHIER&kind=STAKE')).items).toEqual([]);
    const jackpot = await all(aliceBrowser, '&product=JACKPOT');
    expect(jackpot.items.map((r) => r.amount)).toEqual([9_000]);

    // The fake clock starts on 2026-11-21 in Phnom Penh; every movement is on that day.
    expect((await all(aliceBrowser, '&from=2026-11-21&to=2026-11-21')).meta.total).toBe(19);
    expect((await all(aliceBrowser, '&from=2026-11-22')).items).toEqual([]);

    const page2 = (await aliceBrowser.get('/api/statement?per_page=6&page=2')).json().data;
    const everything = (await all(aliceBrowser)).items;
    expect(page2.items.map((r: Row) => r.id)).toEqual(everything.slice(6, 12).map((r) => r.id));
    expect(page2.meta).toEqual({ current_page: 2, per_page: 6, total: 19, last_page: 4 });
  });

  it("never shows another player's rows", async () => {
    const { items, meta } = await all(bobBrowser);
    expect(items.map((r) => [r.product, r.kind, r.amount])).toEqual([
      ['CASINO', 'STAKE', -100],
      ['CASHIER', 'DEPOSIT', 5_000],
    ]);
    expect(meta.total).toBe(2);
    const aliceIds = new Set((await all(aliceBrowser)).items.map((r) => r.id));
    expect(items.some((r) => aliceIds.has(r.id))).toBe(false);
  });

  it('writes the same rows as a CSV with a BOM, headers in the asked language', async () => {
    const res = await aliceBrowser.get('/api/statement.csv?from=2026-11-01&to=2026-11-30');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="statement-2026-11-01-2026-11-30.csv"',
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('លេខប្រតិបត្តិការ,ពេលវេលា,ផលិតផល,ប្រភេទ,ឯកសារយោង,ចំនួនទឹកប្រាក់,សមតុល្យក្រោយ');
    const items = (await all(aliceBrowser)).items;
    expect(
      lines.slice(1).map((l) => l.split(',').map((f, i) => (i === 0 || i >= 5 ? Number(f) : f))),
    ).toEqual(
      items.map((r) => [
        r.id,
        expect.stringMatching(/^2026-11-2\d \d\d:\d\d:\d\d$/),
        expect.any(String),
        expect.any(String),
        expect.any(String),
        r.amount,
        r.balance_after,
      ]),
    );
    expect(lines[1]).toContain(',បេឡា,ដកប្រាក់,,-5000,');

    const en = await aliceBrowser.get(
      '/api/statement.csv?from=2026-11-01&to=2026-11-30&lang=en&product=CASINO',
    );
    expect(en.body).toBe(
      '\uFEFFTransaction,Time,Product,Kind,Reference,Amount,Balance after\r\n' +
        items
          .filter((r) => r.product === 'CASINO')
          .map(
            (r) =>
              `${r.id},${en.body.split('\r\n')[r.kind === 'PAYOUT' ? 1 : 2]!.split(',')[1]},Casino,${r.kind === 'PAYOUT' ? 'Payout' : 'Stake'},Round bac-1,${r.amount},${r.balance_after}\r\n`,
          )
          .join(''),
    );
  });

  it('refuses a CSV longer than 366 days or without both dates, and a bad filter', async () => {
    const long = await aliceBrowser.get('/api/statement.csv?from=2025-01-01&to=2026-01-02');
    expect(long.statusCode).toBe(422);
    expect(long.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { to: expect.any(Array) } });
    expect((await aliceBrowser.get('/api/statement.csv?from=2025-01-01&to=2026-01-01')).statusCode).toBe(200);
    const open = await aliceBrowser.get('/api/statement.csv?from=2026-11-01');
    expect(open.statusCode).toBe(422);
    expect(open.json().errors.to).toBeDefined();
    const bad = await aliceBrowser.get('/api/statement?product=POKER&kind=BONUS&player_id=2');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['kind', 'player_id', 'product']);
  });

  it('needs a session', async () => {
    expect((await new TestBrowser(t.app).get('/api/statement')).statusCode).toBe(401);
    expect(
      (await new TestBrowser(t.app).get('/api/statement.csv?from=2026-11-01&to=2026-11-02')).statusCode,
    ).toBe(401);
  });
});
