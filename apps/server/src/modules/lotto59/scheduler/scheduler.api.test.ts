import { createHash, createHmac } from 'node:crypto';
import { settleBet, type Pool, type RangeBetType } from '@lotto59/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../../test/databases';
import {
  betRowsOfRound,
  buildAppOn,
  expectLedgerBalanced,
  openRound,
  placeBet,
} from '../../../../test/lotto59-helpers';
import { createTestApp, TestBrowser, type TestContext } from '../../../../test/test-app';

/**
 * decisions.md §3 written again from its text, with node:crypto only, to check the production draw:
 * HMAC-SHA256(key = seed as ASCII, message = "<round id>:<i>"), 8 big-endian u32 words per block,
 * rejection sampling below m·floor(2³²/m), pool 1..59 ascending, remove at w mod m.
 */
function independentDraw(seedHex: string, roundId: number): number[] {
  const pool = Array.from({ length: 59 }, (_, i) => i + 1);
  const words: number[] = [];
  let block = 0;
  const next = (): number => {
    if (words.length === 0) {
      const mac = createHmac('sha256', Buffer.from(seedHex, 'ascii')).update(`${roundId}:${block}`).digest();
      block += 1;
      for (let offset = 0; offset < 32; offset += 4) words.push(mac.readUInt32BE(offset));
    }
    return words.shift()!;
  };
  const picks: number[] = [];
  while (picks.length < 10) {
    const m = pool.length;
    const w = next();
    if (w >= m * Math.floor(2 ** 32 / m)) continue;
    picks.push(pool.splice(w % m, 1)[0]!);
  }
  return picks;
}

