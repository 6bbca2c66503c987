import { itemPayout, riel, sheetHitter, type LotteryPost, type SheetLine } from '@lotto59/domain';
import type { Db } from '../../../db/database';
import { retryOnConflict } from '../../../db/db-errors';
import { AppError } from '../../../errors/app-error';
import type { Clock } from '../../../platform/clock';
import type { WalletService } from '../../wallet/wallet.public';
import { parseSheet } from '../draws/draw-view';
import * as draws from '../draws/draws.repository';
import type { LotterySettings } from '../lottery.settings';
import * as repo from './settlement.repository';

export interface LotterySettlement {
  drawId: number;
  items: number;
  winningItems: number;
  ticketsPaid: number;
  paidRiel: number;
}

/**
 * Settling and voiding a draw, each ONE transaction that starts with the draw's conditional move (DRAWN →
 * SETTLED, or OPEN/DRAWN → VOID): a racing or restarted settler finds nothing to do and pays nothing, and a
 * crash before the commit leaves no trace, so the next pass settles again from the stored sheet. Payouts
 * are one ledger transfer per winning ticket (key `lottery:payout:ticket:{id}`) through the wallet.
 */
export class LotterySettlementService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly wallet: WalletService,
    private readonly settings: LotterySettings,
  ) {}

  async settle(drawId: number): Promise<LotterySettlement | undefined> {
    return retryOnConflict(() =>
      this.db.transaction().execute(async (trx) => {
        const nowMs = this.clock.nowMs();
        const draw = await draws.markSettled(trx, drawId, nowMs);
        if (!draw) return undefined;
        const sheet: SheetLine[] = parseSheet(draw.sheet);
        const items = await repo.liveItemsOfDraw(trx, drawId);
        const hitsOf = sheetHitter(sheet, draw.layout);
        const winners: { id: number; payout: ReturnType<typeof riel>; hits: string }[] = [];
        for (const item of items) {
          const hits = hitsOf({
            betType: item.bet_type,
            posts: item.posts.split(',') as LotteryPost[],
            numbers: item.numbers.split(','),
          });
          if (hits.length === 0) continue;
          winners.push({
            id: item.id,
            payout: itemPayout(item.amount, this.settings.pricing.price[item.bet_type], hits.length),
            hits: JSON.stringify(hits.map((h) => ({ code: h.code, index: h.index, number: h.number }))),
          });
        }
        await repo.markItemsWon(trx, winners, nowMs);
        await repo.markRestLost(trx, drawId);
        await repo.settleTickets(trx, drawId, nowMs);
        const won = await repo.wonTicketsOfDraw(trx, drawId);
        await this.wallet.creditManyWithin(
          trx,
          { system: 'house' },
          {
            kind: 'lottery_payout',
            reference: `lottery-draw:${String(drawId)}`,
            credits: won.map((t) => ({
              playerId: t.player_id,
              amount: t.payout,
              idempotencyKey: `lottery:payout:ticket:${String(t.id)}`,
            })),
          },
        );
        return {
          drawId,
          items: items.length,
          winningItems: winners.length,
          ticketsPaid: won.length,
          paidRiel: won.reduce((sum, t) => sum + t.payout, 0),
        };
      }),
    );
  }

  /**
   * Voids a draw that is not settled: every live item goes back exactly once (one refund per ticket of its
   * live items' net, key `lottery:void:ticket:{id}`) and shows VOID. Again on a void draw: nothing more.
   */
  async voidDraw(drawId: number): Promise<{ tickets: number; items: number; refundedRiel: number }> {
    return retryOnConflict(() =>
      this.db.transaction().execute(async (trx) => {
        const nowMs = this.clock.nowMs();
        if (!(await draws.markVoid(trx, drawId, nowMs))) {
          const existing = await draws.findDraw(trx, drawId);
          if (!existing) throw new AppError('NOT_FOUND', 'Draw not found.');
          if (existing.status === 'VOID') return { tickets: 0, items: 0, refundedRiel: 0 };
          throw new AppError('BETTING_CLOSED', `Draw ${existing.code} is settled and cannot be voided.`);
        }
        const tickets = (await repo.liveTicketsOfDraw(trx, drawId)).filter((t) => t.net_amount > 0);
        await this.wallet.creditManyWithin(
          trx,
          { system: 'house' },
          {
            kind: 'lottery_refund',
            reference: `lottery-draw:${String(drawId)}`,
            credits: tickets.map((t) => ({
              playerId: t.player_id,
              amount: riel(t.net_amount),
              idempotencyKey: `lottery:void:ticket:${String(t.id)}`,
            })),
          },
        );
        const items = await repo.voidDrawRows(trx, drawId);
        return {
          tickets: tickets.length,
          items,
          refundedRiel: tickets.reduce((s, t) => s + t.net_amount, 0),
        };
      }),
    );
  }
}
