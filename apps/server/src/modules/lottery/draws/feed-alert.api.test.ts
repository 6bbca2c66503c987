import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SHEET_LINES } from '@lotto59/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../../test/databases';
import { nextDraw } from '../../../../test/lottery-helpers';
import { createTestApp, type TestContext } from '../../../../test/test-app';

const HOUR = 3_600_000;

/**
 * lottery.md §7: "No complete sheet by draw_at + 3 h: operator alert." The alert is the Prometheus gauge
 * `lottery_feed_overdue_draws` (alert on > 0), read from the draws at every scrape: 0 until the third
 * hour, the overdue feed draws from then on, and 0 again once a complete sheet is held or the draw is void.
 */
describe.each(TEST_DIALECTS)('the 3-hour lottery feed alert on %s', (dialect) => {
  let t: TestContext;
  let feed: Server;
  /** What the feed answers per draw code; absent → 404. */
  const answers = new Map<string, unknown>();

  beforeAll(async () => {
    feed = createServer((req, res) => {
      const code = new URL(req.url ?? '/', 'http://feed').searchParams.get('code') ?? '';
      const body = answers.get(code);
      res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body ?? { error: 'not yet' }));
    });
    await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${String((feed.address() as AddressInfo).port)}/results`;
    t = await createTestApp(dialect, {
      LOTTERY_FEED_URL: JSON.stringify({ 'VN-S': url, 'VN-C': url }),
      METRICS_PORT: '0',
      HOST: '127.0.0.1',
    });
    await t.app.services.lottery.scheduler.tick();
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => feed.close(resolve));
  });

  const overdue = async () => {
    const text = await (await fetch(`${t.app.metricsAddress()}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith('lottery_feed_overdue_draws '));
    expect(line).toBeDefined();
    return Number(line!.split(' ')[1]);
  };
  const tickAt = async (ms: number) => {
    t.clock.advanceMs(ms - t.clock.nowMs());
    await t.app.services.lottery.scheduler.tick();
  };

  it('raises the gauge 3 hours after a feed draw with no complete sheet, until it is held or void', async () => {
    const vnS = await nextDraw(t.app, 'VN-S');
    const vnC = await nextDraw(t.app, 'VN-C');
    expect([vnS.source, vnC.source]).toEqual(['FEED', 'FEED']);
    expect(await overdue()).toBe(0);

    // Past the draw, still no sheet: not yet an alert.
    await tickAt(vnS.draw_at_ms + 3 * HOUR - 1);
    expect(await overdue()).toBe(0);
    await tickAt(vnS.draw_at_ms + 3 * HOUR);
    expect(await overdue()).toBe(1);
    // VN-C is an hour later: both overdue.
    await tickAt(vnC.draw_at_ms + 3 * HOUR);
    expect(await overdue()).toBe(2);

    // A complete sheet arrives for VN-C: held (then settled), so only VN-S is left.
    answers.set(vnC.code, {
      lines: Object.fromEntries(
        SHEET_LINES.VN_SOUTH.map((g) => [
          g.code,
          Array.from({ length: g.count }, () => '1'.repeat(g.digits)),
        ]),
      ),
    });
    await tickAt(t.clock.nowMs() + 60_000);
    expect((await t.app.services.lottery.draws.byId(vnC.id)).feed_sheet).not.toBeNull();
    expect(await overdue()).toBe(1);

    // Noon the next day: VN-S is void, nothing is overdue any more.
    await tickAt(vnS.draw_at_ms + 24 * HOUR);
    expect((await t.app.services.lottery.draws.byId(vnS.id)).status).toBe('VOID');
    expect(await overdue()).toBe(0);
  });
});
