import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { TEST_DIALECTS } from '../../../../test/databases';
import { expectLedgerBalanced, openRound, placeBet } from '../../../../test/lotto59-helpers';
import { createTestApp, TestBrowser, type TestContext } from '../../../../test/test-app';

const MAX_DEPTH = 3;

/**
 * The shared group-commit queue is bounded (WRITE_QUEUE_MAX_DEPTH): with the writer held, bets fill it,
 * and every bet past its depth is answered at once with 503 BUSY and `Retry-After`, having written
 * nothing; the accepted ones are written when the writer is free again.
 */
describe.each(TEST_DIALECTS)('the money write queue on %s', (dialect) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestApp(dialect, { WRITE_QUEUE_MAX_DEPTH: String(MAX_DEPTH) });
    await t.app.services.lotto59.scheduler.tick();
  });
  afterAll(() => t.close());

  /**
   * Stops the batch writer: on SQLite by holding Kysely's one connection; on PostgreSQL by locking the
   * house row, which every batch statement locks first.
   */
  async function holdWriter(): Promise<() => Promise<void>> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let taken!: () => void;
    const holding = new Promise<void>((resolve) => (taken = resolve));
    const done =
      dialect === 'sqlite'
        ? t.tdb.db.connection().execute(async () => {
            taken();
            await held;
          })
        : t.tdb.db.transaction().execute(async (trx) => {
            await sql`select id from accounts where code = 'house' for update`.execute(trx);
            taken();
            await held;
          });
    await holding;
    // Idempotent, so that a failing test still frees the writer (and the app can close).
    return async () => {
      release();
      await done;
    };
  }

  async function until(condition: () => boolean, what: string): Promise<void> {
    for (let tries = 0; tries < 500; tries++) {
      if (condition()) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  it('answers 503 BUSY with Retry-After past its depth, writes nothing of those, and the rest after', async () => {
    const round = await openRound(t.app, 'POLL_2');
    const p = await t.newPlayer({ balance: 100_000 });
    const browser = new TestBrowser(t.app);
    await browser.login(p.username, p.password);
    const body = { poll: 'POLL_2', result_id: round.id, bets: [{ type: 'RANGE_3', amount: 1000 }] };
    // One bet first, so that every cache the route reads (session, maintenance, accounts) is warm and
    // the bets below reach the queue without a query of their own.
    expect((await placeBet(browser, body)).statusCode).toBe(200);

    const release = await holdWriter();
    onTestFinished(release);
    const keys = Array.from({ length: MAX_DEPTH + 2 }, () => randomUUID());
    const answered = new Map<string, Awaited<ReturnType<typeof placeBet>>>();
    const pending = keys.map((key) =>
      placeBet(browser, body, key).then((res) => {
        answered.set(key, res);
        return res;
      }),
    );
    await until(
      () => t.app.services.lotto59.writeQueueDepth() === MAX_DEPTH && answered.size === 2,
      'a full queue and two refusals',
    );
    const refused = [...answered.entries()];
    for (const [, res] of refused) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({ code: 'BUSY', message: 'The server is busy. Please try again shortly.' });
    }
    await release();
    const all = await Promise.all(pending);
    expect(all.filter((r) => r.statusCode === 200)).toHaveLength(MAX_DEPTH);
    expect(t.app.services.lotto59.writeQueueDepth()).toBe(0);

    // Nothing of the refused submissions was written: no group, no stake; the accepted ones are whole.
    const refusedKeys = refused.map(([key]) => key);
    const groups = await t.tdb.db
      .selectFrom('lotto59_bet_groups')
      .select('idempotency_key')
      .where('player_id', '=', p.id)
      .execute();
    expect(groups).toHaveLength(1 + MAX_DEPTH);
    expect(groups.map((g) => g.idempotency_key)).not.toEqual(expect.arrayContaining([refusedKeys[0]]));
    expect(groups.map((g) => g.idempotency_key)).not.toEqual(expect.arrayContaining([refusedKeys[1]]));
    const stakes = await t.tdb.db
      .selectFrom('transfers')
      .select('idempotency_key')
      .where('kind', '=', 'bet_stake')
      .where('idempotency_key', 'like', `%:${p.id}`)
      .execute();
    expect(stakes).toHaveLength(1 + MAX_DEPTH);
    expect(await t.app.services.wallet.playerBalance(p.id)).toBe(100_000 - (1 + MAX_DEPTH) * 1000);
    await expectLedgerBalanced(t.app, t.tdb.db);

    // Retried after the wait, a refused submission is taken like any other.
    const retried = await placeBet(browser, body, refusedKeys[0]);
    expect(retried.statusCode).toBe(200);
    expect(await t.app.services.wallet.playerBalance(p.id)).toBe(100_000 - (2 + MAX_DEPTH) * 1000);
  });

  it('closing the queue (app.close() does, onClose) refuses new bets and waits for the accepted ones', async () => {
    const round = await openRound(t.app, 'POLL_2');
    const p = await t.newPlayer({ balance: 100_000 });
    const browser = new TestBrowser(t.app);
    await browser.login(p.username, p.password);
    const body = { poll: 'POLL_2', result_id: round.id, bets: [{ type: 'RANGE_3', amount: 1000 }] };
    expect((await placeBet(browser, body)).statusCode).toBe(200);

    const release = await holdWriter();
    onTestFinished(release);
    const pending = [placeBet(browser, body), placeBet(browser, body)];
    await until(() => t.app.services.lotto59.writeQueueDepth() === 2, 'two queued bets');
    let closed = false;
    const closing = t.app.services.stakeBatches.close().then(() => (closed = true));
    const late = await placeBet(browser, body);
    expect(late.statusCode).toBe(503);
    expect(late.json()).toMatchObject({ code: 'BUSY' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    await release();
    await closing;
    expect((await Promise.all(pending)).map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await t.app.services.wallet.playerBalance(p.id)).toBe(100_000 - 3 * 1000);
    await expectLedgerBalanced(t.app, t.tdb.db);
  });
});