describe.each(TEST_DIALECTS)('draw scheduler on %s', (dialect) => {
  describe('the life of a round', () => {
    let t: TestContext;
    let browser: TestBrowser;
    let playerId: number;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      const p = await t.newPlayer({ balance: 1_000_000 });
      playerId = p.id;
      browser = new TestBrowser(t.app);
      await browser.login(p.username, p.password);
    });
    afterAll(() => t.close());

    const releasing = async () =>
      (await browser.get('/api/v1/result/releasing?poll=POLL_2')).json().data.round;

    it('opens, commits, closes, releases ball by ball, reveals, settles and pays', async () => {
      const { scheduler } = t.app.services.lotto59;
      await scheduler.tick();
      const playing = (await browser.get('/api/v1/result/playing?poll=POLL_2')).json().data;
      const round = playing.round;
      expect(round).toMatchObject({
        poll: 'POLL_2',
        status: 'OPEN',
        numbers: [],
        server_seed: null,
        total: null,
      });
      expect(playing.seconds_left).toBe(60);
      expect((await browser.get('/api/v1/result/playing?poll=POLL_1')).json().data.round.poll).toBe('POLL_1');

      const bets = [
        { type: 'RANGE_1', amount: 1_000 },
        { type: 'RANGE_2', amount: 1_000 },
        { type: 'RANGE_3', amount: 1_000 },
        { type: 'RANGE_4', amount: 1_000 },
        { type: 'RANGE_5', amount: 1_000 },
        { type: 'RANGE_6', amount: 777 },
        { type: 'RANGE_7', amount: 777 },
        { type: 'NUMBER', posts: ['A', 'B', 'C', 'D', 'E'], numbers: '1-59', amount: 500 },
      ];
      const placed = await placeBet(browser, { poll: 'POLL_2', result_id: round.id, bets });
      expect(placed.statusCode).toBe(200);
      const stakeRiel = 5 * 1_000 + 2 * 777 + 5 * 59 * 500;
      expect(placed.json().data.balance).toBe(1_000_000 - stakeRiel);

      // close_at: the round starts releasing and the next one opens at once, at close_at.
      t.clock.advanceMs(60_000);
      await scheduler.tick();
      const next = await openRound(t.app, 'POLL_2');
      expect(next.opened_at_ms).toBe(Date.parse(round.close_at));
      const stored = await t.app.services.lotto59.rounds.byId(round.id);
      expect(stored.status).toBe('RELEASING');

      // Never an unreleased ball, never the seed or the total before the last ball.
      expect(await releasing()).toMatchObject({ id: round.id, numbers: [], server_seed: null, total: null });
      t.clock.advanceMs(1_000);
      const first = await releasing();
      expect(first.numbers).toHaveLength(1);
      expect(first).toMatchObject({ server_seed: null, total: null, range_type: null });
      t.clock.advanceMs(5_000 * 8);
      expect((await releasing()).numbers).toHaveLength(9);
      expect((await releasing()).server_seed).toBeNull();
      t.clock.advanceMs(5_000);
      const out = await releasing();
      expect(out.numbers).toHaveLength(10);
      expect(out.server_seed).toMatch(/^[0-9a-f]{64}$/);
      expect(createHash('sha256').update(out.server_seed).digest('hex')).toBe(round.server_seed_hash);
      expect(out.numbers).toEqual(independentDraw(out.server_seed, round.id));
      expect(out.total).toBe(out.numbers.reduce((a: number, b: number) => a + b, 0));

      // Settled at close + 65 s: every bet paid by the seed §9 rates, in one payout transfer.
      t.clock.advanceMs(65_000 - 46_000);
      await scheduler.tick();
      expect((await t.app.services.lotto59.rounds.byId(round.id)).status).toBe('SETTLED');
      const rows = await betRowsOfRound(t, round.id);
      let expectedPaid = 0;
      for (const row of rows) {
        const expected = settleBet(
          {
            type: row.type as RangeBetType | 'NUMBER',
            post: row.post,
            number: row.number,
            amount: row.amount,
          },
          out.numbers,
          t.app.services.lotto59.settings.rates,
        );
        expect({ id: row.id, status: row.status, payout: row.payout }).toEqual({
          id: row.id,
          status: expected.won ? 'WON' : 'LOST',
          payout: expected.payoutRiel,
        });
        expectedPaid += expected.payoutRiel;
      }
      expect(rows.filter((r) => r.status === 'WON').length).toBe(2 + 5);
      expect(await t.app.services.wallet.playerBalance(playerId)).toBe(1_000_000 - stakeRiel + expectedPaid);
      const payouts = await t.tdb.db
        .selectFrom('transfers')
        .select(['idempotency_key', 'amount'])
        .where('kind', '=', 'bet_payout')
        .execute();
      expect(payouts).toEqual([
        { idempotency_key: `bet-payout:${round.id}:${playerId}`, amount: expectedPaid },
      ]);
      await expectLedgerBalanced(t.app, t.tdb.db);
      expect((await releasing())?.id).not.toBe(round.id);
    });
  });

  describe('a crash between the draw and settlement', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t.close());

    it('resumes with the same numbers and pays every bet exactly once', async () => {
      const players = await Promise.all([1, 2, 3].map(() => t.newPlayer({ balance: 100_000 })));
      await t.app.services.lotto59.scheduler.tick();
      const round = await openRound(t.app, 'POLL_2');
      for (const p of players) {
        const b = new TestBrowser(t.app);
        await b.login(p.username, p.password);
        const res = await placeBet(b, {
          poll: 'POLL_2',
          result_id: round.id,
          bets: [
            { type: 'RANGE_6', amount: 10_000 },
            { type: 'RANGE_7', amount: 10_000 },
            { type: 'NUMBER', posts: ['A'], numbers: '1-59', amount: 500 },
          ],
        });
        expect(res.statusCode).toBe(200);
      }
      t.clock.advanceMs(60_000);
      await t.app.services.lotto59.scheduler.tick();
      const drawn = await t.app.services.lotto59.rounds.byId(round.id);
      expect(drawn.numbers).not.toBeNull();

      // The first process dies in the middle of settling: after the bets were settled and the payouts
      // written, before the commit.
      t.clock.advanceMs(65_000);
      const wallet = t.app.services.wallet;
      const original = wallet.creditManyWithin.bind(wallet);
      wallet.creditManyWithin = async (trx, from, cmd) => {
        await original(trx, from, cmd);
        throw new Error('process killed');
      };
      await expect(t.app.services.lotto59.scheduler.tick()).rejects.toThrow('process killed');
      expect((await t.app.services.lotto59.rounds.byId(round.id)).status).toBe('RELEASING');
      const paidBefore = await t.tdb.db
        .selectFrom('transfers')
        .select('id')
        .where('kind', '=', 'bet_payout')
        .execute();
      expect(paidBefore).toEqual([]);
      await t.app.close();

      // A new process on the same database resumes: same numbers, each bet settled once.
      const restarted = await buildAppOn(t, t.clock);
      try {
        await restarted.app.services.lotto59.scheduler.tick();
        const settled = await restarted.app.services.lotto59.rounds.byId(round.id);
        expect(settled.status).toBe('SETTLED');
        expect(settled.numbers).toBe(drawn.numbers);
        expect(settled.numbers!.split(',').map(Number)).toEqual(independentDraw(drawn.server_seed, round.id));

        await restarted.app.services.lotto59.scheduler.tick();
        expect(await restarted.app.services.lotto59.settlement.settle(round.id)).toBeUndefined();

        const rows = await betRowsOfRound(t, round.id);
        expect(rows.every((r) => r.status === 'WON' || r.status === 'LOST')).toBe(true);
        const transfers = await t.tdb.db
          .selectFrom('transfers')
          .select(['idempotency_key', 'amount', 'to_account_id'])
          .where('kind', '=', 'bet_payout')
          .execute();
        expect(transfers).toHaveLength(3);
        for (const p of players) {
          const won = rows.filter((r) => r.player_id === p.id).reduce((sum, r) => sum + r.payout, 0);
          // over or under wins (19,500) and exactly one NUMBER bet on post A (25,000)
          expect(won).toBe(19_500 + 25_000);
          expect(transfers.filter((x) => x.idempotency_key === `bet-payout:${round.id}:${p.id}`)).toEqual([
            expect.objectContaining({ amount: won }),
          ]);
          expect(await restarted.app.services.wallet.playerBalance(p.id)).toBe(100_000 - 49_500 + won);
        }
        await expectLedgerBalanced(restarted.app, t.tdb.db);
      } finally {
        await restarted.close();
      }
    });
  });

  describe('two settlers racing on one round', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestApp(dialect);
    });
    afterAll(() => t.close());

    it('pay each bet once', async () => {
      const p = await t.newPlayer({ balance: 50_000 });
      const b = new TestBrowser(t.app);
      await b.login(p.username, p.password);
      await t.app.services.lotto59.scheduler.tick();
      const round = await openRound(t.app, 'POLL_2');
      await placeBet(b, {
        poll: 'POLL_2',
        result_id: round.id,
        bets: [
          { type: 'RANGE_6', amount: 10_000 },
          { type: 'RANGE_7', amount: 10_000 },
        ],
      });
      t.clock.advanceMs(60_000);
      await t.app.services.lotto59.scheduler.tick();
      t.clock.advanceMs(65_000);
      // On PostgreSQL the second settler is another process (its own pool); SQLite's embedded mode is one
      // process, where a second connection would only wait on the file lock.
      const other = dialect === 'postgres' ? await buildAppOn(t, t.clock) : undefined;
      const second = other?.app ?? t.app;
      try {
        const outcomes = await Promise.all([
          t.app.services.lotto59.settlement.settle(round.id),
          second.services.lotto59.settlement.settle(round.id),
          t.app.services.lotto59.settlement.settle(round.id),
        ]);
        expect(outcomes.filter((o) => o !== undefined)).toHaveLength(1);
        expect(await t.app.services.wallet.playerBalance(p.id)).toBe(50_000 - 20_000 + 19_500);
        await expectLedgerBalanced(t.app, t.tdb.db);
      } finally {
        await other?.close();
      }
    });
  });

  describe('a fast-round run', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestApp(dialect, {
        LOTTO_OPEN_SECONDS_POLL_1: '2',
        LOTTO_OPEN_SECONDS_POLL_2: '1',
        LOTTO_RELEASE_DELAY_SECONDS: '0.1',
        LOTTO_RELEASE_BALL_SECONDS: '0.1',
        LOTTO_RELEASE_TOTAL_SECONDS: '1.5',
      });
    });
    afterAll(() => t.close());

    it('re-derives every round from its revealed seed with an independent implementation', async () => {
      const p = await t.newPlayer();
      const browser = new TestBrowser(t.app);
      await browser.login(p.username, p.password);
      for (let step = 0; step < 80; step++) {
        await t.app.services.lotto59.scheduler.tick();
        t.clock.advanceMs(250);
      }
      let verified = 0;
      for (const poll of ['POLL_1', 'POLL_2'] as Pool[]) {
        const page = (await browser.get(`/api/v1/result/history?poll=${poll}&per_page=100`)).json().data;
        expect(page.items.length).toBeGreaterThan(poll === 'POLL_1' ? 6 : 15);
        for (const round of page.items) {
          expect(round.server_seed).toMatch(/^[0-9a-f]{64}$/);
          expect(createHash('sha256').update(round.server_seed, 'ascii').digest('hex')).toBe(
            round.server_seed_hash,
          );
          expect(round.numbers).toEqual(independentDraw(round.server_seed, round.id));
          verified += 1;
        }
      }
      expect(verified).toBeGreaterThan(20);
      // Rounds follow each other without gaps: each opens when the one before closed.
      const rounds = await t.tdb.db
        .selectFrom('lotto59_rounds')
        .select(['poll', 'opened_at_ms', 'close_at_ms'])
        .where('poll', '=', 'POLL_2')
        .orderBy('id')
        .execute();
      for (let i = 1; i < rounds.length; i++)
        expect(rounds[i]!.opened_at_ms).toBe(rounds[i - 1]!.close_at_ms);
    });
  });
});
