import {
  BET_TYPE_DIGITS,
  LOTTERY_BET_TYPES,
  ROLL,
  isoInTimeZone,
  postLettersOf,
  postLineCounts,
  type LotteryGameType,
  type LotteryPost,
  type SheetLayout,
} from '@lotto59/domain';
import type {
  LotteryLoad,
  LotteryPayoutList,
  LotteryPayoutQuery,
  LotteryTicketItems,
  LotteryTicketList,
  LotteryTicketListQuery,
  LotteryTotal,
  LotteryTotalQuery,
} from '@lotto59/contract';
import type { ReadDb } from '../../../db/read-db';
import { AppError } from '../../../errors/app-error';
import { localDateRange, pageMeta } from '../../../http/list-query';
import type { Clock } from '../../../platform/clock';
import type { WalletService } from '../../wallet/wallet.public';
import { drawStatusAt, drawView } from '../draws/draw-view';
import type { DrawsService } from '../draws/draws.service';
import type { LotterySettings } from '../lottery.settings';
import { hitsOf, itemStatusAt, itemView, ticketHeadView, ticketNo, ticketStatusAt } from './ticket-view';
import * as repo from './tickets.repository';

/** Lists of the lottery span at most this many days (the project's list rule; 422 beyond). */
const MAX_RANGE_DAYS = 31;

/** The lottery's reads for the player: the bet screen's load, tickets, totals, items and payouts (§6). */
export class LotteryTicketsService {
  constructor(
    /** Where the lists, totals, items and payouts read (a replica unless the player wrote lately). */
    private readonly reads: ReadDb,
    private readonly clock: Clock,
    private readonly wallet: WalletService,
    private readonly draws: DrawsService,
    private readonly settings: LotterySettings,
  ) {}

  /** `GET /api/lottery/ticket/load?type=`. */
  async load(playerId: number, type: LotteryGameType): Promise<LotteryLoad> {
    const nowMs = this.clock.nowMs();
    const { pricing, limits, schedule, timeZone } = this.settings;
    const [draws, balance] = await Promise.all([
      this.draws.openDraws(type),
      this.wallet.playerBalance(playerId),
    ]);
    // `lines` is keyed by draw code prefix: VN-S, VN-C, VN-N, KH (KH-4…KH-6 share one layout), TN.
    const series = new Map<string, SheetLayout>();
    for (const entry of schedule)
      if (entry.type === type) series.set(entry.code.replace(/-\d+$/, ''), entry.layout);
    // The fast TN schedule replaces TN's entries, so TN's one layout is named here.
    if (type === 'TN') series.set('TN', 'TN');
    const lines: LotteryLoad['lines'] = {};
    const letters = new Set<string>();
    for (const [code, layout] of series) {
      lines[code] = postLineCounts(layout);
      for (const letter of postLettersOf(layout)) letters.add(letter);
    }
    return {
      type,
      draws: draws.map((d) => drawView(d, nowMs, timeZone)),
      bet_types: LOTTERY_BET_TYPES.map((code) => ({
        code,
        digits: BET_TYPE_DIGITS[code],
        price: pricing.price[code],
      })),
      rate: pricing.rate,
      posts: [...(['A', 'B', 'C', 'D', 'E'] as const).filter((p) => letters.has(p)), ROLL] as LotteryPost[],
      lines,
      limits: {
        min_amount: limits.minAmount,
        max_amount: limits.maxAmount,
        max_numbers_per_item: limits.maxNumbersPerItem,
        max_items: limits.maxItemsPerTicket,
      },
      balance,
    };
  }

  private range(query: { from?: string | undefined; to?: string | undefined }) {
    return localDateRange(query.from, query.to, this.settings.timeZone, MAX_RANGE_DAYS);
  }

