import {
  BET_TYPE_DIGITS,
  LOTTERY_BET_TYPES,
  itemPayout,
  riel,
  sheetHitter,
  type LotteryBetType,
  type LotteryPost,
  type SheetLayout,
  type SheetLine,
} from '@lotto59/domain';
import type { Db } from '../../../db/database';
import { retryOnConflict } from '../../../db/db-errors';
import { AppError } from '../../../errors/app-error';
import type { Clock } from '../../../platform/clock';
import type { RgGuard } from '../../responsible-gaming/responsible-gaming.public';
import type { WalletService } from '../../wallet/wallet.public';
import { parseSheet } from '../draws/draw-view';
import * as draws from '../draws/draws.repository';
import type { LotterySettings } from '../lottery.settings';
import * as repo from './settlement.repository';
import { sqliteSettlementOf, type SqliteSettlementStatements } from './settlement.sqlite.repository';

export interface LotterySettlement {
  drawId: number;
  winningItems: number;
  ticketsPaid: number;
  paidRiel: number;
  /** The owners of the winning tickets, once each: whom "your ticket won" is for. */
  paidPlayerIds: number[];
  /** Wall time of each step inside the transaction, in ms (the benchmark prints them). */
  phasesMs: SettlementPhases;
}

export interface SettlementPhases {
  /** Reading the live items and scoring each as it is read. */
  readAndScore: number;
  /** The winners' rows of `lottery_item_wins` (before decision 0036: `markItemsWon`, an update of each item). */
  itemWins: number;
  credits: number;
}

/**
 * Per bet type, every line tail of the sheet it can match (lines with at least its digits): an item none of
 * whose numbers is among them cannot win, whatever its posts (the read skips it, on both databases).
 */
function tailsOf(sheet: readonly SheetLine[]): Record<LotteryBetType, string[]> {
  const tails = Object.fromEntries(
    LOTTERY_BET_TYPES.map((betType) => {
      const digits = BET_TYPE_DIGITS[betType];
      const set = new Set(sheet.filter((l) => l.digits >= digits).map((l) => l.number.slice(-digits)));
      return [betType, [...set].sort()];
    }),
  );
  return tails as Record<LotteryBetType, string[]>;
}

/** A scored (bet type, posts, numbers) choice: its hit count and hits JSON, or null when it misses. */
type Scored = { count: number; hits: string } | null;

// Scores remembered per draw: agents sell the same few numbers over and over, so most items repeat a
// choice already scored. Bounded so that a draw of all-different long items does not hold them all twice.
const SCORE_MEMO_MAX = 100_000;

/**
 * Settling and voiding a draw, each ONE transaction that starts with the draw's conditional move (DRAWN →
 * SETTLED, or OPEN/DRAWN → VOID): a racing or restarted settler finds nothing to do and pays nothing, and a
 * crash before the commit leaves no trace, so the next pass settles again from the stored sheet. Payouts
 * are one ledger transfer per winning ticket (key `lottery:payout:ticket:{id}`) through the wallet.
 * Only winners are written: a losing item stays OPEN in storage and reads LOST once its draw is SETTLED
 * (decision 0026), which spares rewriting ~93 % of a draw's rows; a winner is a row of its own in
 * `lottery_item_wins`, not an update of its item (decision 0036). The tickets are not written either: a
 * ticket of a SETTLED draw reads WON with its items' wins, or LOST (decision 0057, tickets.repository.ts).
 */
