import { createHash } from 'node:crypto';
import {
  checkBeforeCutoff,
  checkItemCount,
  checkLotteryAmount,
  itemLines,
  isoInTimeZone,
  itemMoney,
  lineCodesOfPost,
  lotteryErrorMessage,
  parseLotteryNumbers,
  parseLotteryPosts,
  riel,
  ticketTotals,
  type ItemMoney,
  type LotteryError,
  type LotteryPost,
  type Result,
} from '@lotto59/domain';
import type {
  LotteryBet,
  LotteryBetRequest,
  LotteryDeleteItem,
  LotteryDeleteTicket,
  LotteryHidePayout,
} from '@lotto59/contract';
import type { Db, Executor } from '../../../db/database';
import { isUniqueViolation, retryOnConflict } from '../../../db/db-errors';
import { AppError } from '../../../errors/app-error';
import type { Clock } from '../../../platform/clock';
import type { RgGuard } from '../../responsible-gaming/responsible-gaming.public';
import type { StakeBatchWriter, WalletService } from '../../wallet/wallet.public';
import type { DrawsService, Draw } from '../draws/draws.service';
import type { LotterySettings } from '../lottery.settings';
import { itemStatusAt, itemView, ticketHeadView } from './ticket-view';
import * as repo from './tickets.repository';

/** One item of a bet, checked and priced: what is stored and what the exposure cap is raised by. */
interface PlannedItem {
  betType: LotteryBetRequest['items'][number]['bet_type'];
  posts: LotteryPost[];
  numbers: string[];
  lineCodes: string[];
  permute: boolean;
  amount: ReturnType<typeof riel>;
  /** The bet type's payout multiple now: stored with the item and paid at settlement (decision 0043). */
  price: number;
  money: ItemMoney;
}

/** Thrown inside the bet transaction so that it rolls back; turned into the wire refusal outside. */
class ExposureRefused extends Error {
  constructor(
    readonly key: Parameters<typeof repo.fullestExposure>[1],
    readonly cap: number,
  ) {
    super('exposure cap');
  }
}

function refuse(error: LotteryError): AppError {
  return new AppError(error.code, lotteryErrorMessage(error));
}

function unwrap<T>(result: Result<T, LotteryError>): T {
  if (!result.ok) throw refuse(result.error);
  return result.value;
}

/** Fingerprint of a bet body: the same request_id with another body is refused (reliability: idempotency). */
function betHash(body: LotteryBetRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([body.type, body.draw_id, body.items]))
    .digest('hex');
}

const stakeKey = (playerId: number, requestId: string) => `lottery:bet:${String(playerId)}:${requestId}`;

/**
 * The money-moving lottery calls: bet, delete a ticket, delete an item (lottery.md §6). Each is one
 * database transaction with its one ledger transfer through the wallet's public surface; every refusal is
 * decided before anything is written, or throws inside the transaction so that nothing stays written.
 */