  /** `GET /api/lottery/ticket/list`. */
  async list(playerId: number, query: LotteryTicketListQuery): Promise<LotteryTicketList> {
    const nowMs = this.clock.nowMs();
    const { fromMs, toMs } = this.range(query);
    const filter = { playerId, type: query.type, status: query.status, fromMs, toMs, nowMs };
    const db = await this.reads.forPlayer(playerId);
    const [rows, totals] = await Promise.all([
      repo.listTickets(db, filter, { limit: query.per_page, offset: (query.page - 1) * query.per_page }),
      repo.ticketTotals(db, filter),
    ]);
    const { timeZone } = this.settings;
    return {
      items: rows.map((r) => {
        const status = ticketStatusAt(r.status, r.cutoff_at_ms, nowMs);
        return {
          id: r.id,
          ticket_no: ticketNo(r.id),
          type: r.type,
          draw: {
            id: r.draw_id,
            code: r.draw_code,
            draw_at: isoInTimeZone(r.draw_at_ms, timeZone),
            status: drawStatusAt({ status: r.draw_status, cutoff_at_ms: r.cutoff_at_ms }, nowMs),
          },
          created_at: isoInTimeZone(r.created_at_ms, timeZone),
          items: Number(r.item_count),
          total_amount: r.total_amount,
          discount: r.discount,
          net_amount: r.net_amount,
          payout: r.payout,
          outstanding: r.status === 'OPEN' ? r.net_amount : 0,
          status,
        };
      }),
      meta: pageMeta(query.page, query.per_page, Number(totals.tickets)),
    };
  }

  /** `GET /api/lottery/ticket/total`. */
  async total(playerId: number, query: LotteryTotalQuery): Promise<LotteryTotal> {
    const { fromMs, toMs } = this.range(query);
    const filter = {
      playerId,
      type: query.type,
      status: query.status,
      fromMs,
      toMs,
      nowMs: this.clock.nowMs(),
    };
    const db = await this.reads.forPlayer(playerId);
    const [totals, items] = await Promise.all([
      repo.ticketTotals(db, filter),
      repo.itemCountOfTickets(db, filter),
    ]);
    return {
      tickets: Number(totals.tickets),
      items,
      total_amount: Number(totals.total_amount),
      discount: Number(totals.discount),
      net_amount: Number(totals.net_amount),
      payout: Number(totals.payout),
      win_lose: Number(totals.win_lose),
      outstanding: Number(totals.outstanding),
    };
  }

  /** `GET /api/lottery/ticket/items?id=`: only the owner's ticket (404 otherwise). */
  async items(playerId: number, ticketId: number): Promise<LotteryTicketItems> {
    const db = await this.reads.forPlayer(playerId);
    const ticket = await repo.findTicketOf(db, playerId, ticketId);
    if (!ticket) throw new AppError('NOT_FOUND', 'Ticket not found.');
    // The draw from the same database as its items: a settled draw with items not yet settled would read LOST.
    const draw = await this.draws.byId(ticket.draw_id, db);
    const items = await repo.itemsOfTicket(db, ticketId);
    return {
      ticket: ticketHeadView(ticket, draw.cutoff_at_ms, this.clock.nowMs(), this.settings.timeZone),
      items: items.map((item) => ({
        ...itemView(item),
        status: itemStatusAt(item.status, draw.status),
        payout: item.payout,
        hits: hitsOf(item),
      })),
    };
  }

  /** `GET /api/lottery/ticket/payout`: won items not hidden, by payment time. */
  async payouts(playerId: number, query: LotteryPayoutQuery): Promise<LotteryPayoutList> {
    const { fromMs, toMs } = this.range(query);
    const filter = { playerId, type: query.type, fromMs, toMs };
    const db = await this.reads.forPlayer(playerId);
    const [rows, totals] = await Promise.all([
      repo.listPayouts(db, filter, { limit: query.per_page, offset: (query.page - 1) * query.per_page }),
      repo.payoutTotals(db, filter),
    ]);
    const { timeZone } = this.settings;
    return {
      items: rows.map((r) => {
        const hits = hitsOf(r);
        return {
          item_id: r.id,
          ticket_no: ticketNo(r.ticket_id),
          type: r.type,
          draw: { id: r.draw_id, code: r.draw_code, draw_at: isoInTimeZone(r.draw_at_ms, timeZone) },
          bet_type: r.bet_type,
          posts: r.posts.split(',') as LotteryPost[],
          number: [...new Set(hits.map((h) => h.number))].join(','),
          amount: r.amount,
          hits,
          payout: r.payout,
          paid_at: isoInTimeZone(r.paid_at_ms ?? 0, timeZone),
        };
      }),
      meta: pageMeta(query.page, query.per_page, Number(totals.count)),
      total: { count: Number(totals.count), payout: Number(totals.payout) },
    };
  }
}