export class LotterySettlementService {
  /** SQLite's settling statements (undefined on PostgreSQL). */
  private readonly sqlite: (() => SqliteSettlementStatements) | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly wallet: WalletService,
    private readonly settings: LotterySettings,
    private readonly rg: RgGuard,
  ) {
    this.sqlite = sqliteSettlementOf(db);
  }

  async settle(drawId: number): Promise<LotterySettlement | undefined> {
    return retryOnConflict(() =>
      this.db.transaction().execute(async (trx) => {
        const nowMs = this.clock.nowMs();
        const draw = await draws.markSettled(trx, drawId, nowMs);
        if (!draw) return undefined;
        const sqlite = this.sqlite?.();
        let mark = performance.now();
        const lap = () => {
          const at = performance.now();
          const ms = at - mark;
          mark = at;
          return ms;
        };

        const sheet = parseSheet(draw.sheet);
        const scorer = this.scorer(sheet, draw.layout);
        const tails = tailsOf(sheet);
        // Only the candidates are read: the live items are not counted (a count of 10⁶ index entries cost
        // 0.1–0.5 s, and nothing read it).
        if (sqlite) sqlite.forEachCandidateItem(drawId, tails, scorer.add);
        else await repo.forEachCandidateItem(trx, drawId, tails, scorer.add);
        const { winners, tickets } = scorer;
        // Written in item order whatever order the rows came in (PostgreSQL's read does not sort).
        if (!sqlite) winners.sort((a, b) => a.id - b.id);
        const readAndScore = lap();

        if (sqlite) sqlite.insertItemWins(winners, nowMs);
        else await repo.insertItemWins(trx, winners, nowMs);
        const itemWins = lap();

        // The tickets are not written (decision 0057): each reads WON or LOST from its items' wins.
        const won = [...tickets.values()].sort((a, b) => a.id - b.id);
        await this.rg.countManyWithin(
          trx,
          'LOTTERY_WIN',
          won.map((t) => ({ playerId: t.playerId, amount: t.payout })),
          nowMs,
        );
        await this.wallet.creditManyWithin(
          trx,
          { system: 'house' },
          {
            kind: 'lottery_payout',
            reference: `lottery-draw:${String(drawId)}`,
            credits: won.map((t) => ({
              playerId: t.playerId,
              amount: t.payout,
              idempotencyKey: `lottery:payout:ticket:${String(t.id)}`,
            })),
          },
        );
        const credits = lap();
        return {
          drawId,
          winningItems: winners.length,
          ticketsPaid: won.length,
          paidRiel: won.reduce((sum, t) => sum + t.payout, 0),
          paidPlayerIds: [...new Set(won.map((t) => t.playerId))],
          phasesMs: { readAndScore, itemWins, credits },
        };
      }),
    );
  }

  /**
   * Scores items one by one as they are read: the winners, and each winning ticket's payout (the sum of its
   * items'). A choice's hits are worked out once per draw (see SCORE_MEMO_MAX).
   */
  private scorer(sheet: SheetLine[], layout: SheetLayout) {
    const hitsOf = sheetHitter(sheet, layout);
    // Only for items sold before the price was stored with them (decision 0043): the prices now.
    const priceNow = this.settings.pricing.price;
    // bet type → posts → numbers → scored: no key string built per item.
    const memo = new Map<string, Map<string, Map<string, Scored>>>();
    let remembered = 0;
    const scoreOf = (item: repo.LiveItem): Scored => {
      let byPosts = memo.get(item.betType);
      if (!byPosts) memo.set(item.betType, (byPosts = new Map()));
      let byNumbers = byPosts.get(item.posts);
      if (!byNumbers) byPosts.set(item.posts, (byNumbers = new Map()));
      let scored = byNumbers.get(item.numbers);
      if (scored !== undefined) return scored;
      const hits = hitsOf({
        betType: item.betType,
        posts: item.posts.split(',') as LotteryPost[],
        numbers: item.numbers.split(','),
      });
      scored =
        hits.length === 0
          ? null
          : {
              count: hits.length,
              hits: JSON.stringify(hits.map((h) => ({ code: h.code, index: h.index, number: h.number }))),
            };
      if (remembered < SCORE_MEMO_MAX) {
        byNumbers.set(item.numbers, scored);
        remembered += 1;
      }
      return scored;
    };
    const result = {
      winners: [] as repo.WinningItem[],
      tickets: new Map<number, repo.TicketPayout & { playerId: number }>(),
      add: (item: repo.LiveItem): void => {
        const scored = scoreOf(item);
        if (scored === null) return;
        // The price the item was sold at: a price changed (with a restart) since does not change its prize.
        const payout = itemPayout(item.amount, item.price ?? priceNow[item.betType], scored.count);
        result.winners.push({ id: item.id, playerId: item.playerId, payout, hits: scored.hits });
        const ticket = result.tickets.get(item.ticketId);
        if (ticket) ticket.payout = riel(ticket.payout + payout);
        else result.tickets.set(item.ticketId, { id: item.ticketId, playerId: item.playerId, payout });
      },
    };
    return result;
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
        await this.rg.countManyWithin(
          trx,
          'REFUND',
          tickets.map((t) => ({ playerId: t.player_id, amount: t.net_amount })),
          nowMs,
        );
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
