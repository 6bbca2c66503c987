import { riel } from '@lotto59/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../../test/databases';
import { newLedgerPlayer } from '../../../test/ledger-players';
import { AppError } from '../../errors/app-error';
import { systemClock } from '../../platform/clock';
import { WalletService } from './wallet.service';
import type { MoveLane } from './wallet.move-lane';
import { createStakeBatchWriter } from './wallet.public';

const pgOnly = TEST_DIALECTS.includes('postgres') ? describe : describe.skip;

/**
 * A provider move's transfer in two halves (decision 0045): the player's now, the provider's and the row at
 * the batch's end, once for the batch. Whatever the batches and their order, every account's transfers must
 * chain (each balance after = the one before ± the amount, in id order), the refused units leave nothing,
 * and the ledger reconciles.
 */
pgOnly('transfers written in two halves in group-commit batches (PostgreSQL)', () => {
  let tdb: TestDatabase;
  let wallet: WalletService;
  let lane: MoveLane;

  beforeAll(async () => {
    tdb = await createTestDatabase('postgres');
    wallet = new WalletService(tdb.db, systemClock);
    const writes = createStakeBatchWriter({ db: tdb.db, clock: systemClock, accounts: wallet });
    lane = wallet.moveLane({ writes, batchMax: 5, batchesInFlight: 3 });
  });
  afterAll(() => tdb.drop());

  const newPlayer = (n: number, balance: number) => newLedgerPlayer(tdb.db, wallet, `legs${n}`, balance);

  /** Each account's transfers in id order: every balance after follows from the one before. */
  async function expectChains(accountIds: readonly number[]) {
    for (const id of accountIds) {
      const rows = await tdb.db
        .selectFrom('transfers')
        .select([
          'id',
          'from_account_id',
          'to_account_id',
          'amount',
          'from_balance_after',
          'to_balance_after',
        ])
        .where((eb) => eb.or([eb('from_account_id', '=', id), eb('to_account_id', '=', id)]))
        .orderBy('id')
        .execute();
      let balance: number | undefined;
      for (const r of rows) {
        const after = r.from_account_id === id ? r.from_balance_after : r.to_balance_after;
        const change = r.from_account_id === id ? -r.amount : r.amount;
        if (balance !== undefined) expect(after, `account ${id}, transfer ${r.id}`).toBe(balance + change);
        balance = after;
      }
      const account = await tdb.db
        .selectFrom('accounts')
        .select('balance')
        .where('id', '=', id)
        .executeTakeFirst();
      expect(account?.balance).toBe(balance);
    }
  }

  it('stakes and wins of many players at once: one row per movement, every chain unbroken, refusals leave nothing', async () => {
    const players = await Promise.all(Array.from({ length: 12 }, (_, i) => newPlayer(i, 5_000)));
    const provider = { system: 'provider:3' as const };
    let refused = 0;
    const move = (playerId: number, key: string, amount: number, stake: boolean) =>
      lane
        .transact(
          async (_trx, moves) => {
            const accountId = await wallet.knownPlayerAccountId(playerId);
            return moves.move({
              idempotencyKey: key,
              kind: stake ? 'provider_bet' : 'provider_win',
              from: stake ? { accountId } : provider,
              to: stake ? provider : { accountId },
              amount: riel(amount),
              reference: key,
            });
          },
          { key: playerId },
        )
        .catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') refused += 1;
          else throw error;
        });
    // Per player: 4 stakes of 1,500 (the 4th is not covered), each followed by a win of 200.
    await Promise.all(
      players.map(async (playerId) => {
        const moves: Promise<unknown>[] = [];
        for (let i = 0; i < 4; i++) {
          moves.push(move(playerId, `legs:${playerId}:bet:${i}`, 1_500, true));
          moves.push(move(playerId, `legs:${playerId}:win:${i}`, 200, false));
        }
        await Promise.all(moves);
      }),
    );
    // Every player's balance follows from what landed; the rows are one per movement.
    const transfers = await tdb.db
      .selectFrom('transfers')
      .select(['idempotency_key', 'kind'])
      .where('idempotency_key', 'like', 'legs:%')
      .execute();
    expect(transfers).toHaveLength(12 * 8 - refused);
    for (const playerId of players) {
      const landed = transfers.filter((t) => t.idempotency_key.startsWith(`legs:${playerId}:`));
      const stakes = landed.filter((t) => t.kind === 'provider_bet').length;
      const wins = landed.filter((t) => t.kind === 'provider_win').length;
      expect(await wallet.playerBalance(playerId)).toBe(5_000 - 1_500 * stakes + 200 * wins);
    }
    expect(refused).toBeGreaterThan(0);
    const providerId = (
      await tdb.db
        .selectFrom('accounts')
        .select('id')
        .where('code', '=', 'provider:3')
        .executeTakeFirstOrThrow()
    ).id;
    await expectChains([
      providerId,
      ...(await Promise.all(players.map((p) => wallet.knownPlayerAccountId(p)))),
    ]);
    expect(await wallet.reconcile()).toMatchObject({ ok: true });
  });
});
