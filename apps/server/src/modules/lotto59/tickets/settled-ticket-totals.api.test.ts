import { TICKET_FILTERS, type TicketFilter } from '@lotto59/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../../test/databases';
import { openRound, placeBet, placeJackpot } from '../../../../test/lotto59-helpers';
import { createTestApp, TestBrowser, type TestContext } from '../../../../test/test-app';
import { addTotals, SettledTicketTotals } from './settled-ticket-totals';
import { countAndSumTickets } from './tickets.repository';

describe.each(TEST_DIALECTS)('the ticket list totals kept for their final part, on %s', (dialect) => {
  let t: TestContext;
  let playerId: number;
  let browser: TestBrowser;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const p = await t.newPlayer({ balance: 10_000_000 });
    playerId = p.id;
    browser = new TestBrowser(t.app);
    await browser.login(p.username, p.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * What the list answers, against the totals read over the whole history (the reference), and the badge
   * against all the player's pending bets (both reuse the oldest active round read earlier at the same time).
   */
  async function expectListTotalsExact(step: string) {
    const badge = (await browser.get('/api/v1/ticket/badge')).json().data;
    const pending = await countAndSumTickets(t.tdb.db, { playerId, type: 'OUTSTANDING' });
    expect(badge.outstanding, `${step}, badge`).toBe(pending.count);
    for (const type of TICKET_FILTERS) {
      const list = (await browser.get(`/api/v1/ticket/list?type=${type}&per_page=5`)).json().data;
      const reference = await countAndSumTickets(t.tdb.db, { playerId, type });
      expect(
        { count: list.meta.total, amount: list.total_amount, payout: list.total_payout },
        `${step}, ${type}`,
      ).toEqual({ count: reference.count, amount: reference.amount, payout: reference.payout });
    }
  }

  it('stays exact while rounds open, settle and are voided, and the split moves forward', async () => {
    const { scheduler, settlement } = t.app.services.lotto59;
    await scheduler.tick();
    let settledRounds = 0;
    for (let step = 0; step < 14; step++) {
      for (const poll of ['POLL_1', 'POLL_2'] as const) {
        const round = await openRound(t.app, poll).catch(() => undefined);
        if (!round) continue;
        await placeBet(browser, {
          poll,
          result_id: round.id,
          bets: [
            { type: 'RANGE_1', amount: 1_000 + step },
            { type: 'RANGE_7', amount: 700 },
            { type: 'NUMBER', posts: ['E'], numbers: '1-3', amount: 500 },
          ],
        });
        if (step % 3 === 0)
          await placeJackpot(browser, { poll, result_id: round.id, lines: [[1, 2, 3, 4, 5]] });
        // Once, a round with bets is voided before its draw: its bets turn VOID and are refunded.
        if (step === 5 && poll === 'POLL_1') await settlement.voidRound(round.id);
      }
      await expectListTotalsExact(`step ${step}, after bets`);
      t.clock.advanceMs(30_000);
      await scheduler.tick();
      const settled = await t.tdb.db
        .selectFrom('lotto59_rounds')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['SETTLED', 'VOID'])
        .executeTakeFirstOrThrow();
      settledRounds = Number(settled.n);
      await expectListTotalsExact(`step ${step}, after the tick`);
    }
    // The split moved: rounds became final during the run (so the kept part grew by their bets).
    expect(settledRounds).toBeGreaterThanOrEqual(4);
  });

  it('takes a database whose split lags (a replica) without mixing it with a newer one', async () => {
    // Only rounds older than the oldest active one may be boundaries: every round before them is final.
    const oldestActive = await t.app.services.lotto59.rounds.recentOldestActive();
    const rounds = await t.tdb.db
      .selectFrom('lotto59_rounds')
      .select(['id', 'opened_at_ms'])
      .where('id', '<=', oldestActive?.id ?? Number.MAX_SAFE_INTEGER)
      .orderBy('id')
      .execute();
    expect(rounds.length).toBeGreaterThanOrEqual(5);
    const at = (i: number) => ({ id: rounds[i]!.id, openedAtMs: rounds[i]!.opened_at_ms });
    // Boundaries as a primary and a lagging replica would give them, in turn: each one at or before the truth
    // of its database (nothing before it is still open there), the lagging one older, and once none at all.
    const script = [at(1), at(3), at(0), at(3), at(4), null, at(2), at(4)];
    let boundary: (typeof script)[number] = null;
    const totals = new SettledTicketTotals({ recentOldestActive: async () => boundary });
    for (const [turn, next] of script.entries()) {
      boundary = next;
      for (const type of ['ALL', 'OUTSTANDING', 'RANGE_7'] satisfies TicketFilter[]) {
        const split = await totals.split(t.tdb.db, playerId, type);
        const live = await countAndSumTickets(t.tdb.db, {
          playerId,
          type,
          fromRoundId: split.liveFromRoundId,
        });
        const got = addTotals(split.settled, live);
        expect(got, `turn ${turn}, ${type}`).toEqual(await countAndSumTickets(t.tdb.db, { playerId, type }));
      }
    }
  });
});
