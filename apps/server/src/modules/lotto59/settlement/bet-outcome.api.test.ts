import { randomUUID } from 'node:crypto';
import { POSTS, settleBet, type RangeBetType } from '@lotto59/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../../test/databases';
import {
  buildAppOn,
  drawOf,
  expectLedgerBalanced,
  openRound,
  placeBet,
  placeJackpot,
} from '../../../../test/lotto59-helpers';
import { createTestApp, TestBrowser, type TestContext } from '../../../../test/test-app';
import type { App } from '../../../app';

/**
 * Settlement writes no range, over/under or NUMBER bet, and voiding writes no bet at all: each reads its
 * status and payout from its round (decision 0027). These tests read every bet through every reader a
 * player has and compare with the domain's own rules, so a wrong derivation anywhere fails here.
 */
describe.each(TEST_DIALECTS)('bet outcomes read from the round on %s', (dialect) => {
  let t: TestContext;
  let player: { id: number; browser: TestBrowser; username: string; password: string };
  /** The first round, settled with the default rates, and what each of its bets must read. */
  let settled: Submission & { expected: Map<number, Projection> };

  /** A bet submission as placed: its round, its group, its key and body (the replay sends them again). */
  interface Submission {
    id: number;
    groupId: number;
    key: string;
    body: ReturnType<typeof betBody>;
  }

  interface Projection {
    id: number;
    status: string;
    payout: number;
    outstanding: boolean;
    settled_at: string | null;
  }
  const project = (b: Projection): Projection => ({
    id: b.id,
    status: b.status,
    payout: b.payout,
    outstanding: b.outstanding,
    settled_at: b.settled_at,
  });
  const data = async (browser: TestBrowser, url: string) => {
    const res = await browser.get(url);
    expect(res.statusCode, url).toBe(200);
    return res.json().data;
  };
  /** Every reader of a bet a player has: the list, game recall, the printable ticket, the replay. */
  async function readersOf(browser: TestBrowser, round: Submission) {
    const list = await data(browser, `/api/v1/ticket/list?result_id=${round.id}&per_page=100`);
    const printed = await data(browser, `/api/print?group_id=${round.groupId}`);
    const replay = await placeBet(browser, round.body, round.key);
    expect(replay.statusCode).toBe(200);
    const recalled = [];
    for (const b of printed.bets as Projection[]) {
      recalled.push((await data(browser, `/api/jackpot/search?id=${b.id}`)).bet);
    }
    return {
      list: (list.items as Projection[]).map(project).sort((a, b) => a.id - b.id),
      printed: (printed.bets as Projection[]).map(project),
      replayed: (replay.json().data.bets as Projection[]).map(project),
      recalled: recalled.map(project),
    };
  }

  /** Every range type, and on each post the five post balls plus one missed number (odd stakes). */
  function betBody(roundId: number, numbers: readonly number[]) {
    const missed = Array.from({ length: 59 }, (_, i) => i + 1).find((n) => !numbers.includes(n))!;
    return {
      poll: 'POLL_2',
      result_id: roundId,
      bets: [
        ...(['RANGE_1', 'RANGE_2', 'RANGE_3', 'RANGE_4', 'RANGE_5', 'RANGE_6', 'RANGE_7'] as const).map(
          (type, i) => ({ type, amount: 733 + 78 * i }),
        ),
        {
          type: 'NUMBER',
          posts: [...POSTS],
          numbers: [...numbers.slice(0, 5), missed].join(', '),
          amount: 503,
        },
      ],
    };
  }

  async function runToSettlement(app: App, roundId: number) {
    const round = await app.services.lotto59.rounds.byId(roundId);
    t.clock.advanceMs(round.close_at_ms - t.clock.nowMs());
    await app.services.lotto59.scheduler.tick();
    t.clock.advanceMs(round.settle_at_ms - t.clock.nowMs());
    await app.services.lotto59.scheduler.tick();
    return app.services.lotto59.rounds.byId(roundId);
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await t.app.services.lotto59.scheduler.tick();
    const p = await t.newPlayer({ balance: 1_000_000 });
    const browser = new TestBrowser(t.app);
    await browser.login(p.username, p.password);
    player = { ...p, browser };
  });
  afterAll(() => t.close());

  it('a settled round: every bet type reads WON or LOST with its exact payout, and the ledger paid it', async () => {
    const round = await openRound(t.app, 'POLL_2');
    const numbers = drawOf(round);
    const key = randomUUID();
    const body = betBody(round.id, numbers);
    const placed = await placeBet(player.browser, body, key);
    expect(placed.statusCode).toBe(200);
    const missing = Array.from({ length: 59 }, (_, i) => i + 1).filter((n) => !numbers.includes(n));
    const line = (hits: number) => [...numbers.slice(0, hits), ...missing.slice(0, 5 - hits)];
    const jackpot = await placeJackpot(player.browser, {
      poll: 'POLL_2',
      result_id: round.id,
      lines: [line(5), line(4), line(3), line(2)],
    });
    expect(jackpot.statusCode).toBe(200);
    const poolBefore = await t.app.services.lotto59.jackpot.pool();

    const done = await runToSettlement(t.app, round.id);
    expect(done.status).toBe('SETTLED');
    const settledAt = new Date(done.settled_at_ms!).toISOString();

    const { rates } = t.app.services.lotto59.settings;
    const rated = placed.json().data.bets as {
      id: number;
      type: string;
      post: string;
      number: number;
      amount: number;
    }[];
    expect(rated).toHaveLength(7 + 5 * 6);
    const expected = new Map<number, Projection>();
    for (const b of rated) {
      const outcome = settleBet(
        {
          type: b.type as RangeBetType | 'NUMBER',
          post: b.post as never,
          number: b.number,
          amount: b.amount,
        },
        numbers,
        rates,
      );
      expected.set(b.id, {
        id: b.id,
        status: outcome.won ? 'WON' : 'LOST',
        payout: outcome.payoutRiel,
        outstanding: false,
        settled_at: settledAt,
      });
    }
    // One band, one side, and on each post exactly its own ball.
    expect([...expected.values()].filter((e) => e.status === 'WON')).toHaveLength(2 + 5);
    const pool = poolBefore + (4 * 1_000 * 20) / 100;
    const lines = jackpot.json().data.bets as { id: number }[];
    const tiers = [pool, 150_000, 5_000, 0];
    lines.forEach((l, i) =>
      expected.set(l.id, {
        id: l.id,
        status: i < 3 ? 'WON' : 'LOST',
        payout: tiers[i]!,
        outstanding: false,
        settled_at: settledAt,
      }),
    );

    const groupId = placed.json().data.group_id as number;
    settled = { id: round.id, groupId, key, body, expected };
    const read = await readersOf(player.browser, settled);
    const ratedExpected = rated.map((b) => expected.get(b.id)!);
    expect(read.printed).toEqual(ratedExpected);
    expect(read.replayed).toEqual(ratedExpected);
    expect(read.recalled).toEqual(ratedExpected);
    expect(read.list).toEqual([...expected.values()].sort((a, b) => a.id - b.id));
    const winners = await data(player.browser, `/api/v1/ticket/list?result_id=${round.id}&type=WIN_JACKPOT`);
    expect(winners.items.map((b: { id: number }) => b.id).sort()).toEqual(
      lines
        .slice(0, 3)
        .map((l) => l.id)
        .sort(),
    );
    const totals = await data(player.browser, `/api/v1/ticket/list?result_id=${round.id}`);
    const paid = [...expected.values()].reduce((sum, e) => sum + e.payout, 0);
    expect(totals.total_payout).toBe(paid);
    const report = await data(player.browser, '/api/bet/report?from=2026-11-20&to=2026-11-23');
    const staked = rated.reduce((sum, b) => sum + b.amount, 0) + 4 * 1_000;
    expect(report.total).toEqual({
      count: 7 + 30 + 4,
      turnover: staked,
      payout: paid,
      win_loss: paid - staked,
      outstanding: 0,
    });

    // Nothing of the rated bets was written; the jackpot lines were.
    const stored = await t.tdb.db
      .selectFrom('lotto59_bets')
      .select(['type', 'status', 'payout', 'settled_at_ms'])
      .where('round_id', '=', round.id)
      .execute();
    for (const s of stored.filter((r) => r.type !== 'JACKPOT')) {
      expect(s).toMatchObject({ status: 'PENDING', payout: 0, settled_at_ms: null });
    }
    expect(stored.filter((r) => r.type === 'JACKPOT').map((r) => r.status)).toEqual([
      'WON',
      'WON',
      'WON',
      'LOST',
    ]);

    // The house paid the rated wins and tiers 2–3 in one transfer; the pool paid tier 1.
    const transfers = await t.tdb.db
      .selectFrom('transfers')
      .select(['idempotency_key', 'amount'])
      .where('kind', 'in', ['bet_payout', 'jackpot_win'])
      .execute();
    expect(transfers).toEqual(
      expect.arrayContaining([
        { idempotency_key: `bet-payout:${round.id}:${player.id}`, amount: paid - pool },
        { idempotency_key: `jackpot-win:${lines[0]!.id}`, amount: pool },
      ]),
    );
    expect(transfers).toHaveLength(2);
    await expectLedgerBalanced(t.app, t.tdb.db);
  });

  it('a rates change after settlement changes neither what a settled bet shows nor what was paid', async () => {
    const next = await openRound(t.app, 'POLL_2');
    const key = randomUUID();
    const placed = await placeBet(player.browser, betBody(next.id, drawOf(next)), key);
    expect(placed.statusCode).toBe(200);
    const round = await t.app.services.lotto59.rounds.byId(next.id);
    t.clock.advanceMs(round.close_at_ms - t.clock.nowMs());
    await t.app.services.lotto59.scheduler.tick();
    // Drawn, releasing, not settled: still pending everywhere.
    expect((await t.app.services.lotto59.rounds.byId(next.id)).status).toBe('RELEASING');
    const releasing = await data(player.browser, `/api/print?group_id=${placed.json().data.group_id}`);
    expect(
      releasing.bets.every(
        (b: Projection) => b.status === 'PENDING' && b.payout === 0 && b.outstanding && b.settled_at === null,
      ),
    ).toBe(true);
    expect(await data(player.browser, '/api/v1/ticket/badge')).toEqual({ outstanding: 37 });
    t.clock.advanceMs(round.settle_at_ms - t.clock.nowMs());
    const balanceBefore = await t.app.services.wallet.playerBalance(player.id);

    // A restart with other rates: every rate now pays 1.50 (NUMBER 7.00).
    const newRates = Object.fromEntries(
      [1, 2, 3, 4, 5, 6, 7]
        .map((k) => [`LOTTO_RATE_RANGE_${k}`, '1.50'])
        .concat([['LOTTO_RATE_NUMBER', '7.00']]),
    );
    const restarted = await buildAppOn(t, t.clock, newRates);
    try {
      const browser = new TestBrowser(restarted.app);
      await browser.login(player.username, player.password);
      const read = await readersOf(browser, settled);
      expect(read.list).toEqual([...settled.expected.values()].sort((a, b) => a.id - b.id));
      expect(read.recalled.map((b) => b.payout)).toEqual(read.printed.map((b) => b.payout));
      expect(read.printed).toEqual(read.replayed);

      // The round settled after the restart pays the rates its bets were sold at, not the new ones
      // (decision 0043), and only once.
      const outcome = await restarted.app.services.lotto59.settlement.settle(next.id);
      expect(outcome?.betsSettled).toBe(37);
      const numbers = drawOf(next);
      expect(restarted.app.services.lotto59.settings.rates.RANGE_1).toBe(150);
      const { rates } = t.app.services.lotto59.settings;
      const bets = placed.json().data.bets as {
        id: number;
        type: string;
        post: string;
        number: number;
        amount: number;
      }[];
      const want = bets.map(
        (b) =>
          settleBet(
            {
              type: b.type as RangeBetType | 'NUMBER',
              post: b.post as never,
              number: b.number,
              amount: b.amount,
            },
            numbers,
            rates,
          ).payoutRiel,
      );
      const printed = await data(browser, `/api/print?group_id=${placed.json().data.group_id}`);
      expect(printed.bets.map((b: Projection) => b.payout)).toEqual(want);
      const total = want.reduce((a, b) => a + b, 0);
      expect(await restarted.app.services.wallet.playerBalance(player.id)).toBe(balanceBefore + total);
      expect(await restarted.app.services.lotto59.settlement.settle(next.id)).toBeUndefined();
      expect(await t.app.services.lotto59.settlement.settle(next.id)).toBeUndefined();
      expect(await restarted.app.services.wallet.playerBalance(player.id)).toBe(balanceBefore + total);
    } finally {
      await restarted.close();
    }
    // What a settled round's bets read from cannot be changed afterwards.
    await expect(
      sql`update lotto59_rounds set band_rate_hundredths = 100000 where id = ${settled.id}`.execute(t.tdb.db),
    ).rejects.toThrow(/immutable/);
    await expectLedgerBalanced(t.app, t.tdb.db);
  });

  it('a void round reads VOID with the stake as payout; OUTSTANDING counts only unsettled rounds', async () => {
    // Signing in on the restarted app ended this session (one session per player).
    await player.browser.login(player.username, player.password);
    await t.app.services.lotto59.scheduler.tick();
    const doomed = await openRound(t.app, 'POLL_2');
    const voidKey = randomUUID();
    const voidBody = betBody(doomed.id, drawOf(doomed));
    const voidBets = await placeBet(player.browser, voidBody, voidKey);
    expect(voidBets.statusCode).toBe(200);
    expect(await data(player.browser, '/api/v1/ticket/badge')).toEqual({ outstanding: 37 });
    const r = await t.app.services.lotto59.settlement.voidRound(doomed.id);
    expect(r.bets).toBe(37);
    const voided = await t.app.services.lotto59.rounds.byId(doomed.id);
    const voidedAt = new Date(voided.voided_at_ms!).toISOString();

    await t.app.services.lotto59.scheduler.tick();
    const open = await openRound(t.app, 'POLL_2');
    const pending = await placeBet(player.browser, {
      poll: 'POLL_2',
      result_id: open.id,
      bets: [{ type: 'RANGE_2', amount: 900 }],
    });
    expect(pending.statusCode).toBe(200);

    const group = voidBets.json().data.group_id as number;
    const read = await readersOf(player.browser, {
      id: doomed.id,
      groupId: group,
      key: voidKey,
      body: voidBody,
    });
    const stakes = (voidBets.json().data.bets as { id: number; amount: number }[]).map((b) => ({
      id: b.id,
      status: 'VOID',
      payout: b.amount,
      outstanding: false,
      settled_at: voidedAt,
    }));
    expect(read.list).toEqual(stakes);
    expect(read.printed).toEqual(stakes);
    expect(read.replayed).toEqual(stakes);
    expect(read.recalled).toEqual(stakes);

    const outstanding = await data(player.browser, '/api/v1/ticket/list?type=OUTSTANDING');
    expect(outstanding.items.map((b: Projection) => [b.id, b.status, b.outstanding])).toEqual([
      [pending.json().data.bets[0].id, 'PENDING', true],
    ]);
    expect(await data(player.browser, '/api/v1/ticket/badge')).toEqual({ outstanding: 1 });
    const report = await data(player.browser, '/api/bet/report?from=2026-11-20&to=2026-11-23');
    expect(report.total.outstanding).toBe(1);
    // Void bets count nowhere: 41 bets of the first round, 37 of the second, and the pending one.
    expect(report.total.count).toBe(41 + 37 + 1);
    const stored = await t.tdb.db
      .selectFrom('lotto59_bets')
      .select('status')
      .where('round_id', '=', doomed.id)
      .execute();
    expect(stored.every((s) => s.status === 'PENDING')).toBe(true);
    await expectLedgerBalanced(t.app, t.tdb.db);
  });
});
