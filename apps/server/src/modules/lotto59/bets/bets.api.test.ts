import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../../test/databases';
import {
  betRowsOf,
  expectLedgerBalanced,
  expectRefusal,
  openRound,
  placeBet,
  placeJackpot,
} from '../../../../test/lotto59-helpers';
import { createTestApp, TestBrowser, type TestContext } from '../../../../test/test-app';

describe.each(TEST_DIALECTS)('bet placement on %s', (dialect) => {
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

  const balanceOf = (playerId: number) => t.app.services.wallet.playerBalance(playerId);

  it('takes a mixed submission as one group with ONE stake transfer', async () => {
    const alice = await player(100_000);
    const res = await placeBet(alice.browser, {
      poll: 'POLL_2',
      result_id: roundId,
      bets: [
        { type: 'RANGE_3', amount: 1000 },
        { type: 'NUMBER', posts: ['A', 'C'], numbers: '7, 10-12', amount: 500 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.bets).toHaveLength(1 + 2 * 4);
    expect(new Set(data.bets.map((b: { group_id: number }) => b.group_id))).toEqual(new Set([data.group_id]));
    expect(data.bets[0]).toMatchObject({
      result_id: roundId,
      type: 'RANGE_3',
      post: null,
      amount: 1000,
      payout: 0,
      outstanding: true,
      status: 'PENDING',
    });
    expect(data.bets.slice(1).map((b: { post: string; number: number }) => `${b.post}${b.number}`)).toEqual([
      'A7',
      'A10',
      'A11',
      'A12',
      'C7',
      'C10',
      'C11',
      'C12',
    ]);
    expect(data.balance).toBe(100_000 - 1000 - 8 * 500);
    expect(await balanceOf(alice.id)).toBe(data.balance);
    const stakes = await t.tdb.db
      .selectFrom('transfers')
      .selectAll()
      .where('kind', '=', 'bet_stake')
      .where('note', 'is', null)
      .execute();
    expect(stakes.filter((s) => s.idempotency_key.endsWith(`:${alice.id}`))).toHaveLength(1);
    await expectLedgerBalanced(t.app, t.tdb.db);
  });

  describe('refusals carry the exact seed §5 message and write nothing', () => {
    async function expectNothingWritten(p: { id: number }, balance: number) {
      expect(await balanceOf(p.id)).toBe(balance);
      expect(await betRowsOf(t, p.id)).toEqual([]);
      const groups = await t.tdb.db
        .selectFrom('lotto59_bet_groups')
        .select('id')
        .where('player_id', '=', p.id)
        .execute();
      expect(groups).toEqual([]);
    }

    it('below the minimum', async () => {
      const p = await player(10_000);
      const res = await placeBet(p.browser, {
        poll: 'POLL_2',
        result_id: roundId,
        bets: [{ type: 'RANGE_1', amount: 499 }],
      });
      expectRefusal(res, 422, 'BET_AMOUNT_TOO_LOW', 'The amount must be at least 500.');
      await expectNothingWritten(p, 10_000);
    });

    it('above the maximum, even when one bet of many is', async () => {
      const p = await player(10_000_000);
      const res = await placeBet(p.browser, {
        poll: 'POLL_2',
        result_id: roundId,
        bets: [
          { type: 'RANGE_1', amount: 500 },
          { type: 'RANGE_2', amount: 2_000_001 },
        ],
      });
      expectRefusal(res, 422, 'BET_AMOUNT_TOO_HIGH', 'The amount must not be greater than 2000000.');
      await expectNothingWritten(p, 10_000_000);
    });

    it('beyond the balance', async () => {
      const p = await player(1_499);
      const res = await placeBet(p.browser, {
        poll: 'POLL_2',
        result_id: roundId,
        bets: [{ type: 'NUMBER', posts: ['B'], numbers: '1-3', amount: 500 }],
      });
      expectRefusal(res, 422, 'INSUFFICIENT_FUNDS', 'Not enought money.');
      await expectNothingWritten(p, 1_499);
    });

    it('for a round that does not exist, or of the other pool', async () => {
      const p = await player(10_000);
      const body = (result_id: number, poll: string) => ({
        poll,
        result_id,
        bets: [{ type: 'RANGE_6', amount: 500 }],
      });
      expectRefusal(
        await placeBet(p.browser, body(999_999, 'POLL_2')),
        422,
        'ROUND_NOT_OPEN',
        'Request timeout.',
      );
      expectRefusal(
        await placeBet(p.browser, body(roundId, 'POLL_1')),
        422,
        'ROUND_NOT_OPEN',
        'Request timeout.',
      );
      const poll1 = await openRound(t.app, 'POLL_1');
      expectRefusal(
        await placeBet(p.browser, body(poll1.id, 'POLL_2')),
        422,
        'ROUND_NOT_OPEN',
        'Request timeout.',
      );
      await expectNothingWritten(p, 10_000);
    });

    it('after close_at, even before the scheduler has moved the round on', async () => {
      const p = await player(10_000);
      const round = await openRound(t.app, 'POLL_2');
      t.clock.advanceMs(round.close_at_ms - t.clock.nowMs());
      const res = await placeBet(p.browser, {
        poll: 'POLL_2',
        result_id: round.id,
        bets: [{ type: 'RANGE_7', amount: 500 }],
      });
      expectRefusal(res, 422, 'BETTING_CLOSED', 'Request timeout.');
      await expectNothingWritten(p, 10_000);
      // Once the scheduler has moved on, the closed round is no longer open at all.
      await t.app.services.lotto59.scheduler.tick();
      const again = await placeBet(p.browser, {
        poll: 'POLL_2',
        result_id: round.id,
        bets: [{ type: 'RANGE_7', amount: 500 }],
      });
      expectRefusal(again, 422, 'ROUND_NOT_OPEN', 'Request timeout.');
      await expectNothingWritten(p, 10_000);
    });

    it('jackpot lines over the per-round limit, in one submission or across several', async () => {
      const p = await player(100_000);
      const line = (i: number) => [i, i + 10, i + 20, i + 30, i + 40];
      const eleven = Array.from({ length: 11 }, (_, i) => line(i + 1));
      expectRefusal(
        await placeJackpot(p.browser, { poll: 'POLL_2', result_id: roundId, lines: eleven }),
        422,
        'JACKPOT_LINE_LIMIT',
        'Bet jackpot is over limit 10',
      );
      await expectNothingWritten(p, 100_000);
      const six = await placeJackpot(p.browser, {
        poll: 'POLL_2',
        result_id: roundId,
        lines: eleven.slice(0, 6),
      });
      expect(six.statusCode).toBe(200);
      expect(six.json().data.balance).toBe(100_000 - 6 * 1000);
      const five = await placeJackpot(p.browser, {
        poll: 'POLL_2',
        result_id: roundId,
        lines: eleven.slice(6, 11),
      });
      expectRefusal(five, 422, 'JACKPOT_LINE_LIMIT', 'Bet jackpot is over limit 10');
      expect(await balanceOf(p.id)).toBe(94_000);
      expect(await betRowsOf(t, p.id)).toHaveLength(6);
    });

    it('malformed submissions: 422 per field, nothing written', async () => {
      const p = await player(10_000);
      const bad = await placeBet(p.browser, {
        poll: 'POLL_2',
        result_id: roundId,
        bets: [{ type: 'NUMBER', posts: ['A'], numbers: '60', amount: 500 }],
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { 'bets.0.numbers': [expect.any(String)] },
      });
      const extra = await placeBet(p.browser, {
        poll: 'POLL_2',
        result_id: roundId,
        bets: [{ type: 'RANGE_1', amount: 500, post: 'A' }],
      });
      expect(extra.statusCode).toBe(422);
      const noKey = await p.browser.post('/api/bet', {
        poll: 'POLL_2',
        result_id: roundId,
        bets: [{ type: 'RANGE_1', amount: 500 }],
      });
      expect(noKey.statusCode).toBe(422);
      expect(noKey.json().code).toBe('VALIDATION_FAILED');
      const line = await placeJackpot(p.browser, {
        poll: 'POLL_2',
        result_id: roundId,
        lines: [[1, 1, 2, 3, 4]],
      });
      expect(line.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: { 'lines.0': [expect.any(String)] },
      });
      await expectNothingWritten(p, 10_000);
    });

    it('maintenance answers 503 and takes nothing', async () => {
      const p = await player(10_000);
      await t.app.services.maintenance.set(true);
      try {
        const res = await placeBet(p.browser, {
          poll: 'POLL_2',
          result_id: roundId,
          bets: [{ type: 'RANGE_1', amount: 500 }],
        });
        expectRefusal(res, 503, 'MAINTENANCE', 'The system is under maintenance.');
      } finally {
        await t.app.services.maintenance.set(false);
      }
      await expectNothingWritten(p, 10_000);
    });

    it('needs a session and the XSRF token', async () => {
      const anonymous = new TestBrowser(t.app);
      await anonymous.get('/sanctum/csrf-cookie');
      const res = await placeBet(anonymous, {
        poll: 'POLL_2',
        result_id: roundId,
        bets: [{ type: 'RANGE_1', amount: 500 }],
      });
      expect(res.statusCode).toBe(401);
      const p = await player(10_000);
      p.browser.sendXsrf = false;
      const noXsrf = await placeBet(p.browser, {
        poll: 'POLL_2',
        result_id: roundId,
        bets: [{ type: 'RANGE_1', amount: 500 }],
      });
      expect(noXsrf.statusCode).toBe(419);
      await expectNothingWritten(p, 10_000);
    });
  });

  it('accepts exactly floor(B/s) of 50 concurrent bets, and the ledger reconciles', async () => {
    const stake = 700;
    const balance = 9_000; // 12 bets of 700
    const p = await player(balance);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        placeBet(p.browser, {
          poll: 'POLL_2',
          result_id: roundId,
          bets: [{ type: 'RANGE_6', amount: stake }],
        }),
      ),
    );
    const accepted = results.filter((r) => r.statusCode === 200);
    expect(accepted).toHaveLength(Math.floor(balance / stake));
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expectRefusal(r, 422, 'INSUFFICIENT_FUNDS', 'Not enought money.');
    }
    expect(await balanceOf(p.id)).toBe(balance % stake);
    expect(await betRowsOf(t, p.id)).toHaveLength(Math.floor(balance / stake));
    await expectLedgerBalanced(t.app, t.tdb.db);
  });

  it('a fault after the stake fails that submission alone and writes nothing of it', async () => {
    // A bet row that cannot be written (a trigger stands in for a full disk or a broken constraint),
    // placed in the same turn of the event loop as two good ones: on SQLite they share one batch.
    const failing = 777;
    if (dialect === 'sqlite') {
      await sql`create temp trigger bet_fault before insert on lotto59_bets when new.amount = ${sql.lit(failing)}
        begin select raise(abort, 'bet row refused by the test'); end`.execute(t.tdb.db);
    } else {
      await sql`create function bet_fault() returns trigger language plpgsql as $$
        begin raise exception 'bet row refused by the test'; end $$`.execute(t.tdb.db);
      await sql`create trigger bet_fault before insert on lotto59_bets for each row
        when (new.amount = ${sql.lit(failing)}) execute function bet_fault()`.execute(t.tdb.db);
    }
    try {
      const [a, bad, b] = await Promise.all([player(5_000), player(5_000), player(5_000)]);
      const place = (playerId: number, amount: number) =>
        t.app.services.lotto59.bets.place(playerId, randomUUID(), {
          poll: 'POLL_2',
          result_id: roundId,
          bets: [{ type: 'RANGE_1', amount }],
        });
      const outcomes = await Promise.allSettled([place(a.id, 500), place(bad.id, failing), place(b.id, 600)]);
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(await balanceOf(a.id)).toBe(4_500);
      expect(await balanceOf(bad.id)).toBe(5_000);
      expect(await balanceOf(b.id)).toBe(4_400);
      expect(await betRowsOf(t, bad.id)).toHaveLength(0);
      await expectLedgerBalanced(t.app, t.tdb.db);
    } finally {
      if (dialect === 'sqlite') await sql`drop trigger bet_fault`.execute(t.tdb.db);
      else await sql`drop trigger bet_fault on lotto59_bets; drop function bet_fault()`.execute(t.tdb.db);
    }
  });

  it('answers a replay with the first answer and moves money once; another body under the key is refused', async () => {
    const p = await player(10_000);
    const key = randomUUID();
    const body = { poll: 'POLL_2', result_id: roundId, bets: [{ type: 'RANGE_2', amount: 1000 }] };
    const first = await placeBet(p.browser, body, key);
    const again = await placeBet(p.browser, body, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(p.id)).toBe(9_000);
    const other = await placeBet(p.browser, { ...body, bets: [{ type: 'RANGE_2', amount: 2000 }] }, key);
    expectRefusal(
      other,
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'This idempotency key was already used for a different request.',
    );
    expect(await balanceOf(p.id)).toBe(9_000);
    expect(await betRowsOf(t, p.id)).toHaveLength(1);
  });

  it('executes concurrent duplicates of one key once', async () => {
    const p = await player(10_000);
    const key = randomUUID();
    const body = { poll: 'POLL_2', result_id: roundId, bets: [{ type: 'RANGE_4', amount: 1000 }] };
    const answers = await Promise.all(Array.from({ length: 10 }, () => placeBet(p.browser, body, key)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.json().data.group_id)).size).toBe(1);
    expect(await balanceOf(p.id)).toBe(9_000);
    expect(await betRowsOf(t, p.id)).toHaveLength(1);
    await expectLedgerBalanced(t.app, t.tdb.db);
  });

  it('a key belongs to its player: the same key from another player is a new submission', async () => {
    const a = await player(5_000);
    const b = await player(5_000);
    const key = randomUUID();
    const body = { poll: 'POLL_2', result_id: roundId, bets: [{ type: 'RANGE_5', amount: 500 }] };
    expect((await placeBet(a.browser, body, key)).statusCode).toBe(200);
    expect((await placeBet(b.browser, body, key)).statusCode).toBe(200);
    expect(await balanceOf(a.id)).toBe(4_500);
    expect(await balanceOf(b.id)).toBe(4_500);
  });
});
