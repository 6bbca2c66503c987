import type {
  WalletBetRequest,
  WalletReply,
  WalletRollbackRequest,
  WalletWinRequest,
} from '@lotto59/contract';
import { riel, type Riel } from '@lotto59/domain';
import type { Db, Executor } from '../../db/database';
import type { Transact } from '../../db/group-transaction';
import { isUniqueViolation, retryOnConflict } from '../../db/db-errors';
import { AppError } from '../../errors/app-error';
import type { Clock } from '../../platform/clock';
import type { TransferCommand, WalletService } from '../wallet/wallet.public';
import { providerAccount } from './providers.catalog';
import * as repo from './providers.repository';
import { answerBeforeBalance } from './providers.repository';
import type { ProviderCode } from './providers.table';
import { businessHash, notEnoughMoney, ok, Refusal, refusal } from './wallet-replies';

// The three calls that move money (providers.md §3). Each is one database transaction holding the
// ledger transfer (WalletService.transferWithin: conditional debit, idempotency key
// `prov:{provider}:{transaction_uuid}`), the transaction record with its answer, and the round row.
// The caller has checked the signature, the token and the player; a replay never gets here twice.

export interface MoveDeps {
  db: Db;
  clock: Clock;
  wallet: WalletService;
  /** The moves' transactions: several moves share one commit, a savepoint each (db/group-transaction.ts). */
  transact: Transact;
}

export const ledgerKey = (provider: ProviderCode, transactionUuid: string) =>
  `prov:${provider}:${transactionUuid}`;
export const metaText = (meta: Record<string, unknown> | undefined) =>
  meta === undefined ? null : JSON.stringify(meta);

/** The stored first answer of a transaction id, or the refusal its reuse earns. */
export function replayOf(existing: repo.TransactionRow, action: 'bet' | 'win' | 'rollback', hash: string) {
  if (existing.action === 'tombstone') {
    // The bet's own rollback came first: it must never land after its cancel (providers.md §3, ours).
    return refusal(action === 'bet' ? 'RS_ERROR_TRANSACTION_ROLLED_BACK' : 'RS_ERROR_DUPLICATE_TRANSACTION');
  }
  if (existing.action !== action || existing.request_hash !== hash) {
    return refusal('RS_ERROR_DUPLICATE_TRANSACTION');
  }
  return JSON.parse(existing.response_json) as WalletReply;
}

/**
 * Runs one move's transaction; a refusal decided inside rolls it back. A concurrent call with the same
 * transaction id that committed first makes this one fail on a unique key: it then answers as a replay.
 *
 * `seenNew`: the caller has just looked the id up (outside the transaction) and found nothing, so the
 * first attempt does not look again. The transaction record's primary key still refuses a second row of
 * the id, and the ledger key a second transfer (the same movement is answered as a replay by the ledger,
 * another one refused with IDEMPOTENCY_KEY_REUSED): either rolls the attempt back, and the next attempt
 * looks the id up inside its transaction and answers the stored first answer (or the refusal).
 */
async function runMove(
  deps: MoveDeps,
  provider: ProviderCode,
  transactionUuid: string,
  action: 'bet' | 'win' | 'rollback',
  hash: string,
  seenNew: boolean,
  work: (trx: Executor) => Promise<WalletReply>,
): Promise<WalletReply> {
  const attempt = (lookUp: boolean) =>
    retryOnConflict(() =>
      deps.transact(async (trx) => {
        if (lookUp) {
          const existing = await repo.findTransaction(trx, provider, transactionUuid);
          if (existing) return replayOf(existing, action, hash);
        }
        return work(trx);
      }),
    );
  try {
    try {
      return await attempt(!seenNew);
    } catch (error) {
      // Another call committed a row this one also wrote (its own id, or the bet a tombstone names):
      // once more from the start, it now sees that row.
      const keyReused = error instanceof AppError && error.code === 'IDEMPOTENCY_KEY_REUSED';
      if (!isUniqueViolation(error) && !(seenNew && keyReused)) throw error;
      return await attempt(true);
    }
  } catch (error) {
    if (error instanceof Refusal) return error.reply;
    throw error;
  }
}

export function betHash(body: WalletBetRequest): string {
  return businessHash({
    action: 'bet',
    user: body.user,
    amount: body.amount,
    roundId: body.round_id,
    reference: null,
    gameCode: body.game_code,
  });
}

