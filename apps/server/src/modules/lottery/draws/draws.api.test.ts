import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SHEET_LINES } from '@lotto59/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../../test/databases';
import { expectLedgerBalanced } from '../../../../test/lotto59-helpers';
import { betBody, ledgerKinds, lotteryPlayer, nextDraw, postBet } from '../../../../test/lottery-helpers';
import { createTestApp, type TestContext } from '../../../../test/test-app';

const MINUTE = 60_000;

/** A VN_SOUTH sheet as a feed sends it: every line, G8 as given, the rest fixed. */
function feedSheet(g8: string): Record<string, string[]> {
  return Object.fromEntries(
    SHEET_LINES.VN_SOUTH.map((g) => [
      g.code,
      Array.from({ length: g.count }, () => (g.code === 'G8' ? g8 : '9'.repeat(g.digits))),
    ]),
  );
}

describe.each(TEST_DIALECTS)('lottery results from an HTTP feed on %s', (dialect) => {
  let t: TestContext;
  let server: Server;
  /** What the feed answers per draw code; absent → 404. */
  const answers = new Map<string, unknown>();
  let asked = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      asked += 1;
      const code = new URL(req.url ?? '/', 'http://feed').searchParams.get('code') ?? '';
      const body = answers.get(code);
      res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body ?? { error: 'not yet' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/results`;
    t = await createTestApp(dialect, {
      LOTTERY_FEED_URL: JSON.stringify({ 'VN-S': url, 'VN-C': url }),
      LOTTERY_FEED_CONFIRM_MINUTES: '10',
    });
    await t.app.services.lottery.scheduler.tick();
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const tick = () => t.app.services.lottery.scheduler.tick();
  const drawOf = (code: string) => t.app.services.lottery.draws.byRef(code);

  it('holds a complete sheet, restarts the hold on a correction, then settles on the corrected one', async () => {
    const p = await lotteryPlayer(t, 10_000);
    const draw = await nextDraw(t.app, 'VN-S');
    expect(draw).toMatchObject({ source: 'FEED', server_seed: null, server_seed_hash: null });
    const placed = await postBet(
      p.browser,
      betBody(draw.id, 'VN', [{ bet_type: '2D', posts: ['A'], numbers: '14', amount: 100 }]),
    );
    expect(placed.statusCode).toBe(200);

    t.clock.advanceMs(draw.draw_at_ms - t.clock.nowMs());
    // Incomplete: a line missing is no sheet.
    const partial = feedSheet('15');
    delete partial.DB;
    answers.set(draw.code, { lines: partial });
    await tick();
    expect((await drawOf(draw.code)).feed_sheet).toBeNull();

    answers.set(draw.code, { lines: feedSheet('15') });
    t.clock.advanceMs(MINUTE);
    await tick();
    expect((await drawOf(draw.code)).sheet_seen_at_ms).toBe(t.clock.nowMs());

    // A correction 5 minutes later restarts the 10-minute hold.
    answers.set(draw.code, { lines: feedSheet('14') });
    t.clock.advanceMs(5 * MINUTE);
    await tick();
    const correctedAt = t.clock.nowMs();
    t.clock.advanceMs(9 * MINUTE);
    await tick();
    expect((await drawOf(draw.code)).status).toBe('OPEN');
    t.clock.advanceMs(MINUTE);
    await tick();
    const settled = await drawOf(draw.code);
    expect(settled.status).toBe('SETTLED');
    expect(settled.source).toBe('FEED');
    expect(correctedAt + 10 * MINUTE).toBe(t.clock.nowMs());
    expect(JSON.parse(settled.sheet!)[0]).toEqual({ code: 'G8', index: 1, digits: 2, number: '14' });
    expect(await t.app.services.wallet.playerBalance(p.id)).toBe(10_000 - 80 + 100 * 75);
    await expectLedgerBalanced(t.app, t.tdb.db);
  });

  it('voids a feed draw with no complete sheet by noon the next day, refunding each item once', async () => {
    const p = await lotteryPlayer(t, 10_000);
    const draw = await nextDraw(t.app, 'VN-C');
    await postBet(
      p.browser,
      betBody(draw.id, 'VN', [{ bet_type: '2D', posts: ['B'], numbers: '01 02', amount: 100 }]),
    );
    expect(await t.app.services.wallet.playerBalance(p.id)).toBe(10_000 - 160);
    const before = asked;
    t.clock.advanceMs(draw.draw_at_ms + 3 * 60 * MINUTE - t.clock.nowMs());
    await tick();
    expect(asked).toBeGreaterThan(before);
    expect((await drawOf(draw.code)).status).toBe('OPEN');
    // Next day 12:00 Phnom Penh = 05:00 UTC.
    const noon = Date.UTC(2026, 10, 22, 5, 0);
    t.clock.advanceMs(noon - 1 - t.clock.nowMs());
    await tick();
    expect((await drawOf(draw.code)).status).toBe('OPEN');
    t.clock.advanceMs(1);
    await tick();
    await tick();
    expect((await drawOf(draw.code)).status).toBe('VOID');
    expect(await t.app.services.wallet.playerBalance(p.id)).toBe(10_000);
    const refunds = (await ledgerKinds(t, 'lottery_refund')).filter((r) =>
      r.idempotency_key.startsWith('lottery:void:'),
    );
    expect(refunds).toHaveLength(1);
    await expectLedgerBalanced(t.app, t.tdb.db);
  });
});

describe.each(TEST_DIALECTS)('the fast TN schedule on %s', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect, { LOTTERY_TN_EVERY_SECONDS: '10', LOTTERY_TN_CUTOFF_SECONDS: '3' });
  });
  afterAll(() => t.close());

  it('keeps 3 draws ahead named TN-<id>, closes each 3 s before, draws and settles it', async () => {
    const { lottery } = t.app.services;
    await lottery.scheduler.tick();
    const open = (await lottery.draws.openDraws('TN')).filter((d) => d.series === 'TN');
    expect(open).toHaveLength(3);
    expect(open.map((d) => d.code)).toEqual(open.map((d) => `TN-${String(d.id)}`));
    expect(open.map((d) => d.draw_at_ms - d.cutoff_at_ms)).toEqual([3000, 3000, 3000]);
    expect(open[1]!.draw_at_ms - open[0]!.draw_at_ms).toBe(10_000);
    // No hourly TN draws beside the fast ones.
    expect(
      (await lottery.draws.openDraws('TN')).every(
        (d) => d.code.startsWith('TN-') && !d.code.includes('2026'),
      ),
    ).toBe(true);

    t.clock.advanceMs(open[0]!.draw_at_ms - t.clock.nowMs());
    await lottery.scheduler.tick();
    expect((await lottery.draws.byId(open[0]!.id)).status).toBe('SETTLED');
    expect((await lottery.draws.openDraws('TN')).filter((d) => d.series === 'TN')).toHaveLength(3);
  });
});
