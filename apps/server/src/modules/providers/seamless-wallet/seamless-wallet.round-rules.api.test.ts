import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { riel } from '@lotto59/domain';
import { TEST_DIALECTS } from '../../../../test/databases';
import { uuid, type ProviderWalletClient } from '../../../../test/provider-wallet-client';
import { betBody, seat, walletClient, winBody } from '../../../../test/provider-seat';
import { createTestApp, type TestContext } from '../../../../test/test-app';
import * as repo from './seamless-wallet.repository';

const SECRET_3 = 'c3'.repeat(32);

/*
 * The round rules of decision 0042 (our reading of providers.md §3) on a game that declares one win per bet
 * (the slot; every demo game does): a bet has at most one win, a CLOSED round takes no win and no bet, and
 * both hold when the calls race.
 */
describe.each(TEST_DIALECTS)('seamless wallet round rules on %s (decision 0042)', (dialect) => {
  let t: TestContext;
  let slots: ProviderWalletClient;

  beforeAll(async () => {
    t = await createTestApp(dialect, { PROVIDER_3_SECRET: SECRET_3 });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    slots = walletClient(t, '3', SECRET_3);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await t.app.services.wallet.reconcile()).toMatchObject({ ok: true });
  });

  const balanceOf = (playerId: number) => t.app.services.wallet.playerBalance(playerId);
  const round = (roundId: string) => repo.findRound(t.tdb.db, '3', roundId);

  it('a second win of one bet under a fresh transaction id is refused and moves nothing', async () => {
    const s = await seat(t, slots, 10_000);
    const placed = betBody(s, 1_000);
    expect(await slots.call('bet', placed)).toMatchObject({ status: 'RS_OK', balance: 9_000 });
    // The round stays open: a studio could still send another win for it.
    const first = winBody(s, placed, 500, false);
    const paid = await slots.call('win', first);
    expect(paid).toMatchObject({ status: 'RS_OK', balance: 9_500 });
    expect((await slots.call('win', winBody(s, placed, 700, true))).status).toBe('RS_ERROR_UNKNOWN');
    expect(await balanceOf(s.player.id)).toBe(9_500);
    expect(await round(placed.round_id)).toMatchObject({ stake: 1_000, payout: 500, status: 'OPEN' });
    // The first win's retry still gets its stored answer.
    expect(await slots.call('win', { ...first, request_uuid: uuid() })).toEqual(paid);
  });

  it('a win on a CLOSED round is refused, even for another bet of that round', async () => {
    const s = await seat(t, slots, 10_000);
    const a = betBody(s, 1_000);
    const b = betBody(s, 2_000, a.round_id);
    expect((await slots.call('bet', a)).status).toBe('RS_OK');
    expect((await slots.call('bet', b)).status).toBe('RS_OK');
    expect(await slots.call('win', winBody(s, a, 3_000, true))).toMatchObject({
      status: 'RS_OK',
      balance: 10_000,
    });
    expect((await slots.call('win', winBody(s, b, 4_000, false))).status).toBe('RS_ERROR_UNKNOWN');
    expect(await balanceOf(s.player.id)).toBe(10_000);
    expect(await round(a.round_id)).toMatchObject({ stake: 3_000, payout: 3_000, status: 'CLOSED' });
  });

  it('a bet on a CLOSED round is refused, moves nothing and leaves the round CLOSED', async () => {
    const s = await seat(t, slots, 10_000);
    const placed = betBody(s, 1_000);
    expect((await slots.call('bet', placed)).status).toBe('RS_OK');
    expect((await slots.call('win', winBody(s, placed, 0))).status).toBe('RS_OK');
    const late = betBody(s, 2_000, placed.round_id);
    expect((await slots.call('bet', late)).status).toBe('RS_ERROR_UNKNOWN');
    // Nothing of it was stored: the studio's rollback of it leaves a tombstone and moves nothing.
    expect(await balanceOf(s.player.id)).toBe(9_000);
    expect(await round(placed.round_id)).toMatchObject({ stake: 1_000, payout: 0, status: 'CLOSED' });
    expect(await repo.findTransaction(t.tdb.db, '3', late.transaction_uuid)).toBeUndefined();
    // A bet of 0 (no ledger transfer, the other statement) is refused the same way.
    expect((await slots.call('bet', betBody(s, 0, placed.round_id))).status).toBe('RS_ERROR_UNKNOWN');
  });

  it('two wins of one bet raced: exactly one is paid, on every bet', async () => {
    const s = await seat(t, slots, 50_000);
    const placed = Array.from({ length: 10 }, () => betBody(s, 1_000));
    for (const p of placed) expect((await slots.call('bet', p)).status).toBe('RS_OK');
    // Half the pairs leave the round open, so that only the one-win rule can refuse the second.
    const replies = await Promise.all(
      placed.flatMap((p, i) => [
        slots.call('win', winBody(s, p, 3_000, i % 2 === 0)),
        slots.call('win', winBody(s, p, 3_000, i % 2 === 0)),
      ]),
    );
    for (let i = 0; i < placed.length; i++) {
      const statuses = [replies[2 * i]!.status, replies[2 * i + 1]!.status].sort();
      expect(statuses).toEqual(['RS_ERROR_UNKNOWN', 'RS_OK']);
      expect(await round(placed[i]!.round_id)).toMatchObject({ stake: 1_000, payout: 3_000 });
    }
    expect(await balanceOf(s.player.id)).toBe(40_000 + 10 * 3_000);
  });

  it.runIf(dialect === 'postgres')(
    "a win waiting on its bet for another process's win of that bet sees it and pays nothing",
    async () => {
      const s = await seat(t, slots, 10_000);
      const placed = betBody(s, 2_000);
      expect((await slots.call('bet', placed)).status).toBe('RS_OK');
      let claimed!: () => void;
      const held = new Promise<void>((r) => (claimed = r));
      let commit!: () => void;
      const mayCommit = new Promise<void>((r) => (commit = r));
      // Another API process's win of the same bet: the round and the bet claimed, not yet committed.
      const otherProcess = t.tdb.db.transaction().execute(async (trx) => {
        const claim = await repo.claimWin(
          trx,
          {
            provider: '3',
            roundId: placed.round_id,
            amount: riel(5_000),
            meta: null,
            closed: false,
            nowMs: t.clock.nowMs(),
          },
          { transactionUuid: placed.transaction_uuid, playerId: s.player.id, rule: { wins: 'ONE' } },
        );
        expect(claim).toEqual({ roundOpen: true, betClaimed: true });
        claimed();
        await mayCommit;
      });
      await held;
      const paid = slots.call('win', winBody(s, placed, 5_000, false));
      // The win's batch now waits for the round's lock.
      await new Promise((r) => setTimeout(r, 200));
      commit();
      await otherProcess;
      expect((await paid).status).toBe('RS_ERROR_UNKNOWN');
      expect(await balanceOf(s.player.id)).toBe(8_000);
      expect(await round(placed.round_id)).toMatchObject({ payout: 5_000, status: 'OPEN' });
    },
  );
});
