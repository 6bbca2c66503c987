import type { Kysely, Transaction } from 'kysely';
import type { DemoProviderDatabase, TransfersTable, TransferWalletsTable } from '../db/schema';

/* The queries of provider 4's in-game wallet and its transfers. */

export type Db = Kysely<DemoProviderDatabase> | Transaction<DemoProviderDatabase>;
export type TransferRow = TransfersTable;
export type TransferWallet = TransferWalletsTable;

export const transferById = (db: Db, transferId: string): Promise<TransferRow | undefined> =>
  db.selectFrom('transfers').selectAll().where('transfer_id', '=', transferId).executeTakeFirst();

/** Claims the id; false when it is already taken (a replay, a different transfer, or a tombstone). */
export async function claimTransfer(db: Db, row: TransferRow): Promise<boolean> {
  const r = await db
    .insertInto('transfers')
    .values(row)
    .onConflict((oc) => oc.column('transfer_id').doNothing())
    .executeTakeFirst();
  return (r.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export async function finishTransfer(
  db: Db,
  transferId: string,
  change: Pick<TransferRow, 'state' | 'amount' | 'response'>,
): Promise<void> {
  await db.updateTable('transfers').set(change).where('transfer_id', '=', transferId).execute();
}

export const walletOf = (db: Db, user: string): Promise<TransferWallet | undefined> =>
  db.selectFrom('transfer_wallets').selectAll().where('user_id', '=', user).executeTakeFirst();

/** When the player's last shot on the in-game balance (provider 4) was charged, or null before any. */
export async function lastShotOf(db: Db, user: string): Promise<number | null> {
  // fishing_shots_user (user_id, provider, created_at) answers this from the index.
  const row = await db
    .selectFrom('fishing_shots')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('user_id', '=', user)
    .where('provider', '=', '4')
    .executeTakeFirst();
  return row?.at == null ? null : Number(row.at);
}

export async function ensureWallet(db: Db, user: string, now: number): Promise<void> {
  await db
    .insertInto('transfer_wallets')
    .values({ user_id: user, balance: 0, shots: 0, stake: 0, payout: 0, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function credit(db: Db, user: string, amount: number, now: number): Promise<void> {
  await db
    .updateTable('transfer_wallets')
    .set((eb) => ({ balance: eb('balance', '+', amount), updated_at: now }))
    .where('user_id', '=', user)
    .execute();
}

/**
 * Takes `amount` out and zeroes the session counters, only if the wallet is still exactly as read (a shot in
 * between changes its balance and shot count): false means read again and retry.
 */
export async function debitAndCloseSession(
  db: Db,
  seen: TransferWallet,
  amount: number,
  now: number,
): Promise<boolean> {
  const r = await db
    .updateTable('transfer_wallets')
    .set({ balance: seen.balance - amount, shots: 0, stake: 0, payout: 0, updated_at: now })
    .where('user_id', '=', seen.user_id)
    .where('balance', '=', seen.balance)
    .where('shots', '=', seen.shots)
    .executeTakeFirst();
  return r.numUpdatedRows > 0n;
}

/**
 * One shot on the in-game balance: the charge is conditional (never below zero), the payout and the session
 * counters move in the same statement. Returns the balance after, or undefined when it cannot pay for the shot.
 */
export async function chargeShot(
  db: Db,
  user: string,
  cost: number,
  payout: number,
  now: number,
): Promise<number | undefined> {
  const row = await db
    .updateTable('transfer_wallets')
    .set((eb) => ({
      balance: eb(eb('balance', '-', cost), '+', payout),
      shots: eb('shots', '+', 1),
      stake: eb('stake', '+', cost),
      payout: eb('payout', '+', payout),
      updated_at: now,
    }))
    .where('user_id', '=', user)
    .where('balance', '>=', cost)
    .returning('balance')
    .executeTakeFirst();
  return row?.balance;
}
