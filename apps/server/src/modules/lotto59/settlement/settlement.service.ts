import { overUnderTypeOf, rangeTypeOf, riel } from '@lotto59/domain';
import type { Db } from '../../../db/database';
import { retryOnConflict } from '../../../db/db-errors';
import { AppError } from '../../../errors/app-error';
import type { Clock } from '../../../platform/clock';
import type { EventBus } from '../../../platform/event-bus';
import type { RgGuard } from '../../responsible-gaming/responsible-gaming.public';
import type { WalletService } from '../../wallet/wallet.public';
import type { JackpotService, JackpotWinner } from './jackpot.service';
import type { Lotto59Settings } from '../lotto59.settings';
import { parseNumbers } from '../rounds/round-view';
import * as rounds from '../rounds/rounds.repository';
import * as repo from './settlement.repository';

export interface SettlementOutcome {
  roundId: number;
  betsSettled: number;
  playersPaid: number;
  paidRiel: number;
  winners: JackpotWinner[];
  /** Every player credited by this round (a bet or a jackpot line paid): whom "your ticket won" is for. */
  paidPlayerIds: number[];
}

/**
 * Settlement and voiding, each ONE transaction per round (docs/decisions/0005-settlement.md). The first
 * statement moves the round out of RELEASING (or OPEN/RELEASING for a void) with a conditional update, so
 * a second settler — a racing process, a restart, a retry — finds nothing to do and pays nothing; a crash
 * before the commit leaves no trace and the next tick settles again from the stored numbers.
 */
export class SettlementService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly wallet: WalletService,
    private readonly jackpot: JackpotService,
    private readonly events: EventBus,
    private readonly settings: Lotto59Settings,
    private readonly rg: RgGuard,
  ) {}

  async settle(roundId: number): Promise<SettlementOutcome | undefined> {
    const result = await retryOnConflict(() =>
      this.db.transaction().execute(async (trx) => {
        const nowMs = this.clock.nowMs();
        const round = await rounds.markSettled(trx, roundId, nowMs);
        if (!round || round.total === null) return undefined;
        const numbers = parseNumbers(round.numbers);
        // The bets are not written: they read WON or LOST, and their payout, from what the round keeps.
        await rounds.recordOutcome(trx, roundId, this.outcomeOf(round.total, numbers));
        const jackpot = await this.jackpot.settleLines(trx, roundId, numbers, nowMs);
        const balances = new Map(jackpot.balances);
        // Batched per player per round: one transfer of the sum of that player's wins.
        const winnings = await repo.houseWinningsByPlayer(trx, roundId);
        // Responsible gaming counts the payouts (never refused), before the credits: rg rows before accounts.
        await this.rg.countManyWithin(
          trx,
          'LOTTO59_WIN',
          winnings.map((p) => ({ playerId: p.playerId, amount: p.total })),
          nowMs,
        );
        const receipts = await this.wallet.creditManyWithin(
          trx,
          { system: 'house' },
          {
            kind: 'bet_payout',
            reference: `lotto59-round:${roundId}`,
            credits: winnings.map((p) => ({
              playerId: p.playerId,
              amount: riel(p.total),
              idempotencyKey: `bet-payout:${roundId}:${p.playerId}`,
            })),
          },
        );
        winnings.forEach((p, i) => balances.set(p.playerId, receipts[i]!.toBalanceAfter));
        const paidRiel = winnings.reduce((sum, p) => sum + p.total, 0);
        const betsSettled = await repo.countBetsOfRound(trx, roundId);
        return { roundId, betsSettled, balances, winners: jackpot.winners, paidRiel };
      }),
    );
    if (!result) return undefined;
    for (const [playerId, balance] of result.balances) {
      this.events.publish({ type: 'balance', playerId, data: { balance } });
    }
    if (result.winners.length > 0) {
      this.events.publish({
        type: 'jackpot_winners',
        data: { winners: result.winners.map((w) => ({ bet_id: w.betId, diff: w.tier, price: w.amount })) },
      });
    }
    return {
      roundId,
      betsSettled: result.betsSettled,
      playersPaid: result.balances.size,
      paidRiel: result.paidRiel,
      winners: result.winners,
      paidPlayerIds: [...result.balances.keys()],
    };
  }

  /**
   * The winning band and side of the total, the balls at posts A–E, and the rates in force now. A bet is
   * paid at the rate it was sold at (stored on it, decision 0043); the round's rates pay only bets sold
   * before rates were stored (null), and stay what a settled round shows.
   */
  private outcomeOf(total: number, numbers: readonly number[]) {
    const band = rangeTypeOf(total);
    const side = overUnderTypeOf(total);
    const { rates } = this.settings;
    const ball = (post: number) => numbers[post]!;
    return {
      winning_band: band,
      winning_side: side,
      ball_a: ball(0),
      ball_b: ball(1),
      ball_c: ball(2),
      ball_d: ball(3),
      ball_e: ball(4),
      band_rate_hundredths: rates[band],
      side_rate_hundredths: rates[side],
      number_rate_hundredths: rates.NUMBER,
    };
  }

  /**
   * Voids a round that is not settled: every pending stake goes back exactly once (one refund per
   * submission, key `bet-refund:<group id>`, mirroring its one stake transfer) and its bets read VOID
   * from the round (they are not written, decision 0027). Running it again on a void round refunds
   * nothing more: only the call that moves the round to VOID refunds.
   */
  async voidRound(roundId: number): Promise<{ refundedRiel: number; submissions: number; bets: number }> {
    const result = await retryOnConflict(() =>
      this.db.transaction().execute(async (trx) => {
        const nowMs = this.clock.nowMs();
        const voided = await rounds.markVoid(trx, roundId, nowMs);
        if (!voided) {
          const existing = await rounds.findRound(trx, roundId);
          if (!existing) throw new AppError('NOT_FOUND', 'Round not found.');
          if (existing.status !== 'VOID') {
            throw new AppError('ROUND_NOT_OPEN', `Round ${roundId} is settled and cannot be voided.`);
          }
          return { refundedRiel: 0, submissions: 0, bets: 0, balances: new Map<number, number>() };
        }
        const groups = await repo.pendingGroupsOfRound(trx, roundId);
        await this.rg.countManyWithin(
          trx,
          'REFUND',
          groups.map((g) => ({ playerId: g.player_id, amount: Number(g.amount) })),
          nowMs,
        );
        const receipts = await this.wallet.creditManyWithin(
          trx,
          { system: 'house' },
          {
            kind: 'bet_refund',
            reference: `lotto59-round:${roundId}`,
            credits: groups.map((g) => ({
              playerId: g.player_id,
              amount: riel(Number(g.amount)),
              idempotencyKey: `bet-refund:${g.group_id}`,
            })),
          },
        );
        // In group order, so each player's last receipt carries the balance after all their refunds.
        const balances = new Map(groups.map((g, i) => [g.player_id, receipts[i]!.toBalanceAfter as number]));
        const refundedRiel = groups.reduce((sum, g) => sum + Number(g.amount), 0);
        const bets = groups.reduce((sum, g) => sum + Number(g.bets), 0);
        return { refundedRiel, submissions: groups.length, bets, balances };
      }),
    );
    for (const [playerId, balance] of result.balances) {
      this.events.publish({ type: 'balance', playerId, data: { balance } });
    }
    return { refundedRiel: result.refundedRiel, submissions: result.submissions, bets: result.bets };
  }
}
