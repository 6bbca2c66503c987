import type {
  WalletBetRequest,
  WalletReply,
  WalletRollbackRequest,
  WalletWinRequest,
} from '@lotto59/contract';
import { riel, type Riel } from '@lotto59/domain';
import type { Db, Executor } from '../../../db/database';
import { isUniqueViolation, retryOnConflict } from '../../../db/db-errors';
import { AppError } from '../../../errors/app-error';
import type { Clock } from '../../../platform/clock';
import type { LaneMoves, MoveLane, TransferCommand, WalletService } from '../../wallet/wallet.public';
import { RG_COUNTED, RG_STAKE_TAKEN, type RgGuard } from '../../responsible-gaming/responsible-gaming.public';
import { providerAccount, winRuleOf, type WinRule } from '../providers.catalog';
import * as repo from './seamless-wallet.repository';
import { answerBeforeBalance } from './seamless-wallet.repository';
import type { ProviderCode } from '../providers.table';
import { replayOf } from './seamless-wallet.decide';
import { businessHash, notEnoughMoney, ok, Refusal, refusal } from './wallet-replies';

// The three calls that move money (providers.md §3). Each is one unit of the moves' group commit holding
// the ledger transfer (one per movement, idempotency key `prov:{provider}:{transaction_uuid}`, the
// conditional debit of a bet), the transaction record with its answer, and the round row. On PostgreSQL the
// transfer is written in two halves: the player's in the move's statement, the provider's and the transfer
// row once for the batch before its COMMIT (the wallet's move lane, `LaneMoves`, decision 0045).
// The caller has checked the signature, the token and the player; a replay never gets here twice.

export interface MoveDeps {
  db: Db;
  clock: Clock;
  wallet: WalletService;
  /**
   * The wallet's move lane: several moves share one commit in the process's one money queue; on PostgreSQL
   * the provider's side of their transfers is written once at the batch's end (decision 0045).
   */
  lane: MoveLane;
  /** Responsible gaming: a bet judged and counted before its debit, wins and rollbacks counted. */
  rg: RgGuard;
}

/** A responsible-gaming refusal of a bet in the wallet's words (responsible-gaming.md §3). */
export function rgWalletRefusal(error: unknown, requestUuid: string): Refusal | undefined {
  if (!(error instanceof AppError)) return undefined;
  if (error.code === 'LIMIT_REACHED') return new Refusal(refusal('RS_ERROR_LIMIT_REACHED', requestUuid));
  if (error.code === 'ON_BREAK' || error.code === 'SELF_EXCLUDED') {
    return new Refusal(refusal('RS_ERROR_USER_DISABLED', requestUuid));
  }
  return undefined;
}

export const ledgerKey = (provider: ProviderCode, transactionUuid: string) =>
  `prov:${provider}:${transactionUuid}`;
export const metaText = (meta: Record<string, unknown> | undefined) =>
  meta === undefined ? null : JSON.stringify(meta);

