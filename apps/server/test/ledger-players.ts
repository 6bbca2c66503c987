import { riel } from '@lotto59/domain';
import type { Db } from '../src/db/database';
import type { WalletService } from '../src/modules/wallet/wallet.public';

/**
 * A player row and its ledger account, for tests below the HTTP layer (the wallet's, responsible gaming's),
 * funded from the cash account when `balance` is above 0. API tests sign players up through the app instead.
 */
export async function newLedgerPlayer(
  db: Db,
  wallet: WalletService,
  username: string,
  balance = 0,
): Promise<number> {
  const playerId = await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('players')
      .values({
        username,
        username_key: username,
        password_hash: 'x',
        enable_lottery: 0,
        enable_fast_game_play: 0,
        enabled_poll_1: 1,
        is_loading: 0,
        is_demo: 0,
        created_at_ms: 0,
        updated_at_ms: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await wallet.openPlayerAccount(trx, id);
    return id;
  });
  if (balance > 0) {
    await wallet.transfer({
      idempotencyKey: `seed:${playerId}`,
      kind: 'deposit',
      from: { system: 'cash' },
      to: { playerId },
      amount: riel(balance),
    });
  }
  return playerId;
}
