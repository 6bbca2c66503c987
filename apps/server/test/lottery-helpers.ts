import { randomUUID } from 'node:crypto';
import { lotterySheet, type SheetLine } from '@lotto59/domain';
import type { App } from '../src/app';
import type { TestBrowser, TestContext } from './test-app';

/** Helpers of the ticket lottery's API tests. */

/** A player with the lottery flag on, logged in. */
export async function lotteryPlayer(t: TestContext, balance: number, enableLottery = true) {
  const p = await t.newPlayer({ balance });
  if (enableLottery) await t.app.services.players.setFlags(p.id, { enableLottery: true });
  const { TestBrowser } = await import('./test-app');
  const browser = new TestBrowser(t.app);
  await browser.login(p.username, p.password);
  return { ...p, browser };
}

export function betBody(
  drawId: number,
  type: string,
  items: { bet_type: string; posts: string[]; numbers: string; amount: number; permute?: boolean }[],
  requestId: string = randomUUID(),
) {
  return { request_id: requestId, type, draw_id: drawId, items };
}

export function postBet(browser: TestBrowser, body: unknown) {
  return browser.request({ method: 'POST', url: '/api/lottery/ticket/bet', payload: body as object });
}

export function del(browser: TestBrowser, url: string) {
  return browser.request({ method: 'DELETE', url });
}

/** The next open draw of a series (the worker must have ticked). */
export async function nextDraw(app: App, series: string) {
  const open = await app.services.lottery.draws.openDraws(undefined);
  const draw = open.find((d) => d.series === series);
  if (!draw) throw new Error(`no open draw of ${series}`);
  return draw;
}

/**
 * The sheet a draw will have: its committed seed is fixed by the test app's seeded random source, and the
 * engine is the domain's, so a test knows the outcome in advance instead of hoping for one.
 */
export function sheetOf(draw: {
  id: number;
  server_seed: string | null;
  layout: Parameters<typeof lotterySheet>[2];
}): SheetLine[] {
  if (draw.server_seed === null) throw new Error('a feed draw has no seed');
  return lotterySheet(draw.server_seed, draw.id, draw.layout);
}

export const ledgerKinds = (t: TestContext, kind: string) =>
  t.tdb.db
    .selectFrom('transfers')
    .select(['idempotency_key', 'amount'])
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