export async function placeBet(
  deps: MoveDeps,
  provider: ProviderCode,
  playerId: number,
  body: WalletBetRequest,
  seenNew = false,
): Promise<WalletReply> {
  const hash = betHash(body);
  const amount = riel(body.amount);
  const accountId = await deps.wallet.knownPlayerAccountId(playerId);
  try {
    return await runMove(deps, provider, body.transaction_uuid, 'bet', hash, seenNew, async (trx) => {
      const nowMs = deps.clock.nowMs();
      const transfer = {
        idempotencyKey: ledgerKey(provider, body.transaction_uuid),
        kind: 'provider_bet',
        from: { accountId },
        to: providerAccount(provider),
        amount,
        reference: body.round_id,
      };
      const record = {
        provider,
        transaction_uuid: body.transaction_uuid,
        action: 'bet' as const,
        player_id: playerId,
        game_code: body.game_code,
        round_id: body.round_id,
        amount,
        reference_transaction_uuid: null,
        request_hash: hash,
        rolled_back: 0 as const,
        created_at_ms: nowMs,
      };
      const round = {
        provider,
        roundId: body.round_id,
        playerId,
        gameCode: body.game_code,
        amount,
        meta: metaText(body.meta),
        nowMs,
      };
      // A round id already used for another player: refused, and the debit rolls back with it.
      const otherPlayersRound = () => new Refusal(refusal('RS_ERROR_UNKNOWN', body.request_uuid));
      // PostgreSQL: the whole bet in one statement (decision 0038); a bet of 0 moves no money.
      const oneStatement = amount > 0 ? await deps.wallet.newTransferCtes(trx, transfer) : undefined;
      if (oneStatement) {
        const moved = await repo.betInOneStatement(
          trx,
          oneStatement.ctes,
          {
            ...record,
            answerBeforeBalance: answerBeforeBalance(JSON.stringify(ok(body.request_uuid, body.user, 0))),
          },
          round,
        );
        if (!moved) throw new AppError('INSUFFICIENT_FUNDS');
        if (!moved.own_round) throw otherPlayersRound();
        return ok(body.request_uuid, body.user, oneStatement.receiptOf(moved).fromBalanceAfter);
      }
      const balance = await moveMoney(deps, trx, transfer, { side: 'from', id: playerId });
      const reply = ok(body.request_uuid, body.user, balance);
      const ownRound = await repo.insertBetWithRound(
        trx,
        { ...record, response_json: JSON.stringify(reply) },
        round,
      );
      if (!ownRound) throw otherPlayersRound();
      return reply;
    });
  } catch (error) {
    // The conditional debit refused: the transaction rolled back, so nothing was written.
    if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') {
      return notEnoughMoney(body.request_uuid, body.user, await deps.wallet.playerBalance(playerId));
    }
    throw error;
  }
}

export function winHash(body: WalletWinRequest): string {
  return businessHash({
    action: 'win',
    user: body.user,
    amount: body.amount,
    roundId: body.round_id,
    reference: body.reference_transaction_uuid,
    gameCode: body.game_code,
  });
}

