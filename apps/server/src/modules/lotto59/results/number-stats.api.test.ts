import { numberStats } from '@lotto59/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_DIALECTS } from '../../../../test/databases';
import { createTestApp, TestBrowser, type TestContext } from '../../../../test/test-app';
import type { RoundsService } from '../rounds/rounds.service';

/** Issue 26, item 5: the hot and cold numbers of a pool, from its drawn rounds, counted once per draw. */
describe.each(TEST_DIALECTS)('GET /api/v1/lotto59/stats on %s', (dialect) => {
  let t: TestContext;
  let browser: TestBrowser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const p = await t.newPlayer({ balance: 0 });
    browser = new TestBrowser(t.app);
    await browser.login(p.username, p.password);
  });
  afterAll(() => t.close());

  /** One fast round from its opening to its settlement (60 s open, release and settlement by close + 65 s). */
  const playOneRound = async () => {
    const { scheduler } = t.app.services.lotto59;
    await scheduler.tick();
    t.clock.advanceMs(60_000);
    await scheduler.tick();
    t.clock.advanceMs(65_000);
    await scheduler.tick();
  };
  const stats = async () => {
    const res = await browser.get('/api/v1/lotto59/stats?poll=POLL_2');
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const drawnNumbers = async () => {
    const res = await browser.get('/api/v1/result/history?poll=POLL_2&per_page=100');
    return (res.json().data.items as { numbers: number[] }[]).map((r) => r.numbers);
  };

  it('answers no draws before the first, then the counts of the drawn rounds by the domain rule', async () => {
    const before = await stats();
    expect(before).toMatchObject({ poll: 'POLL_2', result_id: null, draws: 0 });
    for (let i = 0; i < 3; i++) await playOneRound();
    const after = await stats();
    const draws = await drawnNumbers();
    expect(draws.length).toBeGreaterThanOrEqual(2);
    expect(after.draws).toBe(draws.length);
    const expected = numberStats(draws);
    expect(after.counts).toEqual(expected.counts);
    expect(after.hot).toEqual(expected.hot);
    expect(after.cold).toEqual(expected.cold);
    expect(after.counts.reduce((a: number, b: number) => a + b, 0)).toBe(10 * draws.length);
  });

  it('counts again only when a newer draw is public', async () => {
    // The revealed rounds are read from the read pool's rounds service (a replica's when there is one).
    const rounds = (t.app.services.lotto59.results as unknown as { pastRounds: RoundsService }).pastRounds;
    const first = await stats();
    const read = vi.spyOn(rounds, 'revealedRounds');
    try {
      const again = await stats();
      expect(again).toEqual(first);
      // The newest round's id only (limit 1): no count of 100 rounds for the same draw.
      expect(read.mock.calls.map(([, page]) => page.limit)).toEqual([1]);
      read.mockClear();
      await playOneRound();
      const next = await stats();
      expect(next.result_id).not.toBe(first.result_id);
      expect(next.draws).toBeGreaterThan(first.draws);
      expect(read.mock.calls.map(([, page]) => page.limit)).toEqual([1, 100]);
    } finally {
      read.mockRestore();
    }
  });

  it('is for signed-in players only', async () => {
    const res = await new TestBrowser(t.app).get('/api/v1/lotto59/stats?poll=POLL_2');
    expect(res.statusCode).toBe(401);
  });
});