export class LotteryBetService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly wallet: WalletService,
    /**
     * The process's one money write queue (wallet.write-queue.ts): each stake and refund waits in it, so a
     * flood is refused with 503 BUSY before anything is written and a shutdown drains what was accepted.
     */
    private readonly writes: Pick<StakeBatchWriter, 'run'>,
    private readonly draws: DrawsService,
    private readonly settings: LotterySettings,
    private readonly rg: RgGuard,
  ) {}

  async bet(playerId: number, body: LotteryBetRequest): Promise<LotteryBet> {
    const hash = betHash(body);
    // A repeat of a placed request answers the first answer, even after the cut-off.
    const first = await this.replay(playerId, body.request_id, hash);
    if (first) return first;
    const draw = await this.draws.byId(body.draw_id);
    if (draw.type !== body.type) throw new AppError('NOT_FOUND', 'Draw not found.');
    this.checkOpen(draw);
    const planned = this.plan(draw, body);
    try {
      return await this.writes.run(() =>
        retryOnConflict(() =>
          this.db.transaction().execute((trx) => this.place(trx, playerId, draw, body, hash, planned)),
        ),
      );
    } catch (error) {
      if (error instanceof ExposureRefused) throw await this.exposureRefusal(error);
      // The same request_id placed concurrently: the first one's answer.
      if (isUniqueViolation(error)) {
        const replayed = await this.replay(playerId, body.request_id, hash);
        if (replayed) return replayed;
      }
      throw error;
    }
  }

  /**
   * The cap refusal names what is left on the fullest pair, read after the transaction rolled back (inside
   * it, pairs this item had already raised would count twice).
   */
  private async exposureRefusal({ key, cap }: ExposureRefused): Promise<AppError> {
    const fullest = await repo.fullestExposure(this.db, key);
    return refuse({
      code: 'NUMBER_EXPOSURE_LIMIT',
      number: fullest?.number ?? key.numbers[0]!,
      lineCode: fullest?.line_code ?? key.lineCodes[0]!,
      remaining: Math.max(0, cap - Number(fullest?.placed ?? 0)),
    });
  }

  /** Betting and deleting are allowed strictly before the cut-off, to the millisecond (lottery.md §5). */
  private checkOpen(draw: Draw): void {
    if (draw.status !== 'OPEN') throw refuse({ code: 'BETTING_CLOSED' });
    unwrap(checkBeforeCutoff(this.clock.nowMs(), draw.cutoff_at_ms));
  }

  /** The whole ticket checked and priced before anything is written. */
  private plan(draw: Draw, body: LotteryBetRequest): PlannedItem[] {
    const { limits, pricing } = this.settings;
    unwrap(checkItemCount(body.items.length, limits));
    return body.items.map((item) => {
      const posts = unwrap(parseLotteryPosts(draw.layout, item.posts));
      const numbers = unwrap(
        parseLotteryNumbers({
          text: item.numbers,
          betType: item.bet_type,
          permute: item.permute,
          maxNumbers: limits.maxNumbersPerItem[item.bet_type],
        }),
      );
      const amount = unwrap(checkLotteryAmount(item.amount, item.bet_type, limits));
      const lines = itemLines(draw.layout, item.bet_type, posts);
      const lineCodes = [
        ...new Set(posts.flatMap((p) => lineCodesOfPost(draw.layout, item.bet_type, p) ?? [])),
      ];
      const money = itemMoney({ amount, numberCount: numbers.length, lines, rate: pricing.rate });
      return {
        betType: item.bet_type,
        posts,
        numbers,
        lineCodes,
        permute: item.permute,
        amount,
        price: pricing.price[item.bet_type],
        money,
      };
    });
  }

  private async place(
    trx: Executor,
    playerId: number,
    draw: Draw,
    body: LotteryBetRequest,
    hash: string,
    planned: PlannedItem[],
  ): Promise<LotteryBet> {
    // Checked again under the draw's lock: a void or result that came first closes the draw.
    await this.draws.lockOpen(trx, draw.id);
    const nowMs = this.clock.nowMs();
    const totals = ticketTotals(planned.map((p) => p.money));
    const ticketId = await repo.insertTicket(trx, {
      player_id: playerId,
      draw_id: draw.id,
      type: draw.type,
      request_id: body.request_id,
      request_hash: hash,
      status: 'OPEN',
      total_amount: totals.face,
      discount: totals.discount,
      net_amount: totals.net,
      payout: riel(0),
      created_at_ms: nowMs,
      settled_at_ms: null,
    });
    for (const item of planned) {
      const cap = this.settings.limits.maxFacePerNumber[item.betType];
      const key = {
        drawId: draw.id,
        betType: item.betType,
        lineCodes: item.lineCodes,
        numbers: item.numbers,
      };
      if (!(await repo.raiseExposure(trx, key, item.amount, cap))) throw new ExposureRefused(key, cap);
    }
    await repo.insertItems(
      trx,
      planned.map((item) => ({
        ticket_id: ticketId,
        player_id: playerId,
        draw_id: draw.id,
        bet_type: item.betType,
        posts: item.posts.join(','),
        numbers: item.numbers.join(','),
        permute: item.permute ? 1 : 0,
        amount: item.amount,
        price: item.price,
        lines: item.money.lines,
        face_amount: item.money.face,
        discount: item.money.discount,
        net_amount: item.money.net,
        status: 'OPEN',
        payout: riel(0),
        hits: null,
        paid_at_ms: null,
        deleted_at_ms: null,
        hidden_at_ms: null,
      })),
    );
    // Responsible gaming: the net price judged and counted before the debit, in the transfer's first
    // statement (a refusal rolls the ticket back).
    const receipt = await this.wallet
      .transferWithin(
        trx,
        {
          idempotencyKey: stakeKey(playerId, body.request_id),
          kind: 'lottery_stake',
          from: { playerId },
          to: { system: 'house' },
          amount: totals.net,
          reference: `lottery-ticket:${String(ticketId)}`,
        },
        this.rg.debitGuard(playerId, 'LOTTERY_TICKET', totals.net, nowMs),
      )
      .catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS')
          throw refuse({ code: 'INSUFFICIENT_FUNDS' });
        throw error;
      });
    return this.ticketAnswer(trx, ticketId, playerId, draw, receipt.fromBalanceAfter);
  }

  private async ticketAnswer(
    ex: Executor,
    ticketId: number,
    playerId: number,
    draw: Draw,
    balance: number,
  ): Promise<LotteryBet> {
    const ticket = await repo.findTicketOf(ex, playerId, ticketId);
    if (!ticket) throw new AppError('NOT_FOUND', 'Ticket not found.');
    const items = await repo.itemsOfTicket(ex, ticketId);
    return {
      ticket: {
        ...ticketHeadView(ticket, draw.cutoff_at_ms, this.clock.nowMs(), this.settings.timeZone),
        items: items.map(itemView),
      },
      balance,
    };
  }

  /** The first answer of a request_id: the ticket as placed and the balance right after its stake. */
  private async replay(playerId: number, requestId: string, hash: string): Promise<LotteryBet | undefined> {
    const ticket = await repo.findTicketByRequest(this.db, playerId, requestId);
    if (!ticket) return undefined;
    if (ticket.request_hash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    const draw = await this.draws.byId(ticket.draw_id);
    const stake = await this.wallet.transfer({
      idempotencyKey: stakeKey(playerId, requestId),
      kind: 'lottery_stake',
      from: { playerId },
      to: { system: 'house' },
      // The stake as placed: its key answers the first transfer and moves nothing.
      amount: riel(await this.placedNet(ticket.id)),
      reference: `lottery-ticket:${String(ticket.id)}`,
    });
    const answer = await this.ticketAnswer(this.db, ticket.id, playerId, draw, stake.fromBalanceAfter);
    return answer;
  }

  /** The net the ticket was placed with: the sum over all its items, deleted ones included. */
  private async placedNet(ticketId: number): Promise<number> {
    const items = await repo.itemsOfTicket(this.db, ticketId);
    return items.reduce((sum, i) => sum + i.net_amount, 0);
  }

  /** `DELETE /api/lottery/ticket/delete/{id}`: every live item refunded in one transfer. */
  async deleteTicket(playerId: number, ticketId: number): Promise<LotteryDeleteTicket> {
    const ticket = await repo.findTicketOf(this.db, playerId, ticketId);
    if (!ticket) throw new AppError('NOT_FOUND', 'Ticket not found.');
    this.checkOpen(await this.draws.byId(ticket.draw_id));
    if (ticket.status !== 'OPEN') throw refuse({ code: 'BETTING_CLOSED' });
    return this.writes.run(() =>
      retryOnConflict(() =>
        this.db.transaction().execute(async (trx) => {
          await this.draws.lockOpen(trx, ticket.draw_id);
          const nowMs = this.clock.nowMs();
          const deleted = await repo.markTicketItemsDeleted(trx, ticketId, nowMs);
          const refunded = riel(deleted.reduce((sum, i) => sum + i.net_amount, 0));
          if (deleted.length === 0) {
            // Deleted meanwhile by another call: nothing more to refund.
            return {
              ticket_id: ticketId,
              refunded: 0,
              balance: await this.wallet.playerBalance(playerId, trx),
            };
          }
          await this.freeExposure(trx, ticket.draw_id, deleted);
          await repo.subtractFromTicket(trx, ticketId, {
            face: riel(deleted.reduce((s, i) => s + i.face_amount, 0)),
            discount: riel(deleted.reduce((s, i) => s + i.discount, 0)),
            net: refunded,
          });
          await this.rg.countWithin(trx, playerId, 'REFUND', refunded);
          const receipt = await this.wallet.transferWithin(trx, {
            idempotencyKey: `lottery:refund:ticket:${String(ticketId)}`,
            kind: 'lottery_refund',
            from: { system: 'house' },
            to: { playerId },
            amount: refunded,
            reference: `lottery-ticket:${String(ticketId)}`,
          });
          return { ticket_id: ticketId, refunded, balance: receipt.toBalanceAfter };
        }),
      ),
    );
  }

  /** `DELETE /api/lottery/ticket/delete/item/{id}`: exactly the item's net back. */
  async deleteItem(playerId: number, itemId: number): Promise<LotteryDeleteItem> {
    const item = await repo.findItemOf(this.db, playerId, itemId);
    if (!item) throw new AppError('NOT_FOUND', 'Item not found.');
    this.checkOpen(await this.draws.byId(item.draw_id));
    if (item.status !== 'OPEN') throw new AppError('NOT_FOUND', 'Item not found.');
    return this.writes.run(() =>
      retryOnConflict(() =>
        this.db.transaction().execute(async (trx) => {
          await this.draws.lockOpen(trx, item.draw_id);
          const deleted = await repo.markItemDeleted(trx, itemId, this.clock.nowMs());
          if (!deleted) throw new AppError('NOT_FOUND', 'Item not found.');
          await this.freeExposure(trx, item.draw_id, [deleted]);
          const ticket = await repo.subtractFromTicket(trx, deleted.ticket_id, {
            face: deleted.face_amount,
            discount: deleted.discount,
            net: deleted.net_amount,
          });
          await this.rg.countWithin(trx, playerId, 'REFUND', deleted.net_amount);
          const receipt = await this.wallet.transferWithin(trx, {
            idempotencyKey: `lottery:refund:item:${String(itemId)}`,
            kind: 'lottery_refund',
            from: { system: 'house' },
            to: { playerId },
            amount: deleted.net_amount,
            reference: `lottery-ticket:${String(deleted.ticket_id)}`,
          });
          return {
            item_id: itemId,
            ticket_id: deleted.ticket_id,
            refunded: deleted.net_amount,
            ticket: {
              total_amount: ticket.total_amount,
              discount: ticket.discount,
              net_amount: ticket.net_amount,
              status: ticket.status,
            },
            balance: receipt.toBalanceAfter,
          };
        }),
      ),
    );
  }

  /** Deleted items give back their place under the per-number cap. */
  private async freeExposure(trx: Executor, drawId: number, items: repo.ItemRow[]): Promise<void> {
    const draw = await this.draws.byId(drawId, trx);
    for (const item of items) {
      const posts = item.posts.split(',') as LotteryPost[];
      const lineCodes = [
        ...new Set(posts.flatMap((p) => lineCodesOfPost(draw.layout, item.bet_type, p) ?? [])),
      ];
      await repo.lowerExposure(
        trx,
        { drawId, betType: item.bet_type, lineCodes, numbers: item.numbers.split(',') },
        item.amount,
      );
    }
  }

  /** `DELETE /api/lottery/ticket/delete/payout/item/{id}`: hides a settled item from the payout list. */
  async hidePayoutItem(playerId: number, itemId: number): Promise<LotteryHidePayout> {
    const item = await repo.findItemOf(this.db, playerId, itemId);
    if (!item) throw new AppError('NOT_FOUND', 'Item not found.');
    const status = itemStatusAt(item.status, (await this.draws.byId(item.draw_id)).status);
    if (status !== 'WON' && status !== 'LOST') throw refuse({ code: 'NOT_SETTLED' });
    const nowMs = this.clock.nowMs();
    await repo.hideItem(this.db, itemId, nowMs);
    const hidden = await repo.findItemOf(this.db, playerId, itemId);
    return {
      item_id: itemId,
      hidden_at: isoInTimeZone(hidden?.hidden_at_ms ?? nowMs, this.settings.timeZone),
    };
  }
}
