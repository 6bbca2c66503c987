import { randomUUID } from 'node:crypto';
import type { PlaceBetRequest } from '@lotto59/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { betRowsOf, expectLedgerBalanced, openRound } from '../../../../test/lotto59-helpers';
import { isUniqueViolation } from '../../../db/db-errors';
import { createTestApp, type TestContext } from '../../../../test/test-app';
import { planBets } from './bet-plan';
import { createStakeBatchWriter } from '../../wallet/wallet.public';
import { GroupCommitBetWriter } from './bets.group-commit';
import { KyselyBetWriter, type BetWriter } from './bets.kysely-writer';

/**
 * The PostgreSQL group commit, driven directly so that the test sees which submissions the batch
 * statement wrote and which went to the exact (one transaction per submission) writer.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('bet group commit on postgres', () => {
  let t: TestContext;
  let roundId: number;
  let batches: number[];
  let slowPathKeys: string[];
  let failures: unknown[];
  let writer: GroupCommitBetWriter;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    await t.app.services.lotto59.scheduler.tick();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    roundId = (await openRound(t.app, 'POLL_2')).id;
    batches = [];
    slowPathKeys = [];
    failures = [];
    const { wallet, lotto59 } = t.app.services;
    const exact = new KyselyBetWriter(t.tdb.db, t.clock, wallet, lotto59.settings, t.app.services.rgGuard);
    const slowPath: BetWriter = {
      write(playerId, key, plan) {
        slowPathKeys.push(key);
        return exact.write(playerId, key, plan);
      },
    };
    // Its own stake batch writer (queue), as the app's is busy with nothing here.
    const stakeBatches = createStakeBatchWriter({ db: t.tdb.db, clock: t.clock, accounts: wallet });
    writer = new GroupCommitBetWriter(stakeBatches, {
      db: t.tdb.db,
      settings: lotto59.settings,
      rg: t.app.services.rgGuard,
      exact: slowPath,
      onBatch: (n) => batches.push(n),
      onBatchFailed: (error) => failures.push(error),
    });
  });

  const body = (amount: number, poll: PlaceBetRequest['poll'] = 'POLL_2'): PlaceBetRequest => ({
    poll,
    result_id: roundId,
    bets: [
      { type: 'RANGE_3', amount },
      { type: 'NUMBER', posts: ['A', 'B'], numbers: '7, 10-11', amount: 500 },
    ],
  });
  const write = (playerId: number, key: string, b: PlaceBetRequest) =>
    writer.write(playerId, key, planBets(b, t.app.services.lotto59.settings));
  const balanceOf = (playerId: number) => t.app.services.wallet.playerBalance(playerId);

  it('writes the submissions of one turn in ONE statement, each with its own stake and rows', async () => {
    const players = await Promise.all(Array.from({ length: 12 }, () => t.newPlayer({ balance: 10_000 })));
    const answers = await Promise.all(players.map((p, i) => write(p.id, randomUUID(), body(1000 + i))));

    expect(batches).toEqual([12]);
    expect(failures).toEqual([]);
    expect(slowPathKeys).toEqual([]);
    for (const [i, p] of players.entries()) {
      const stake = 1000 + i + 6 * 500;
      const { response } = answers[i]!;
      expect(response.balance).toBe(10_000 - stake);
      expect(await balanceOf(p.id)).toBe(10_000 - stake);
      const rows = await betRowsOf(t, p.id);
      expect(rows.map((r) => `${r.type}${r.post ?? ''}${r.number ?? ''}:${r.amount}`)).toEqual([
        `RANGE_3:${1000 + i}`,
        ...['A7', 'A10', 'A11', 'B7', 'B10', 'B11'].map((x) => `NUMBER${x}:500`),
      ]);
      expect(response.bets.map((b) => b.id)).toEqual(rows.map((r) => r.id));
      expect(new Set(rows.map((r) => r.group_id))).toEqual(new Set([response.group_id]));
    }
    // The house was credited once for the batch; each transfer row still records its balance after.
    await expectLedgerBalanced(t.app, t.tdb.db);
  });

  it('sends what the statement did not write to the exact writer, and a player’s second submission to the next batch', async () => {
    const [rich, poor, replayer, lost] = await Promise.all([
      t.newPlayer({ balance: 10_000 }),
      t.newPlayer({ balance: 500 }),
      t.newPlayer({ balance: 10_000 }),
      t.newPlayer({ balance: 10_000 }),
    ]);
    const replayedKey = randomUUID();
    const first = await write(replayer.id, replayedKey, body(1000));
    batches.length = 0;

    const keys = { rich: randomUUID(), richAgain: randomUUID(), poor: randomUUID(), lost: randomUUID() };
    const outcomes = await Promise.allSettled([
      write(rich.id, keys.rich, body(1000)),
      write(rich.id, keys.richAgain, body(2000)),
      write(poor.id, keys.poor, body(1000)),
      write(replayer.id, replayedKey, body(1000)),
      write(lost.id, keys.lost, body(1000, 'POLL_1')),
    ]);

    expect(batches).toEqual([4, 1]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
    ]);
    expect(new Set(slowPathKeys)).toEqual(new Set([keys.poor, replayedKey, keys.lost]));
    const replay = outcomes[3] as PromiseFulfilledResult<Awaited<ReturnType<typeof write>>>;
    expect(replay.value).toEqual({ replayed: true, response: first.response });
    expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect((outcomes[4] as PromiseRejectedResult).reason).toMatchObject({ code: 'ROUND_NOT_OPEN' });
    expect(await balanceOf(rich.id)).toBe(10_000 - 4000 - 5000);
    expect(await balanceOf(poor.id)).toBe(500);
    expect(await balanceOf(replayer.id)).toBe(10_000 - 4000);
    expect(await balanceOf(lost.id)).toBe(10_000);
    await expectLedgerBalanced(t.app, t.tdb.db);
  });

  it('two processes racing the same keys: the batch that loses writes nothing and answers replays', async () => {
    // A second writer stands for a second server process: its own queue and batch. Both batches are
    // held at the house row until they are both under way, so the second one's statement has read
    // the keys as unused before the first commits, and meets the unique keys on its writes.
    const { wallet, lotto59 } = t.app.services;
    const second = new GroupCommitBetWriter(
      createStakeBatchWriter({ db: t.tdb.db, clock: t.clock, accounts: wallet }),
      {
        db: t.tdb.db,
        settings: lotto59.settings,
        rg: t.app.services.rgGuard,
        exact: new KyselyBetWriter(t.tdb.db, t.clock, wallet, lotto59.settings, t.app.services.rgGuard),
        onBatchFailed: (error) => failures.push(error),
      },
    );
    const players = await Promise.all(Array.from({ length: 20 }, () => t.newPlayer({ balance: 10_000 })));
    const keys = players.map(() => randomUUID());
    const plans = players.map(() => planBets(body(1000), lotto59.settings));

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.tdb.db.transaction().execute(async (trx) => {
      await sql`select id from accounts where code = 'house' for update`.execute(trx);
      locked();
      await held;
    });
    await lockTaken;
    const first = Promise.all(players.map((p, i) => writer.write(p.id, keys[i]!, plans[i]!)));
    const other = Promise.all(players.map((p, i) => second.write(p.id, keys[i]!, plans[i]!)));
    await waitUntilBlockedOnHouse(2);
    release();
    await holder;
    const answers = [...(await first), ...(await other)];

    expect(failures).toHaveLength(1);
    expect(isUniqueViolation(failures[0])).toBe(true);
    expect(answers.filter((a) => a.replayed)).toHaveLength(players.length);
    for (const [i, p] of players.entries()) {
      const mine = [answers[i]!, answers[players.length + i]!];
      expect(mine[0]!.response).toEqual(mine[1]!.response);
      expect(await balanceOf(p.id)).toBe(10_000 - 4000);
      expect(await betRowsOf(t, p.id)).toHaveLength(7);
    }
    await expectLedgerBalanced(t.app, t.tdb.db);
  });

  it('two batches in flight (PG_STAKE_BATCHES_IN_FLIGHT=2): the second is sent while the first waits, never with a player of the first', async () => {
    const { wallet, lotto59 } = t.app.services;
    const pipelined = new GroupCommitBetWriter(
      createStakeBatchWriter({ db: t.tdb.db, clock: t.clock, accounts: wallet, batchesInFlight: 2 }),
      {
        db: t.tdb.db,
        settings: lotto59.settings,
        rg: t.app.services.rgGuard,
        exact: new KyselyBetWriter(t.tdb.db, t.clock, wallet, lotto59.settings, t.app.services.rgGuard),
        onBatch: (n) => batches.push(n),
        onBatchFailed: (error) => failures.push(error),
      },
    );
    // Each of the first ten can afford two bets of 4,000, not three.
    const first = await Promise.all(Array.from({ length: 10 }, () => t.newPlayer({ balance: 9_000 })));
    const others = await Promise.all(Array.from({ length: 10 }, () => t.newPlayer({ balance: 9_000 })));
    const bet = (playerId: number) =>
      pipelined.write(playerId, randomUUID(), planBets(body(1000), lotto59.settings));

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = t.tdb.db.transaction().execute(async (trx) => {
      await sql`select id from accounts where code = 'house' for update`.execute(trx);
      locked();
      await held;
    });
    await lockTaken;
    const wave1 = first.map((p) => bet(p.id));
    await waitUntilBlockedOnHouse(1);
    // The first ten again (twice each) and ten others: only the others may go while the first batch waits.
    const wave2 = [...first, ...first, ...others].map((p) => bet(p.id));
    await waitUntilBlockedOnHouse(2);
    expect(batches).toEqual([10, 10]);
    release();
    await holder;
    const outcomes = await Promise.allSettled([...wave1, ...wave2]);

    expect(failures).toEqual([]);
    expect(batches.slice(0, 2)).toEqual([10, 10]);
    // Per first player: two bets landed and the third was refused for funds, whatever batch each went in.
    const refused = outcomes.filter((o) => o.status === 'rejected') as PromiseRejectedResult[];
    expect(refused).toHaveLength(10);
    for (const r of refused) expect(r.reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    for (const p of first) expect(await balanceOf(p.id)).toBe(9_000 - 2 * 4000);
    for (const p of others) expect(await balanceOf(p.id)).toBe(9_000 - 4000);
    await expectLedgerBalanced(t.app, t.tdb.db);
  });

  /**
   * Until `n` batch statements of this database wait for a row lock (the house's, or a player's
   * responsible-gaming row that the batch ahead holds). Matched on the statement's first CTEs:
   * pg_stat_activity keeps only the first kilobyte of a query's text.
   */
  async function waitUntilBlockedOnHouse(n: number): Promise<void> {
    for (let tries = 0; tries < 200; tries++) {
      const { rows } = await sql<{ waiting: number }>`
        select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'
          and query like '%with%sub as (%lotto59_rounds%'`.execute(t.tdb.db);
      if (rows[0]!.waiting >= n) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`fewer than ${n} statements waited for the house row`);
  }
});