/** The stored first answer of a transaction id, or the refusal its reuse earns. */
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
  playerId: number,
  work: (trx: Executor, moves: LaneMoves) => Promise<WalletReply>,
): Promise<WalletReply> {
  const attempt = (lookUp: boolean) =>
    retryOnConflict(() =>
      deps.lane.transact(
        async (trx, moves) => {
          if (lookUp) {
            const existing = await repo.findTransaction(trx, provider, transactionUuid);
            if (existing) return replayOf(existing, action, hash);
          }
          return work(trx, moves);
        },
        // One batch at a time holds a player's moves: batches never wait on each other's player rows.
        { key: playerId },
      ),
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
    return await runMove(
      deps,
      provider,
      body.transaction_uuid,
      'bet',
      hash,
      seenNew,
      playerId,
      async (trx, moves) => {
        const nowMs = deps.clock.nowMs();
        const transfer = {
          idempotencyKey: ledgerKey(provider, body.transaction_uuid),
          kind: 'provider_bet' as const,
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
        // A round id already used for another player, or a CLOSED round (decision 0042): refused, and the
        // debit rolls back with it.
        const roundNotOpenToBet = () => new Refusal(refusal('RS_ERROR_UNKNOWN', body.request_uuid));
        // PostgreSQL: the whole bet in one statement (decision 0038), responsible gaming's judge-and-count in
        // it before the debit (rg row, then accounts: the lock order of every stake); a bet of 0 moves no money.
        const oneStatement = amount > 0 ? await moves.moveCtes(transfer, RG_STAKE_TAKEN) : undefined;
        if (oneStatement) {
          const { rgTaken, moved } = await repo.betInOneStatement(
            trx,
            deps.rg.stakeCte(playerId, 'SEAMLESS_BET', amount, nowMs),
            oneStatement.ctes,
            {
              ...record,
              answerBeforeBalance: answerBeforeBalance(JSON.stringify(ok(body.request_uuid, body.user, 0))),
            },
            round,
          );
          if (!rgTaken) {
            const why = await deps.rg.refusalOfCte(trx, playerId, 'SEAMLESS_BET', amount, nowMs);
            throw rgWalletRefusal(why, body.request_uuid) ?? why;
          }
          if (!moved) throw new AppError('INSUFFICIENT_FUNDS');
          if (!moved.own_round) throw roundNotOpenToBet();
          return ok(body.request_uuid, body.user, oneStatement.land(moved));
        }
        // Responsible gaming before the debit (rg row, then accounts: the lock order of every stake).
        try {
          await deps.rg.stakeWithin(trx, playerId, 'SEAMLESS_BET', amount, nowMs);
        } catch (error) {
          throw rgWalletRefusal(error, body.request_uuid) ?? error;
        }
        const balance = await moveMoney(deps, trx, moves, transfer, playerId);
        const reply = ok(body.request_uuid, body.user, balance);
        const ownRound = await repo.insertBetWithRound(
          trx,
          { ...record, response_json: JSON.stringify(reply) },
          round,
        );
        if (!ownRound) throw roundNotOpenToBet();
        return reply;
      },
    );
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
  const rule = winRuleOf(body.game_code);
  return runMove(
    deps,
    provider,
    body.transaction_uuid,
    'win',
    hash,
    seenNew,
    playerId,
    async (trx, moves) => {
      // The round and the bet are claimed first, each by a conditional update (decision 0042): the round's
      // takes its row lock, so a rollback of its bet has either committed or waits for us. A refusal below
      // rolls the claim back with the rest.
      const nowMs = deps.clock.nowMs();
      const roundWin = {
        provider,
        roundId: body.round_id,
        amount,
        meta: metaText(body.meta),
        closed: body.round_closed,
        nowMs,
      };
      const betWin = { transactionUuid: body.reference_transaction_uuid, playerId, rule };
      const refuse = async (claim: repo.WinClaim) => {
        const bet = await repo.findTransaction(trx, provider, body.reference_transaction_uuid);
        return new Refusal(winRefusal(bet, body, playerId, claim, rule));
      };
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
        kind: 'provider_win' as const,
        from: providerAccount(provider),
        to: { accountId },
        amount,
        reference: body.round_id,
      };
      // PostgreSQL: the claim, responsible gaming's count of the payout (never refused), the player's credit
      // and the record in ONE statement, the count made only when the claim took and the credit only when
      // counted (decisions 0038, 0045, 0056: the rg row before the account, as on every path); a win of 0
      // moves no money.
      const oneStatement = amount > 0 ? await moves.moveCtes(transfer, RG_COUNTED) : undefined;
      if (oneStatement) {
        const counted = deps.rg.countCte(playerId, 'SEAMLESS_WIN', amount, nowMs, repo.WIN_CLAIMED);
        const { claim, moved } = await repo.claimAndCreditWin(
          trx,
          roundWin,
          betWin,
          counted,
          oneStatement.ctes,
          {
            ...record,
            answerBeforeBalance: answerBeforeBalance(JSON.stringify(ok(body.request_uuid, body.user, 0))),
          },
        );
        if (!claim.roundOpen || !claim.betClaimed) throw await refuse(claim);
        // The provider's account may go below zero: never, unless the ledger refuses.
        if (!moved) throw new AppError('INSUFFICIENT_FUNDS');
        return ok(body.request_uuid, body.user, oneStatement.land(moved));
      }
      // Responsible gaming counts the payout (never refused), before the credit; a refused claim below throws
      // and the move's savepoint takes the count back with it.
      await deps.rg.countWithin(trx, playerId, 'SEAMLESS_WIN', amount, nowMs);
      const claim = await repo.claimWin(trx, roundWin, betWin);
      if (!claim.roundOpen || !claim.betClaimed) throw await refuse(claim);
      const balance = await moveMoney(deps, trx, moves, transfer, playerId);
      const reply = ok(body.request_uuid, body.user, balance);
      await repo.insertTransaction(trx, { ...record, response_json: JSON.stringify(reply) });
      return reply;
    },
  );
}

/**
 * Why a win's claim (`claimWin`) changed nothing, answered in the order of providers.md §3 and then of
 * decision 0042: the bet it names (unknown, rolled back, not this player's or round's), the round (CLOSED),
 * and the bet's room for another win (one win per bet, or the game's maximum multiple of its stake).
 */
export function winRefusal(
  bet: repo.TransactionRow | undefined,
  body: Pick<WalletWinRequest, 'request_uuid' | 'round_id'>,
  playerId: number,
  claim: repo.WinClaim,
  rule: WinRule,
): WalletReply {
  const refuse = (status: Parameters<typeof refusal>[0]) => refusal(status, body.request_uuid);
  if (!bet) return refuse('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
  if (bet.action === 'tombstone' || bet.rolled_back === 1) return refuse('RS_ERROR_TRANSACTION_ROLLED_BACK');
  if (bet.action !== 'bet' || bet.player_id !== playerId || bet.round_id !== body.round_id) {
    return refuse('RS_ERROR_UNKNOWN');
  }
  // A CLOSED round, or a bet whose one win is paid: a protocol breach, answered as the rollback of a bet
  // whose round has a win is (providers.md §3).
  if (!claim.roundOpen || rule.wins === 'ONE') return refuse('RS_ERROR_UNKNOWN');
  return refuse('RS_ERROR_LIMIT_REACHED');
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
  return runMove(
    deps,
    provider,
    body.transaction_uuid,
    'rollback',
    hash,
    false,
    playerId,
    async (trx, moves) => {
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
      await deps.rg.countWithin(trx, playerId, 'ROLLBACK', bet.amount, nowMs);
      const balance = await moveMoney(
        deps,
        trx,
        moves,
        {
          idempotencyKey: ledgerKey(provider, body.transaction_uuid),
          kind: 'provider_rollback',
          from: providerAccount(provider),
          to: { accountId },
          amount: bet.amount,
          reference: bet.round_id,
        },
        playerId,
      );
      await repo.rollBackRoundBet(trx, { provider, roundId: bet.round_id, amount: bet.amount, nowMs });
      return record(bet.amount, balance);
    },
  );
}

/**
 * One ledger transfer, answered with the player's balance after it. A zero amount (a losing round's
 * win, a free bet) moves nothing: the ledger takes positive amounts only.
 */
async function moveMoney(
  deps: MoveDeps,
  trx: Executor,
  moves: LaneMoves,
  transfer: TransferCommand,
  playerId: number,
): Promise<number> {
  if (transfer.amount === 0) return deps.wallet.playerBalance(playerId, trx);
  // The move looked its transaction id up in this transaction (or its caller just before, `seenNew`), and
  // the ledger key is written only with that record: a new key, one statement on PostgreSQL.
  return moves.move(transfer);
}