export async function payWin(
  deps: MoveDeps,
  provider: ProviderCode,
  playerId: number,
  body: WalletWinRequest,
  seenNew = false,
): Promise<WalletReply> {
  const hash = winHash(body);
  const amount = riel(body.amount);
  const accountId = await deps.wallet.knownPlayerAccountId(playerId);
  return runMove(deps, provider, body.transaction_uuid, 'win', hash, seenNew, async (trx) => {
    // The round's payout first: that update takes the round row's lock, so a rollback of its bet has
    // either committed (seen in the bet read after it) or waits for us. A refusal below rolls it back with
    // the rest. One statement on PostgreSQL (decision 0038).
    const nowMs = deps.clock.nowMs();
    const bet = await repo.addRoundWinAndFindBet(
      trx,
      {
        provider,
        roundId: body.round_id,
        amount,
        meta: metaText(body.meta),
        closed: body.round_closed,
        nowMs,
      },
      body.reference_transaction_uuid,
    );
    if (!bet) throw new Refusal(refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST', body.request_uuid));
    if (bet.action === 'tombstone' || bet.rolled_back === 1) {
      throw new Refusal(refusal('RS_ERROR_TRANSACTION_ROLLED_BACK', body.request_uuid));
    }
    if (bet.action !== 'bet' || bet.player_id !== playerId || bet.round_id !== body.round_id) {
      throw new Refusal(refusal('RS_ERROR_UNKNOWN', body.request_uuid));
    }
    const record = {
      provider,
      transaction_uuid: body.transaction_uuid,
      action: 'win' as const,
      player_id: playerId,
      game_code: body.game_code,
      round_id: body.round_id,
      amount,
      reference_transaction_uuid: body.reference_transaction_uuid,
      request_hash: hash,
      rolled_back: 0 as const,
      created_at_ms: nowMs,
    };
    const transfer = {
      idempotencyKey: ledgerKey(provider, body.transaction_uuid),
      kind: 'provider_win',
      from: providerAccount(provider),
      to: { accountId },
      amount,
      reference: body.round_id,
    };
    // PostgreSQL: the transfer and the record in one statement (decision 0038); a win of 0 moves no money.
    const oneStatement = amount > 0 ? await deps.wallet.newTransferCtes(trx, transfer) : undefined;
    if (oneStatement) {
      const moved = await repo.creditInOneStatement(trx, oneStatement.ctes, {
        ...record,
        answerBeforeBalance: answerBeforeBalance(JSON.stringify(ok(body.request_uuid, body.user, 0))),
      });
      // The provider's account may go below zero: never, unless the ledger refuses.
      if (!moved) throw new AppError('INSUFFICIENT_FUNDS');
      return ok(body.request_uuid, body.user, oneStatement.receiptOf(moved).toBalanceAfter);
    }
    const balance = await moveMoney(deps, trx, transfer, { side: 'to', id: playerId });
    const reply = ok(body.request_uuid, body.user, balance);
    await repo.insertTransaction(trx, { ...record, response_json: JSON.stringify(reply) });
    return reply;
  });
}

export function rollbackHash(body: WalletRollbackRequest): string {
  return businessHash({
    action: 'rollback',
    user: body.user,
    amount: 0,
    roundId: body.round_id,
    reference: body.reference_transaction_uuid,
    gameCode: body.game_code,
  });
}

export async function rollBack(
  deps: MoveDeps,
  provider: ProviderCode,
  playerId: number,
  body: WalletRollbackRequest,
): Promise<WalletReply> {
  const hash = rollbackHash(body);
  const accountId = await deps.wallet.knownPlayerAccountId(playerId);
  return runMove(deps, provider, body.transaction_uuid, 'rollback', hash, false, async (trx) => {
    await repo.lockRound(trx, provider, body.round_id);
    const nowMs = deps.clock.nowMs();
    const record = async (amount: Riel, balance: number) => {
      const reply = ok(body.request_uuid, body.user, balance);
      await repo.insertTransaction(trx, {
        provider,
        transaction_uuid: body.transaction_uuid,
        action: 'rollback',
        player_id: playerId,
        game_code: body.game_code,
        round_id: body.round_id,
        amount,
        reference_transaction_uuid: body.reference_transaction_uuid,
        request_hash: hash,
        response_json: JSON.stringify(reply),
        rolled_back: 0 as const,
        created_at_ms: nowMs,
      });
      return reply;
    };
    const bet = await repo.findTransaction(trx, provider, body.reference_transaction_uuid);
    if (!bet) {
      // The bet never arrived (or is still on its way): a tombstone under its id refuses it later.
      await repo.insertTransaction(trx, {
        provider,
        transaction_uuid: body.reference_transaction_uuid,
        action: 'tombstone',
        player_id: playerId,
        game_code: body.game_code,
        round_id: body.round_id,
        amount: riel(0),
        reference_transaction_uuid: body.transaction_uuid,
        request_hash: hash,
        response_json: '{}',
        rolled_back: 1,
        created_at_ms: nowMs,
      });
      return record(riel(0), await deps.wallet.playerBalance(playerId, trx));
    }
    if (bet.action === 'tombstone') return record(riel(0), await deps.wallet.playerBalance(playerId, trx));
    // Only bets are rolled back, only the player's own, and never one whose round has a win.
    if (bet.action !== 'bet' || bet.player_id !== playerId || bet.round_id !== body.round_id) {
      throw new Refusal(refusal('RS_ERROR_UNKNOWN', body.request_uuid));
    }
    // Rolled back already under another transaction id: answer the balance, move nothing.
    if (bet.rolled_back === 1) return record(riel(0), await deps.wallet.playerBalance(playerId, trx));
    if (await repo.roundHasWin(trx, provider, bet.round_id)) {
      throw new Refusal(refusal('RS_ERROR_UNKNOWN', body.request_uuid));
    }
    if (!(await repo.markRolledBack(trx, provider, bet.transaction_uuid))) {
      throw new Refusal(refusal('RS_ERROR_UNKNOWN', body.request_uuid));
    }
    const balance = await moveMoney(
      deps,
      trx,
      {
        idempotencyKey: ledgerKey(provider, body.transaction_uuid),
        kind: 'provider_rollback',
        from: providerAccount(provider),
        to: { accountId },
        amount: bet.amount,
        reference: bet.round_id,
      },
      { side: 'to', id: playerId },
    );
    await repo.rollBackRoundBet(trx, { provider, roundId: bet.round_id, amount: bet.amount, nowMs });
    return record(bet.amount, balance);
  });
}

/**
 * One ledger transfer, answered with the player's balance after it. A zero amount (a losing round's
 * win, a free bet) moves nothing: the ledger takes positive amounts only.
 */
async function moveMoney(
  deps: MoveDeps,
  trx: Executor,
  transfer: TransferCommand,
  player: { side: 'from' | 'to'; id: number },
): Promise<number> {
  if (transfer.amount === 0) return deps.wallet.playerBalance(player.id, trx);
  // The move looked its transaction id up in this transaction (or its caller just before, `seenNew`), and
  // the ledger key is written only with that record: a new key, one statement on PostgreSQL.
  const receipt = await deps.wallet.transferNewWithin(trx, transfer);
  return player.side === 'from' ? receipt.fromBalanceAfter : receipt.toBalanceAfter;
}
