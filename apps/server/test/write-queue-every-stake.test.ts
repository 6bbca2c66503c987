import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { TEST_DIALECTS } from './databases';
import { FakeTransferProvider } from './fake-transfer-provider';
import { betBody as lotteryBet, lotteryPlayer, nextDraw, postBet } from './lottery-helpers';
import { betBody as seamlessBet, seat, walletClient } from './provider-seat';
import type { ProviderWalletClient } from './provider-wallet-client';
import { createTestApp, TestBrowser, type TestContext } from './test-app';

const SECRET_3 = 'b3'.repeat(32);
const SECRET_4 = 'c4'.repeat(32);

/**
 * Every product's stake waits in the process's ONE bounded money write queue (decision 0045): with the
 * queue full, a ticket lottery stake, a fishing transfer in and a seamless bet are each answered 503 BUSY
 * with `Retry-After` before anything of them is written; once the queue has room, the same calls go through.
 */
describe.each(TEST_DIALECTS)('every stake through the one write queue on %s', (dialect) => {
  let t: TestContext;
  let studio: FakeTransferProvider;
  let slots: ProviderWalletClient;

  beforeAll(async () => {
    let nowMs = () => Date.now();
    studio = new FakeTransferProvider(SECRET_4, () => nowMs(), 1_500);
    const studioUrl = await studio.start();
    t = await createTestApp(dialect, {
      WRITE_QUEUE_MAX_DEPTH: '1',
      PROVIDER_3_SECRET: SECRET_3,
      PROVIDER_4_SECRET: SECRET_4,
      PROVIDER_DEMO_URL: studioUrl,
    });
    nowMs = () => t.clock.nowMs();
    await t.app.services.lottery.scheduler.tick();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    slots = walletClient(t, '3', SECRET_3);
  });
  afterAll(async () => {
    await t?.close();
    await studio?.stop();
  });

  /** Fills the queue (depth 1) with a write that waits until released. */
  function fillQueue(): () => Promise<void> {
    let release!: () => void;
    const held = t.app.services.stakeBatches.run(() => new Promise<void>((resolve) => (release = resolve)));
    expect(t.app.services.stakeBatches.depth).toBe(1);
    const free = async () => {
      release();
      await held;
    };
    onTestFinished(free);
    return free;
  }

  const count = async (
    table: 'transfers' | 'lottery_tickets' | 'provider_transfer' | 'provider_transactions',
  ) =>
    Number(
      (
        await t.tdb.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const counts = async () => ({
    transfers: await count('transfers'),
    tickets: await count('lottery_tickets'),
    fishingTransfers: await count('provider_transfer'),
    walletMoves: await count('provider_transactions'),
  });
  const openFishingSessions = async (playerId: number) =>
    (
      await t.tdb.db
        .selectFrom('fishing_sessions')
        .select('state')
        .where('player_id', '=', playerId)
        .where('state', 'in', ['OPENING', 'ACTIVE', 'CLOSING', 'UNKNOWN'])
        .execute()
    ).length;
  const expectBusy = (res: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(JSON.parse(res.body)).toMatchObject({ code: 'BUSY' });
  };

  it('a full queue answers 503 BUSY to a lottery ticket, a fishing transfer and a seamless bet, writing nothing', async () => {
    const lottery = await lotteryPlayer(t, 100_000);
    const draw = await nextDraw(t.app, 'VN-S');
    const ticket = lotteryBet(draw.id, 'VN', [{ bet_type: '2D', posts: ['A'], numbers: '12', amount: 1000 }]);
    const fisher = await t.newPlayer({ balance: 100_000 });
    const fishing = new TestBrowser(t.app);
    expect((await fishing.login(fisher.username, fisher.password)).statusCode).toBe(200);
    const gamer = await seat(t, slots, 100_000);
    const spin = seamlessBet(gamer, 2_000);
    const before = await counts();

    const free = fillQueue();
    expectBusy(await postBet(lottery.browser, ticket));
    expectBusy(await fishing.post('/api/fishing/settoken', { provider: 4, amount: 40_000 }));
    const refused = await slots.raw('bet', JSON.stringify(spin));
    expect(refused.httpStatus).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.reply).toMatchObject({ code: 'BUSY' });

    // Nothing half-written: no ledger row, no ticket, no fishing transfer or open session, no wallet record;
    // every balance as it was, and the ledger reconciles.
    expect(await counts()).toEqual(before);
    expect(await openFishingSessions(fisher.id)).toBe(0);
    for (const id of [lottery.id, fisher.id, gamer.player.id]) {
      expect(await t.app.services.wallet.playerBalance(id)).toBe(100_000);
    }
    expect(await t.app.services.wallet.reconcile()).toMatchObject({ ok: true });

    // With room in the queue again, the same calls are written (the refusals were the queue's).
    await free();
    expect((await postBet(lottery.browser, ticket)).statusCode).toBe(200);
    expect((await fishing.post('/api/fishing/settoken', { provider: 4, amount: 40_000 })).statusCode).toBe(
      200,
    );
    expect(await slots.call('bet', spin)).toMatchObject({ status: 'RS_OK', balance: 98_000 });
    expect(await t.app.services.wallet.playerBalance(fisher.id)).toBe(60_000);
    expect(await counts()).toMatchObject({
      transfers: before.transfers + 3,
      tickets: before.tickets + 1,
      fishingTransfers: before.fishingTransfers + 1,
      walletMoves: before.walletMoves + 1,
    });
    expect(await t.app.services.wallet.reconcile()).toMatchObject({ ok: true });
  });
});
