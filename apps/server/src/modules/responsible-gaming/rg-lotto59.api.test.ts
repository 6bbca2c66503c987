import { drawNumbers } from '@lotto59/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../test/databases';
import { expectLedgerBalanced, openRound, placeBet, placeJackpot } from '../../../test/lotto59-helpers';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/test-app';

// Responsible gaming at the debit of lotto 59 bets and jackpot lines (spec §3), on both databases.
describe.each(TEST_DIALECTS)('responsible gaming at lotto 59 stakes on %s', (dialect) => {
  let t: TestContext;
  let roundId: number;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.services.lotto59.scheduler.tick();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    roundId = (await openRound(t.app, 'POLL_2')).id;
  });

  async function player(balance: number) {
    const p = await t.newPlayer({ balance });
    const browser = new TestBrowser(t.app);
    await browser.login(p.username, p.password);
    return { ...p, browser };
  }
  const bet = (browser: TestBrowser, amount: number) =>
    placeBet(browser, { poll: 'POLL_2', result_id: roundId, bets: [{ type: 'RANGE_3', amount }] });
  const operator = { by: 'operator' as const, reason: 'test' };

  it('accepts a stake just under a wager limit and refuses the one over it, with the room left', async () => {
    const p = await player(100_000);
    await t.app.services.rg.setLimit(p.id, { kind: 'WAGER', period: 'DAY', amount: 5_000 }, operator);
    expect((await bet(p.browser, 4_000)).statusCode).toBe(200);
    const refused = await bet(p.browser, 1_001);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      code: 'LIMIT_REACHED',
      remaining: 1_000,
      kind: 'WAGER',
      period: 'DAY',
    });
    expect(await t.app.services.wallet.playerBalance(p.id)).toBe(96_000);
    expect((await bet(p.browser, 1_000)).statusCode).toBe(200);
    const view = await t.app.services.rg.view(p.id);
    expect(view.limits).toEqual([
      expect.objectContaining({ kind: 'WAGER', period: 'DAY', amount: 5_000, used: 5_000, remaining: 0 }),
    ]);
    await expectLedgerBalanced(t.app, t.tdb.db);
  });

  it('judges jackpot lines by the loss limit, and a stake refused for money is not counted', async () => {
    const p = await player(3_000);
    await t.app.services.rg.setLimit(p.id, { kind: 'LOSS', period: 'WEEK', amount: 4_000 }, operator);
    // No money for 5,000: refused as INSUFFICIENT_FUNDS and not counted against the limit.
    expect((await bet(p.browser, 3_500)).json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect((await t.app.services.rg.view(p.id)).limits[0]).toMatchObject({ used: 0 });
    await t.app.services.cashier.deposit({
      playerId: p.id,
      amount: 100_000 as never,
      idempotencyKey: `more-${p.id}`,
    });
    expect((await bet(p.browser, 3_500)).statusCode).toBe(200);
    // A jackpot line costs 1,000 ៛: over the 500 left.
    const jackpot = await placeJackpot(p.browser, {
      poll: 'POLL_2',
      result_id: roundId,
      lines: [[1, 11, 21, 31, 41]],
    });
    expect(jackpot.statusCode).toBe(422);
    expect(jackpot.json()).toMatchObject({
      code: 'LIMIT_REACHED',
      remaining: 500,
      kind: 'LOSS',
      period: 'WEEK',
    });
  });

  it('counts a tier-1 jackpot share as a payout, as the house’s wins are', async () => {
    const p = await player(100_000);
    await t.app.services.rg.setLimit(p.id, { kind: 'LOSS', period: 'DAY', amount: 50_000 }, operator);
    const round = await t.app.services.lotto59.rounds.byId(roundId);
    // The draw is fixed by the committed seed: a line of the five drawn numbers wins the pool's share.
    const drawn = drawNumbers(round.server_seed, round.id);
    const answer = await placeJackpot(p.browser, {
      poll: 'POLL_2',
      result_id: roundId,
      lines: [drawn.slice(0, 5)],
    });
    expect(answer.statusCode).toBe(200);
    t.clock.advanceMs(round.close_at_ms - t.clock.nowMs());
    await t.app.services.lotto59.scheduler.tick();
    t.clock.advanceMs(round.settle_at_ms - t.clock.nowMs());
    await t.app.services.lotto59.scheduler.tick();
    expect((await t.app.services.lotto59.rounds.byId(roundId)).status).toBe('SETTLED');
    const share = (await t.app.services.wallet.playerBalance(p.id)) - 99_000;
    expect(share).toBeGreaterThan(1_000_000);
    const counters = await t.tdb.db
      .selectFrom('rg_players')
      .select(['day_wager', 'day_payout'])
      .where('player_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(counters).toEqual({ day_wager: 1_000, day_payout: share });
    // The loss counted is net: the win takes it below zero, and the whole limit is left.
    expect((await t.app.services.rg.view(p.id)).limits[0]).toMatchObject({
      used: 1_000 - share,
      remaining: 50_000,
    });
    await expectLedgerBalanced(t.app, t.tdb.db);
  });

  it('a break and a self-exclusion refuse every bet', async () => {
    const p = await player(100_000);
    await t.app.services.rg.takeBreak(p.id, 1);
    const onBreak = await bet(p.browser, 1_000);
    expect(onBreak.statusCode).toBe(403);
    expect(onBreak.json()).toMatchObject({ code: 'ON_BREAK', until: t.clock.nowMs() + 86_400_000 });
    const q = await player(100_000);
    // An exclusion ends the player's sessions; the debit refuses on its own too (a session another process
    // still had cached for a second): the row is set directly here, sessions left alive.
    await t.app.services.rg.setRealityCheck(q.id, 0);
    await t.tdb.db
      .updateTable('rg_players')
      .set({ excluded_until_ms: t.clock.nowMs() + 1_000_000 })
      .where('player_id', '=', q.id)
      .execute();
    const excluded = await bet(q.browser, 1_000);
    expect(excluded.statusCode).toBe(403);
    expect(excluded.json()).toMatchObject({ code: 'SELF_EXCLUDED' });
    expect(await t.app.services.wallet.playerBalance(q.id)).toBe(100_000);
  });

  it('racing bets of several browsers never take more than the wager limit', async () => {
    const p = await player(1_000_000);
    await t.app.services.rg.setLimit(p.id, { kind: 'WAGER', period: 'DAY', amount: 20_000 }, operator);
    const browsers = [p.browser];
    for (let i = 0; i < 3; i++) {
      const b = new TestBrowser(t.app);
      // Each login replaces the others' session: share the one session's cookies instead.
      for (const [k, v] of p.browser.cookies) b.cookies.set(k, v);
      browsers.push(b);
    }
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => bet(browsers[i % browsers.length]!, 1_000)),
    );
    const accepted = answers.filter((a) => a.statusCode === 200).length;
    expect(accepted).toBe(20);
    expect(answers.filter((a) => a.json().code === 'LIMIT_REACHED')).toHaveLength(20);
    expect(await t.app.services.wallet.playerBalance(p.id)).toBe(1_000_000 - 20_000);
  });
});
