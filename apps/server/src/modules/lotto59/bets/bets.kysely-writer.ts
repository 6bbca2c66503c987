import type { PlaceBetResponse } from '@lotto59/contract';
import type { Db, Executor } from '../../../db/database';
import { isUniqueViolation, retryOnConflict } from '../../../db/db-errors';
import { AppError } from '../../../errors/app-error';
import type { Clock } from '../../../platform/clock';
import type { RgGuard } from '../../responsible-gaming/responsible-gaming.public';
import type { WalletService } from '../../wallet/wallet.public';
import { jackpotOverLimit, movementOf, type BetPlan } from './bet-plan';
import { newBetRows, toBetRecord } from './bet-record';
import * as repo from './bets.repository';
import type { Lotto59Settings } from '../lotto59.settings';
import { findRoundForBet } from '../rounds/rounds.repository';

/** Where a submission is written: one transaction per submission here, or the wallet's group commit. */
export interface BetWriter {
  write(playerId: number, key: string, plan: BetPlan): Promise<WrittenSubmission>;
}

export interface WrittenSubmission {
  response: PlaceBetResponse;
  /** True when the key had been used before and this is the first answer again. */
  replayed: boolean;
}

class ConcurrentDuplicate extends Error {
  override name = 'ConcurrentDuplicate';
}

/**
 * One transaction per submission, through Kysely (PostgreSQL, and any dialect): the round read under a
 * share lock, ONE stake transfer from the player to the house (conditional debit), the group row that
 * records the idempotency key, and the bet rows. Any refusal rolls all of it back.
 */
export class KyselyBetWriter implements BetWriter {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly wallet: WalletService,
    private readonly settings: Lotto59Settings,
    private readonly rg: RgGuard,
  ) {}

  write(playerId: number, key: string, plan: BetPlan): Promise<WrittenSubmission> {
    const run = () => this.db.transaction().execute((trx) => this.writeWithin(trx, playerId, key, plan));
    return retryOnConflict(async () => {
      try {
        return await run();
      } catch (error) {
        // A concurrent request with the same key committed first: running again answers as a replay.
        if (isUniqueViolation(error) || error instanceof ConcurrentDuplicate) return run();
        throw error;
      }
    });
  }

  private async writeWithin(
    trx: Executor,
    playerId: number,
    key: string,
    plan: BetPlan,
  ): Promise<WrittenSubmission> {
    const existing = await repo.findGroupByKey(trx, playerId, key);
    if (existing) {
      if (existing.request_hash !== plan.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      const bets = await repo.betsOfGroup(trx, existing.id);
      return {
        replayed: true,
        response: { group_id: existing.id, bets: bets.map(toBetRecord), balance: existing.balance_after },
      };
    }

    const nowMs = this.clock.nowMs();
    const round = await findRoundForBet(trx, plan.roundId);
    if (!round || round.status !== 'OPEN' || round.poll !== plan.poll) throw new AppError('ROUND_NOT_OPEN');
    if (nowMs >= round.close_at_ms) throw new AppError('BETTING_CLOSED');

    // Responsible gaming, judged and counted before the debit, by the wallet's debit guard (on PostgreSQL in
    // the stake key's lookup: no statement of its own); a refusal rolls the transaction back.
    const stake = await this.wallet.transferWithin(
      trx,
      {
        idempotencyKey: repo.stakeKeyOf(key, playerId),
        kind: 'bet_stake',
        from: { playerId },
        to: { system: 'house' },
        amount: plan.totalRiel,
        reference: `lotto59-round:${plan.roundId}`,
      },
      this.rg.debitGuard(playerId, movementOf(plan), plan.totalRiel, nowMs),
    );
    // The stake's key is already used, so a concurrent duplicate committed after our group lookup (its
    // group and stake commit together): run again to answer with its result.
    if (stake.replayed) throw new ConcurrentDuplicate();

    // Counted after the debit: on PostgreSQL the debit locked the player's account row, so a concurrent
    // jackpot submission of the same player waits and then counts these lines too.
    if (plan.kind === 'JACKPOT') {
      const held = await repo.countJackpotLines(trx, playerId, plan.roundId);
      if (held + plan.bets.length > this.settings.jackpot.linesPerPlayerRoundMax) {
        throw jackpotOverLimit(this.settings);
      }
    }

    const groupId = await repo.insertGroup(trx, {
      player_id: playerId,
      round_id: plan.roundId,
      kind: plan.kind,
      idempotency_key: key,
      request_hash: plan.requestHash,
      amount: plan.totalRiel,
      balance_after: stake.fromBalanceAfter,
      stake_transfer_id: stake.transferId,
      created_at_ms: nowMs,
    });
    const rows = await repo.insertBets(trx, newBetRows(plan, { groupId, playerId, nowMs }));
    return {
      replayed: false,
      response: { group_id: groupId, bets: rows.map(toBetRecord), balance: stake.fromBalanceAfter },
    };
  }
}
