import { itemHits, riel, type SheetLine } from '@lotto59/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../../test/databases';
import { expectLedgerBalanced, expectRefusal } from '../../../../test/lotto59-helpers';
import { betBody, del, lotteryPlayer, nextDraw, postBet, sheetOf } from '../../../../test/lottery-helpers';
import { createTestApp, type TestContext } from '../../../../test/test-app';

/**
 * Settlement writes only the winners (decision 0026), each as a row of lottery_item_wins (decision 0036):
 * an item keeps its stored OPEN, and reads WON with such a row, else LOST, once its draw is SETTLED. Every
 * reader answers as if LOST were stored: the ticket's items, the payout list (losers absent), hiding a settled
 * item, the totals; and a draw not settled yet still reads OPEN. The tickets are not written either (decision
 * 0057): a ticket of a SETTLED draw reads WON with its items' wins, or LOST, exactly as a ticket written WON
 * or LOST by the settlement before that decision reads.
 */
describe.each(TEST_DIALECTS)('lottery settlement of winners and losers on %s', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.services.lottery.scheduler.tick();
  });
  afterAll(() => t.close());

  const lottery = () => t.app.services.lottery;
  const balanceOf = (id: number) => t.app.services.wallet.playerBalance(id);
  const storedItems = (ids: number[]) =>
    t.tdb.db
      .selectFrom('lottery_items')
      .select(['id', 'status', 'payout', 'hits', 'paid_at_ms'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
  const storedTickets = (ids: number[]) =>
    t.tdb.db
      .selectFrom('lottery_tickets')
      .select(['id', 'status', 'payout', 'settled_at_ms'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
  const storedWins = (ids: number[]) =>
    t.tdb.db
      .selectFrom('lottery_item_wins')
      .select(['item_id', 'player_id', 'payout', 'hits'])
      .where('item_id', 'in', ids)
      .orderBy('item_id')
      .execute();
  /** What the domain's one-item rule pays, worked out apart from the settlement's per-draw scorer. */
  const paysOf = (sheet: SheetLine[], numbers: string, amount: number) =>
    amount * 75 * itemHits(sheet, { layout: 'KH', betType: '2D', posts: ['A'], numbers: [numbers] }).length;

  it('pays the winners, shows the unwritten losers LOST everywhere, and settles once', async () => {
    const a = await lotteryPlayer(t, 100_000);
    const b = await lotteryPlayer(t, 100_000);
    const draw = await nextDraw(t.app, 'KH-5');
    const sheet = sheetOf(draw);
    const hit = sheet.find((l) => l.code === 'A2')!.number;
    const miss = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0')).find(
      (n) => paysOf(sheet, n, 1) === 0,
    )!;
    const item = (numbers: string, amount: number) => ({ bet_type: '2D', posts: ['A'], numbers, amount });
    // The same winning choice twice with other amounts: each is paid on its own amount.
    const ta = (
      await postBet(
        a.browser,
        betBody(draw.id, 'KH', [item(hit, 1000), item(miss, 1000), item(hit, 500), item(miss, 200)]),
      )
    ).json().data.ticket;
    const tb = (await postBet(b.browser, betBody(draw.id, 'KH', [item(miss, 300)]))).json().data.ticket;
    expect(
      (await del(a.browser, `/api/lottery/ticket/delete/item/${String(ta.items[3].id)}`)).statusCode,
    ).toBe(200);
    const [aAfterBet, bAfterBet] = [await balanceOf(a.id), await balanceOf(b.id)];
    const won = paysOf(sheet, hit, 1000) + paysOf(sheet, hit, 500);
    expect(won).toBeGreaterThan(0);

    t.clock.advanceMs(draw.draw_at_ms - t.clock.nowMs());
    await lottery().scheduler.tick();
    expect((await lottery().draws.byId(draw.id)).status).toBe('SETTLED');
    // Settling again finds the draw settled: nothing more is written or paid.
    expect(await lottery().settlement.settle(draw.id)).toBeUndefined();
    expect(await balanceOf(a.id)).toBe(aAfterBet + won);
    expect(await balanceOf(b.id)).toBe(bAfterBet);

    // Storage: no item is written (OPEN, no payout, no hits); each winner has its one row of
    // lottery_item_wins (decision 0036).
    const ids = [...ta.items.map((i: { id: number }) => i.id), tb.items[0].id];
    expect((await storedItems(ids)).map((r) => [r.status, Number(r.payout), r.hits === null])).toEqual([
      ['OPEN', 0, true],
      ['OPEN', 0, true],
      ['OPEN', 0, true],
      ['DELETED', 0, true],
      ['OPEN', 0, true],
    ]);
    expect(
      (await storedWins(ids)).map((r) => [r.item_id, r.player_id, Number(r.payout), r.hits.length > 2]),
    ).toEqual([
      [ta.items[0].id, a.id, paysOf(sheet, hit, 1000), true],
      [ta.items[2].id, a.id, paysOf(sheet, hit, 500), true],
    ]);
    // …and no ticket is written (decision 0057).
    expect(
      (await storedTickets([ta.id, tb.id])).map((r) => [r.status, Number(r.payout), r.settled_at_ms]),
    ).toEqual([
      ['OPEN', 0, null],
      ['OPEN', 0, null],
    ]);

    // The ticket's items: LOST with no payout and no hits, the deleted one still DELETED.
    await a.browser.login(a.username, a.password);
    await b.browser.login(b.username, b.password);
    const shownA = (await a.browser.get(`/api/lottery/ticket/items?id=${String(ta.id)}`)).json().data;
    expect(shownA.ticket.status).toBe('WON');
    expect(shownA.items.map((i: { status: string; payout: number }) => [i.status, i.payout])).toEqual([
      ['WON', paysOf(sheet, hit, 1000)],
      ['LOST', 0],
      ['WON', paysOf(sheet, hit, 500)],
      ['DELETED', 0],
    ]);
    expect(shownA.items[0].hits).toContainEqual({ code: 'A2', index: 1, number: hit });
    expect(shownA.items[1].hits).toEqual([]);
    const shownB = (await b.browser.get(`/api/lottery/ticket/items?id=${String(tb.id)}`)).json().data;
    expect(shownB.ticket.status).toBe('LOST');
    expect(shownB.items).toMatchObject([{ status: 'LOST', payout: 0, hits: [] }]);

    // Lists and totals: the losing ticket LOST with its 1 item, no payout; the payout list holds winners only.
    const listB = (await b.browser.get('/api/lottery/ticket/list?type=KH')).json().data.items;
    expect(listB).toMatchObject([{ id: tb.id, status: 'LOST', payout: 0 }]);
    expect(
      (await b.browser.get('/api/lottery/ticket/list?type=KH&status=LOST')).json().data.items,
    ).toHaveLength(1);
    expect((await b.browser.get('/api/lottery/ticket/total?type=KH')).json().data).toMatchObject({
      tickets: 1,
      items: 1,
      payout: 0,
      win_lose: -tb.net_amount,
      outstanding: 0,
    });
    expect((await b.browser.get('/api/lottery/ticket/payout?type=KH')).json().data.total).toEqual({
      count: 0,
      payout: 0,
    });
    expect((await a.browser.get('/api/lottery/ticket/payout?type=KH')).json().data.total).toEqual({
      count: 2,
      payout: won,
    });
    expect((await a.browser.get('/api/lottery/ticket/total?type=KH')).json().data).toMatchObject({
      items: 3,
      payout: won,
      win_lose: won - shownA.ticket.net_amount,
    });

    // A LOST item is settled, so it may be hidden; hiding does not make it anything else.
    const hidden = await del(b.browser, `/api/lottery/ticket/delete/payout/item/${String(tb.items[0].id)}`);
    expect(hidden.statusCode).toBe(200);
    expect(
      (await b.browser.get(`/api/lottery/ticket/items?id=${String(tb.id)}`)).json().data.items[0].status,
    ).toBe('LOST');

    // Every reader of a ticket, by both players: the same answers whether the tickets are left unwritten
    // or written WON / LOST as the settlement did before decision 0057.
    const reads = async () => {
      const answers: unknown[] = [];
      for (const [player, ticket] of [
        [a, ta],
        [b, tb],
      ] as const) {
        for (const path of [
          `/api/lottery/ticket/items?id=${String(ticket.id)}`,
          '/api/lottery/ticket/list?type=KH',
          ...['OPEN', 'CLOSED', 'WON', 'LOST'].map((s) => `/api/lottery/ticket/list?type=KH&status=${s}`),
          '/api/lottery/ticket/total?type=KH',
          ...['OPEN', 'CLOSED', 'WON', 'LOST'].map((s) => `/api/lottery/ticket/total?type=KH&status=${s}`),
        ]) {
          answers.push([path, (await player.browser.get(path)).json().data]);
        }
      }
      return answers;
    };
    const unwritten = await reads();
    expect(JSON.stringify(unwritten)).toContain(`"status":"WON"`);
    const { settled_at_ms: settledAt } = await lottery().draws.byId(draw.id);
    await t.tdb.db
      .updateTable('lottery_tickets')
      .set({ status: 'WON', payout: riel(won), settled_at_ms: settledAt })
      .where('id', '=', ta.id)
      .execute();
    await t.tdb.db
      .updateTable('lottery_tickets')
      .set({ status: 'LOST', settled_at_ms: settledAt })
      .where('id', '=', tb.id)
      .execute();
    expect(await reads()).toEqual(unwritten);
    await expectLedgerBalanced(t.app, t.tdb.db);
  });

  it('shows a live item of a drawn but unsettled draw as it is stored, and refuses to hide it', async () => {
    const p = await lotteryPlayer(t, 10_000);
    const draw = await nextDraw(t.app, 'KH-6');
    const ticket = (
      await postBet(
        p.browser,
        betBody(draw.id, 'KH', [{ bet_type: '2D', posts: ['A'], numbers: '07', amount: 100 }]),
      )
    ).json().data.ticket;
    t.clock.advanceMs(draw.draw_at_ms - t.clock.nowMs());
    // The sheet is stored, settlement not run yet (a crash, or the next tick): not LOST, not hideable.
    expect(await lottery().draws.storeSheet(draw, sheetOf(draw), 'ENGINE')).toBe(true);
    await p.browser.login(p.username, p.password);
    const shown = (await p.browser.get(`/api/lottery/ticket/items?id=${String(ticket.id)}`)).json().data;
    expect(shown.items).toMatchObject([{ status: 'OPEN', payout: 0, hits: [] }]);
    // Its ticket is CLOSED (past the cut-off), still outstanding, neither won nor lost.
    expect(shown.ticket.status).toBe('CLOSED');
    expect(
      (await p.browser.get('/api/lottery/ticket/list?type=KH&status=CLOSED')).json().data.items,
    ).toMatchObject([{ id: ticket.id, status: 'CLOSED', payout: 0, outstanding: ticket.net_amount }]);
    expect((await p.browser.get('/api/lottery/ticket/total?type=KH')).json().data).toMatchObject({
      payout: 0,
      win_lose: 0,
      outstanding: ticket.net_amount,
    });
    expectRefusal(
      await del(p.browser, `/api/lottery/ticket/delete/payout/item/${String(ticket.items[0].id)}`),
      409,
      'NOT_SETTLED',
      'This item is not settled yet.',
    );
    await expectLedgerBalanced(t.app, t.tdb.db);
  });
});
