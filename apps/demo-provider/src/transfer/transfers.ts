import type { Kysely } from 'kysely';
import type { DemoProviderDatabase } from '../db/schema';
import type { DepositRequest, WithdrawRequest } from './schemas';
import {
  claimTransfer,
  credit,
  type Db,
  debitAndCloseSession,
  ensureWallet,
  finishTransfer,
  lastShotOf,
  transferById,
  walletOf,
} from './store';

/*
 * Provider 4's side of the transfer wallet (providers.md §4): our casino moves money in and out of the player's
 * in-game balance, which the fishing shots then charge. Idempotent by transfer_id: the first request's answer
 * is stored with the movement in one transaction, and a replay (same business fields) gets it back; the same id
 * with other fields is RS_ERROR_DUPLICATE_TRANSACTION. A `status` of an id never seen writes a tombstone, so its
 * NOT_FOUND is final: a deposit or withdraw arriving later under that id is refused with
 * RS_ERROR_TRANSACTION_ROLLED_BACK (the seamless rule for a bet after its own rollback, §3) and moves nothing.
 */

export type TransferAnswer = Record<string, unknown> & { status: string };

export interface TransferDeps {
  db: Kysely<DemoProviderDatabase>;
  clock: () => number;
}

/** Thrown inside a transaction to undo its claim and answer from the row that got there first. */
class AlreadyClaimed extends Error {
  constructor() {
    super('transfer id already claimed');
  }
}

function answerForExisting(
  existing: { state: string; fingerprint: string | null; response: string },
  fingerprint: string,
): TransferAnswer {
  if (existing.state === 'NOT_FOUND')
    return { status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', message: 'this transfer_id was reported NOT_FOUND' };
  if (existing.fingerprint !== fingerprint)
    return { status: 'RS_ERROR_DUPLICATE_TRANSACTION', message: 'this transfer_id names another transfer' };
  return JSON.parse(existing.response) as TransferAnswer;
}

/**
 * Runs `move` once per transfer_id: the claim, the movement and the stored answer commit together. A twin
 * request racing it waits on the claim (PostgreSQL) or the write lock (SQLite), then replays the stored answer.
 */
async function once(
  deps: TransferDeps,
  transferId: string,
  user: string,
  direction: 'IN' | 'OUT',
  fingerprint: string,
  move: (trx: Db, now: number) => Promise<{ answer: TransferAnswer; amount: number; ok: boolean }>,
): Promise<TransferAnswer> {
  const existing = await transferById(deps.db, transferId);
  if (existing) return answerForExisting(existing, fingerprint);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const now = deps.clock();
      const claimed = await claimTransfer(trx, {
        transfer_id: transferId,
        user_id: user,
        direction,
        amount: 0,
        state: 'FAILED',
        fingerprint,
        response: '{}',
        created_at: now,
      });
      if (!claimed) throw new AlreadyClaimed();
      const { answer, amount, ok } = await move(trx, now);
      await finishTransfer(trx, transferId, {
        state: ok ? 'COMPLETED' : 'FAILED',
        amount,
        response: JSON.stringify(answer),
      });
      return answer;
    });
  } catch (error) {
    if (!(error instanceof AlreadyClaimed)) throw error;
    const winner = await transferById(deps.db, transferId);
    if (!winner) throw new Error('claimed transfer vanished');
    return answerForExisting(winner, fingerprint);
  }
}

export async function deposit(deps: TransferDeps, request: DepositRequest): Promise<TransferAnswer> {
  if (request.currency !== 'KHR')
    return { status: 'RS_ERROR_WRONG_CURRENCY', transfer_id: request.transfer_id };
  const fingerprint = `IN:${request.user}:${request.amount}`;
  return once(deps, request.transfer_id, request.user, 'IN', fingerprint, async (trx, now) => {
    await ensureWallet(trx, request.user, now);
    await credit(trx, request.user, request.amount, now);
    const wallet = (await walletOf(trx, request.user))!;
    return {
      ok: true,
      amount: request.amount,
      answer: {
        status: 'RS_OK',
        request_uuid: request.request_uuid,
        transfer_id: request.transfer_id,
        amount: request.amount,
        provider_balance: wallet.balance,
      },
    };
  });
}

/** How many times a withdraw re-reads a wallet that shots keep changing under it before it gives up. */
const WITHDRAW_ATTEMPTS = 20;

export async function withdraw(deps: TransferDeps, request: WithdrawRequest): Promise<TransferAnswer> {
  const wanted = 'all' in request ? 'all' : request.amount;
  const fingerprint = `OUT:${request.user}:${wanted}`;
  return once(deps, request.transfer_id, request.user, 'OUT', fingerprint, async (trx, now) => {
    await ensureWallet(trx, request.user, now);
    for (let attempt = 0; attempt < WITHDRAW_ATTEMPTS; attempt += 1) {
      const wallet = (await walletOf(trx, request.user))!;
      const amount = wanted === 'all' ? wallet.balance : wanted;
      if (amount > wallet.balance)
        return {
          ok: false,
          amount: 0,
          answer: {
            status: 'RS_ERROR_NOT_ENOUGH_MONEY',
            request_uuid: request.request_uuid,
            transfer_id: request.transfer_id,
            provider_balance: wallet.balance,
          },
        };
      if (await debitAndCloseSession(trx, wallet, amount, now))
        return {
          ok: true,
          amount,
          answer: {
            status: 'RS_OK',
            request_uuid: request.request_uuid,
            transfer_id: request.transfer_id,
            amount,
            provider_balance: wallet.balance - amount,
            summary: { shots: wallet.shots, stake: wallet.stake, payout: wallet.payout },
          },
        };
    }
    throw new Error('the in-game wallet kept changing; the withdraw was not applied');
  });
}

/**
 * A known id's outcome (a completed withdraw's with the `summary` it answered); an unknown id gets a tombstone
 * first, so the NOT_FOUND answered here stays true.
 */
export async function transferStatus(deps: TransferDeps, transferId: string): Promise<TransferAnswer> {
  await claimTransfer(deps.db, {
    transfer_id: transferId,
    user_id: null,
    direction: null,
    amount: 0,
    state: 'NOT_FOUND',
    fingerprint: null,
    response: '{}',
    created_at: deps.clock(),
  });
  const row = (await transferById(deps.db, transferId))!;
  // A completed withdraw's summary too (ours, beyond §4's fields): a casino whose withdraw answer was lost
  // learns what the session played from here, not only the amount (its fishing report needs both).
  const summary =
    row.state === 'COMPLETED' && row.direction === 'OUT'
      ? (JSON.parse(row.response) as TransferAnswer).summary
      : undefined;
  return {
    status: 'RS_OK',
    transfer_id: transferId,
    state: row.state,
    direction: row.direction,
    amount: row.amount,
    ...(summary === undefined ? {} : { summary }),
  };
}

/**
 * The in-game balance, and when the player's last shot was charged (`last_shot_at`, unix ms, null before any;
 * ours, beyond §4's fields): shots never reach the casino's wallet, so this is how it tells a player still
 * shooting from one who left (its idle close, decision 0041).
 */
export async function providerBalance(deps: TransferDeps, user: string): Promise<TransferAnswer> {
  const [wallet, lastShot] = await Promise.all([walletOf(deps.db, user), lastShotOf(deps.db, user)]);
  return { status: 'RS_OK', user, provider_balance: wallet?.balance ?? 0, last_shot_at: lastShot };
}
