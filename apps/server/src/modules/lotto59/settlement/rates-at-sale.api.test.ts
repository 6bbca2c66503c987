import { randomUUID } from 'node:crypto';
import { POSTS, RANGE_BET_TYPES, settleBet, type RateTable, type RatedBetType } from '@lotto59/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../../test/databases';
import {
  buildAppOn,
  drawOf,
  expectLedgerBalanced,
  openRound,
  placeBet,
} from '../../../../test/lotto59-helpers';
import { createTestApp, TestBrowser, type TestContext } from '../../../../test/test-app';
import type { App } from '../../../app';

/**
 * A bet is paid at the rate it was sold at (issue 21 item 8, docs/decisions/0043): the rate is stored with
 * the bet, so a configuration change and a restart between the sale and the settlement change nothing
 * for bets already sold, while new sales take the new rates. Bets sold before rates were stored (null,
 * rows of before migration 0014) are paid at the rates in force when their round settles.
 */
describe.each(TEST_DIALECTS)('lotto 59 bets paid at the rate they were sold at on %s', (dialect) => {
  let t: TestContext;
  /** Every rate changed: 1.50 for the ranges, 7.00 for NUMBER. */
  const NEW_RATES = {
    ...Object.fromEntries(
      RANGE_BET_TYPES.map((type) => [`LOTTO_${type.replace('RANGE', 'RATE_RANGE')}`, '1.50']),
    ),
    LOTTO_RATE_NUMBER: '7.00',
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.services.lotto59.scheduler.tick();
  });
  afterAll(() => t.close());

  /** Every range type and, on each post, its ball and one missed number: every rate has a winner. */
  function betBody(roundId: number, numbers: readonly number[]) {
    const missed = Array.from({ length: 59 }, (_, i) => i + 1).find((n) => !numbers.includes(n))!;
    return {
      poll: 'POLL_2',
      result_id: roundId,
      bets: [
        ...RANGE_BET_TYPES.map((type, i) => ({ type, amount: 1_000 + 100 * i })),
        {
          type: 'NUMBER',
          posts: [...POSTS],
          numbers: [...numbers.slice(0, 5), missed].join(', '),
          amount: 700,
        },
      ],
    };
  }

  interface PlacedBet {
    id: number;
    type: RatedBetType;
    post: (typeof POSTS)[number] | null;
    number: number | null;
    amount: number;
  }
  /** What the domain pays each bet at `rates`, in id order. */
  const paysAt = (bets: readonly PlacedBet[], numbers: readonly number[], rates: RateTable) =>
    bets.map(
      (b) =>
        settleBet({ type: b.type, post: b.post as never, number: b.number, amount: b.amount }, numbers, rates)
          .payoutRiel,
    );

  async function settle(app: App, roundId: number) {
    const round = await app.services.lotto59.rounds.byId(roundId);
    t.clock.advanceMs(round.close_at_ms - t.clock.nowMs());
    await app.services.lotto59.scheduler.tick();
    t.clock.advanceMs(round.settle_at_ms - t.clock.nowMs());
    await app.services.lotto59.scheduler.tick();
    expect((await app.services.lotto59.rounds.byId(roundId)).status).toBe('SETTLED');
  }

  const printed = async (browser: TestBrowser, groupId: number) => {
    const res = await browser.get(`/api/print?group_id=${groupId}`);
    expect(res.statusCode).toBe(200);
    return (res.json().data.bets as { payout: number }[]).map((b) => b.payout);
  };

  it('a rates change and a restart between sale and settlement: sold bets pay their sale rates, new ones the new', async () => {
    const p = await t.newPlayer({ balance: 1_000_000 });
    const browser = new TestBrowser(t.app);
    await browser.login(p.username, p.password);
    const round = await openRound(t.app, 'POLL_2');
    const numbers = drawOf(round);
    const saleRates = t.app.services.lotto59.settings.rates;
    const key = randomUUID();
    const body = betBody(round.id, numbers);
    const placed = await placeBet(browser, body, key);
    expect(placed.statusCode).toBe(200);
    const sold = placed.json().data as { group_id: number; bets: PlacedBet[] };
    const owed = paysAt(sold.bets, numbers, saleRates);
    expect(owed.filter((x) => x > 0).length).toBeGreaterThanOrEqual(7);
    const balanceAfterSale = await t.app.services.wallet.playerBalance(p.id);

    // The operator changes every rate and restarts the server before the round settles: the old process
    // stops (on PostgreSQL it hands the draw lease over).
    await t.app.services.lotto59.scheduler.stop();
    const restarted = await buildAppOn(t, t.clock, NEW_RATES);
    try {
      const newRates = restarted.app.services.lotto59.settings.rates;
      expect(newRates.RANGE_1).toBe(150);
      expect(paysAt(sold.bets, numbers, newRates)).not.toEqual(owed);
      const again = new TestBrowser(restarted.app);
      await again.login(p.username, p.password);
      // A retry of the sale after the restart is the same request: its first answer, not a reused key.
      const replay = await placeBet(again, body, key);
      expect(replay.statusCode).toBe(200);
      expect(replay.json().data.group_id).toBe(sold.group_id);

      await settle(restarted.app, round.id);
      const total = owed.reduce((a, b) => a + b, 0);
      expect(await printed(again, sold.group_id)).toEqual(owed);
      expect(await restarted.app.services.wallet.playerBalance(p.id)).toBe(balanceAfterSale + total);

      // Sold after the restart: the new rates.
      await restarted.app.services.lotto59.scheduler.tick();
      const next = await openRound(restarted.app, 'POLL_2');
      const nextNumbers = drawOf(next);
      const later = await placeBet(again, betBody(next.id, nextNumbers));
      expect(later.statusCode).toBe(200);
      const laterSold = later.json().data as { group_id: number; bets: PlacedBet[] };
      await settle(restarted.app, next.id);
      expect(await printed(again, laterSold.group_id)).toEqual(paysAt(laterSold.bets, nextNumbers, newRates));
    } finally {
      await restarted.close();
    }
    await expectLedgerBalanced(t.app, t.tdb.db);
  });

  it('a bet sold before rates were stored (no rate) is paid at the rates in force at settlement', async () => {
    await t.app.services.lotto59.scheduler.tick();
    const p = await t.newPlayer({ balance: 1_000_000 });
    const browser = new TestBrowser(t.app);
    await browser.login(p.username, p.password);
    const round = await openRound(t.app, 'POLL_2');
    const numbers = drawOf(round);
    const placed = await placeBet(browser, betBody(round.id, numbers));
    expect(placed.statusCode).toBe(200);
    const sold = placed.json().data as { group_id: number; bets: PlacedBet[] };
    // As a row written before migration 0014 reads.
    await sql`update lotto59_bets set rate_hundredths = null where group_id = ${sold.group_id}`.execute(
      t.tdb.db,
    );
    const balanceAfterSale = await t.app.services.wallet.playerBalance(p.id);

    await t.app.services.lotto59.scheduler.stop();
    const restarted = await buildAppOn(t, t.clock, NEW_RATES);
    try {
      await settle(restarted.app, round.id);
      const owed = paysAt(sold.bets, numbers, restarted.app.services.lotto59.settings.rates);
      const again = new TestBrowser(restarted.app);
      await again.login(p.username, p.password);
      expect(await printed(again, sold.group_id)).toEqual(owed);
      expect(await restarted.app.services.wallet.playerBalance(p.id)).toBe(
        balanceAfterSale + owed.reduce((a, b) => a + b, 0),
      );
    } finally {
      await restarted.close();
    }
    await expectLedgerBalanced(t.app, t.tdb.db);
  });
});
