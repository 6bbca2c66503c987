import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_DIALECTS } from '../../../../test/databases';
import type { ProviderWalletClient } from '../../../../test/provider-wallet-client';
import { betBody, seat, walletClient, winBody } from '../../../../test/provider-seat';
import { createTestApp, type TestContext } from '../../../../test/test-app';
import type * as Catalog from '../providers.catalog';
import * as repo from './seamless-wallet.repository';

// No demo game declares several wins per bet (providers.catalog.ts GAME_WINS). Here baccarat declares them, with
// its published maximum multiple (12: a PAIR's 11:1 and its stake), as a studio's game of several wins would.
vi.mock('../providers.catalog', async (importOriginal) => {
  const catalog = await importOriginal<typeof Catalog>();
  return {
    ...catalog,
    winRuleOf: (gameCode: string): ReturnType<typeof catalog.winRuleOf> =>
      gameCode === 'baccarat'
        ? { wins: 'SEVERAL', maxMultiple: catalog.GAME_WINS.baccarat!.maxMultiple }
        : catalog.winRuleOf(gameCode),
  };
});

const SECRET_2 = 'd4'.repeat(32);

describe.each(TEST_DIALECTS)(
  'seamless wallet, a game of several wins per bet, on %s (decision 0042)',
  (dialect) => {
    let t: TestContext;
    let casino: ProviderWalletClient;

    beforeAll(async () => {
      t = await createTestApp(dialect, { PROVIDER_2_SECRET: SECRET_2 });
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      casino = walletClient(t, '2', SECRET_2);
    });
    afterAll(() => t.close());
    afterEach(async () => {
      expect(await t.app.services.wallet.reconcile()).toMatchObject({ ok: true });
    });

    const balanceOf = (playerId: number) => t.app.services.wallet.playerBalance(playerId);
    const round = (roundId: string) => repo.findRound(t.tdb.db, '2', roundId);

    it('pays wins of one bet up to 12 × its stake; one riel more is RS_ERROR_LIMIT_REACHED', async () => {
      const s = await seat(t, casino, 10_000);
      const placed = betBody(s, 1_000);
      expect((await casino.call('bet', placed)).status).toBe('RS_OK');
      expect((await casino.call('win', winBody(s, placed, 6_000, false))).status).toBe('RS_OK');
      expect((await casino.call('win', winBody(s, placed, 6_001, false))).status).toBe(
        'RS_ERROR_LIMIT_REACHED',
      );
      expect(await casino.call('win', winBody(s, placed, 6_000, false))).toMatchObject({
        status: 'RS_OK',
        balance: 21_000,
      });
      expect((await casino.call('win', winBody(s, placed, 1, true))).status).toBe('RS_ERROR_LIMIT_REACHED');
      // A win of 0 fits any room: it closes the round, after which nothing more is taken.
      expect((await casino.call('win', winBody(s, placed, 0, true))).status).toBe('RS_OK');
      expect((await casino.call('win', winBody(s, placed, 0, true))).status).toBe('RS_ERROR_UNKNOWN');
      expect(await balanceOf(s.player.id)).toBe(21_000);
      expect(await round(placed.round_id)).toMatchObject({ stake: 1_000, payout: 12_000, status: 'CLOSED' });
    });

    it('wins of one bet raced past its multiple: only those within it are paid', async () => {
      const s = await seat(t, casino, 10_000);
      const placed = betBody(s, 1_000);
      expect((await casino.call('bet', placed)).status).toBe('RS_OK');
      // 5 × 5,000 at once against room for 12,000: two fit, whichever two land first.
      const replies = await Promise.all(
        Array.from({ length: 5 }, () => casino.call('win', winBody(s, placed, 5_000, false))),
      );
      const statuses = replies.map((r) => r.status).sort();
      expect(statuses).toEqual([
        'RS_ERROR_LIMIT_REACHED',
        'RS_ERROR_LIMIT_REACHED',
        'RS_ERROR_LIMIT_REACHED',
        'RS_OK',
        'RS_OK',
      ]);
      expect(await balanceOf(s.player.id)).toBe(19_000);
      expect(await round(placed.round_id)).toMatchObject({ payout: 10_000, status: 'OPEN' });
    });
  },
);
