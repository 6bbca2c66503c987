import { itemHits, type SheetLine } from '@lotto59/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../../test/databases';
import { buildAppOn, expectLedgerBalanced } from '../../../../test/lotto59-helpers';
import { betBody, lotteryPlayer, nextDraw, postBet, sheetOf } from '../../../../test/lottery-helpers';
import { createTestApp, TestBrowser, type TestContext } from '../../../../test/test-app';

/**
 * A lottery item is paid at the price it was sold at (issue 21 item 8, docs/decisions/0043). A ticket may be
 * bought up to 48 h before its draw; the price (the payout multiple of its bet type) is stored with the
 * item, so a price change and a restart before the draw settles do not change what it wins. Items sold
 * before prices were stored (null, rows of before migration 0014) are paid at the price in force when the
 * draw settles.
 */
describe.each(TEST_DIALECTS)('lottery items paid at the price they were sold at on %s', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.services.lottery.scheduler.tick();
  });
  afterAll(() => t.close());

  /** How many times a 2D number on post A hits the sheet. */
  const hitsOf = (sheet: SheetLine[], number: string) =>
    itemHits(sheet, { layout: 'KH', betType: '2D', posts: ['A'], numbers: [number] }).length;
  const item = (numbers: string, amount: number) => ({ bet_type: '2D', posts: ['A'], numbers, amount });
  const wonPayouts = async (ids: number[]) =>
    (
      await t.tdb.db
        .selectFrom('lottery_item_wins')
        .select(['item_id', 'payout'])
        .where('item_id', 'in', ids)
        .orderBy('item_id')
        .execute()
    ).map((r) => ({ item_id: Number(r.item_id), payout: Number(r.payout) }));

  it('a price change and a restart before the draw: sold items pay their sale price, later ones the new', async () => {
    const p = await lotteryPlayer(t, 1_000_000);
    const draw = await nextDraw(t.app, 'KH-5');
    const sheet = sheetOf(draw);
    const hit = sheet.find((l) => l.code === 'A2')!.number;
    const hits = hitsOf(sheet, hit);
    expect(hits).toBeGreaterThan(0);
    const salePrice = t.app.services.lottery.settings.pricing.price['2D'];
    const sold = (await postBet(p.browser, betBody(draw.id, 'KH', [item(hit, 1_000)]))).json().data.ticket;

    // The operator raises the 2D price and restarts the server before the draw: the old process stops.
    await t.app.services.lottery.scheduler.stop();
    const restarted = await buildAppOn(t, t.clock, { LOTTERY_PRICE_2D: String(salePrice + 15) });
    try {
      const newPrice = restarted.app.services.lottery.settings.pricing.price['2D'];
      expect(newPrice).toBe(salePrice + 15);
      const browser = new TestBrowser(restarted.app);
      await browser.login(p.username, p.password);
      const later = (await postBet(browser, betBody(draw.id, 'KH', [item(hit, 500)]))).json().data.ticket;
      const balanceBefore = await restarted.app.services.wallet.playerBalance(p.id);

      t.clock.advanceMs(draw.draw_at_ms - t.clock.nowMs());
      await restarted.app.services.lottery.scheduler.tick();
      expect((await restarted.app.services.lottery.draws.byId(draw.id)).status).toBe('SETTLED');

      const owedSold = 1_000 * salePrice * hits;
      const owedLater = 500 * newPrice * hits;
      expect(await wonPayouts([sold.items[0].id, later.items[0].id])).toEqual([
        { item_id: sold.items[0].id, payout: owedSold },
        { item_id: later.items[0].id, payout: owedLater },
      ]);
      // Hours went by: sign in again to read.
      await browser.login(p.username, p.password);
      const shown = (await browser.get(`/api/lottery/ticket/items?id=${String(sold.id)}`)).json().data;
      expect(shown.items).toMatchObject([{ status: 'WON', payout: owedSold }]);
      expect(await restarted.app.services.wallet.playerBalance(p.id)).toBe(
        balanceBefore + owedSold + owedLater,
      );
    } finally {
      await restarted.close();
    }
    await expectLedgerBalanced(t.app, t.tdb.db);
  });

  it('an item sold before prices were stored (no price) is paid at the price in force at settlement', async () => {
    const p = await lotteryPlayer(t, 1_000_000);
    const draw = await nextDraw(t.app, 'KH-6');
    const sheet = sheetOf(draw);
    const hit = sheet.find((l) => l.code === 'A2')!.number;
    const sold = (await postBet(p.browser, betBody(draw.id, 'KH', [item(hit, 1_000)]))).json().data.ticket;
    // As a row written before migration 0014 reads.
    await sql`update lottery_items set price = null where ticket_id = ${sold.id}`.execute(t.tdb.db);

    await t.app.services.lottery.scheduler.stop();
    const restarted = await buildAppOn(t, t.clock, { LOTTERY_PRICE_2D: '90' });
    try {
      t.clock.advanceMs(draw.draw_at_ms - t.clock.nowMs());
      await restarted.app.services.lottery.scheduler.tick();
      expect((await restarted.app.services.lottery.draws.byId(draw.id)).status).toBe('SETTLED');
      expect(await wonPayouts([sold.items[0].id])).toEqual([
        { item_id: sold.items[0].id, payout: 1_000 * 90 * hitsOf(sheet, hit) },
      ]);
    } finally {
      await restarted.close();
    }
    await expectLedgerBalanced(t.app, t.tdb.db);
  });
});
