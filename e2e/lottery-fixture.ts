import { createHash, randomBytes } from 'node:crypto';
import {
  DEFAULT_LOTTERY_LIMITS,
  DEFAULT_LOTTERY_PRICING,
  checkLotteryAmount,
  isoInTimeZone,
  itemHits,
  itemLines,
  itemMoney,
  itemPayout,
  lotteryErrorMessage,
  lotterySheet,
  parseLotteryNumbers,
  parseLotteryPosts,
  postLineCounts,
  postOfLine,
  riel,
  ticketTotals,
  type LotteryBetType,
  type LotteryError,
  type LotteryGameType,
  type LotteryHit,
  type LotteryPost,
  type SheetLayout,
  type SheetLine,
} from '@lotto59/domain';
import type { Page, Route } from '@playwright/test';

/*
 * A stand-in for the lottery server of lottery.md §6, behind `page.route`, written before the real one was
 * merged: every answer is computed with the domain's rules (posts, numbers, money, sheet, hits), so the screens
 * are tested against the figures the server gives. lottery.spec.ts runs against the real server;
 * lottery-fixture.spec.ts keeps this stand-in for the §7 VN vector draw, which the real server cannot draw on
 * demand.
 */

/** lottery.md §7's test vector: VN_SOUTH draw 1001 prints G8 14, DB 376382, … */
export const VECTOR_SEED = 'f02af43dc4270182694536a9b1488c4e4ddb1ff6102ef6507a565483719f35f3';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface Draw {
  id: number;
  type: LotteryGameType;
  code: string;
  label_km: string;
  label_en: string;
  layout: SheetLayout;
  drawAtMs: number;
  cutoffAtMs: number;
  seed: string;
  drawn: boolean;
}

interface Item {
  id: number;
  bet_type: LotteryBetType;
  posts: LotteryPost[];
  numbers: string[];
  permute: boolean;
  amount: number;
  lines: number;
  face_amount: number;
  discount: number;
  net_amount: number;
  status: 'OPEN' | 'DELETED' | 'WON' | 'LOST';
  hits: LotteryHit[];
  payout: number;
}

interface Ticket {
  id: number;
  ticket_no: string;
  type: LotteryGameType;
  draw: Draw;
  createdAtMs: number;
  items: Item[];
  status: 'OPEN' | 'WON' | 'LOST' | 'DELETED';
}

const KHMER_DIGITS = '០១២៣៤៥៦៧៨៩';
const khmer = (text: string) => text.replace(/\d/g, (d) => KHMER_DIGITS[Number(d)]!);

/** A printed row's name, Khmer and English (the server's `label_km` / `label_en`). */
function lineLabels(layout: SheetLayout, code: string): { km: string; en: string } {
  if (code === 'DB') return { km: 'រង្វាន់ពិសេស', en: 'Special' };
  if (/^G\d$/.test(code)) return { km: `រង្វាន់ទី${khmer(code.slice(1))}`, en: `Prize ${code.slice(1)}` };
  if (/^L\d$/.test(code)) return { km: `រង្វាន់ទី${khmer(code.slice(1))}`, en: `Prize ${code.slice(1)}` };
  if (layout === 'KH') {
    return { km: `ប៉ុស្តិ៍ ${code[0]!} ${khmer(code[1]!)}ខ្ទង់`, en: `Post ${code[0]!} ${code[1]!}D` };
  }
  return { km: `ប៉ុស្តិ៍ ${code}`, en: `Post ${code}` };
}

export class LotteryFixture {
  balance: number;
  readonly draws: Draw[];
  readonly tickets: Ticket[] = [];
  private nextId = 500;
  private readonly answered = new Map<string, unknown>();

  constructor(nowMs: number, balance: number) {
    this.balance = balance;
    const minute = 60_000;
    const draw = (
      id: number,
      type: LotteryGameType,
      layout: SheetLayout,
      label: [string, string],
      drawAtMs: number,
      cutoffMinutes: number,
      seed: string,
      drawn: boolean,
    ): Draw => ({
      id,
      type,
      code: `${type}-${String(id)}`,
      label_km: label[0],
      label_en: label[1],
      layout,
      drawAtMs,
      cutoffAtMs: drawAtMs - cutoffMinutes * minute,
      seed,
      drawn,
    });
    const fresh = () => randomBytes(32).toString('hex');
    this.draws = [
      draw(1001, 'VN', 'VN_SOUTH', ['យួនខាងត្បូង', 'VN South'], nowMs - 90 * minute, 10, VECTOR_SEED, true),
      draw(3001, 'TN', 'TN', ['ទិញឈ្នះ', 'Buy-win'], nowMs - 60 * minute, 3, VECTOR_SEED, true),
      draw(3101, 'TN', 'TN', ['ទិញឈ្នះ', 'Buy-win'], nowMs + 40 * minute, 3, fresh(), false),
      draw(1101, 'VN', 'VN_SOUTH', ['យួនខាងត្បូង', 'VN South'], nowMs + 70 * minute, 10, fresh(), false),
      draw(2101, 'KH', 'KH', ['ខ្មែរ ៤ល្ងាច', 'KH 4PM'], nowMs + 80 * minute, 10, fresh(), false),
    ];
    // A settled ticket of the §4 example: VN-S 2D A+B 10-14 × 1,000 ៛ on the vector draw (G8 = 14: one hit).
    const settled = this.place(this.draws[0]!, [
      { bet_type: '2D', posts: ['A', 'B'], numbers: '10-14', permute: false, amount: 1000 },
    ]);
    if (!('ticket' in settled)) throw new Error('fixture ticket refused');
    settled.ticket.createdAtMs = nowMs - 120 * minute;
    this.settle(settled.ticket);
  }

  private sheet(draw: Draw): SheetLine[] {
    return draw.drawn ? lotterySheet(draw.seed, draw.id, draw.layout) : [];
  }

  private drawJson(draw: Draw, nowMs = Date.now()) {
    const settled = draw.drawn;
    return {
      id: draw.id,
      type: draw.type,
      code: draw.code,
      label_km: draw.label_km,
      label_en: draw.label_en,
      layout: draw.layout,
      draw_at: isoInTimeZone(draw.drawAtMs),
      cutoff_at: isoInTimeZone(draw.cutoffAtMs),
      status: settled ? 'SETTLED' : nowMs < draw.cutoffAtMs ? 'OPEN' : 'CLOSED',
      server_seed_hash: sha256(draw.seed),
    };
  }

  private settle(ticket: Ticket) {
    const sheet = this.sheet(ticket.draw);
    for (const item of ticket.items) {
      if (item.status === 'DELETED') continue;
      item.hits = itemHits(sheet, { layout: ticket.draw.layout, betType: item.bet_type, ...item });
      item.payout = itemPayout(
        riel(item.amount),
        DEFAULT_LOTTERY_PRICING.price[item.bet_type],
        item.hits.length,
      );
      item.status = item.hits.length > 0 ? 'WON' : 'LOST';
    }
    ticket.status = ticket.items.some((i) => i.status === 'WON') ? 'WON' : 'LOST';
  }

  private place(
    draw: Draw,
    items: { bet_type: LotteryBetType; posts: string[]; numbers: string; permute: boolean; amount: number }[],
  ): { ticket: Ticket } | { error: LotteryError } {
    const made: Item[] = [];
    for (const body of items) {
      const posts = parseLotteryPosts(draw.layout, body.posts);
      if (!posts.ok) return { error: posts.error };
      const numbers = parseLotteryNumbers({
        text: body.numbers,
        betType: body.bet_type,
        permute: body.permute,
        maxNumbers: DEFAULT_LOTTERY_LIMITS.maxNumbersPerItem[body.bet_type],
      });
      if (!numbers.ok) return { error: numbers.error };
      const amount = checkLotteryAmount(body.amount, body.bet_type, DEFAULT_LOTTERY_LIMITS);
      if (!amount.ok) return { error: amount.error };
      const lines = itemLines(draw.layout, body.bet_type, posts.value);
      const money = itemMoney({
        amount: amount.value,
        numberCount: numbers.value.length,
        lines,
        rate: DEFAULT_LOTTERY_PRICING.rate,
      });
      made.push({
        id: this.nextId++,
        bet_type: body.bet_type,
        posts: posts.value,
        numbers: numbers.value,
        permute: body.permute,
        amount: amount.value,
        lines,
        face_amount: money.face,
        discount: money.discount,
        net_amount: money.net,
        status: 'OPEN',
        hits: [],
        payout: 0,
      });
    }
    const net = made.reduce((sum, item) => sum + item.net_amount, 0);
    if (net > this.balance) return { error: { code: 'INSUFFICIENT_FUNDS' } };
    this.balance -= net;
    const id = this.nextId++;
    const ticket: Ticket = {
      id,
      ticket_no: String(id).padStart(7, '0'),
      type: draw.type,
      draw,
      createdAtMs: Date.now(),
      items: made,
      status: 'OPEN',
    };
    this.tickets.unshift(ticket);
    return { ticket };
  }

  private totalsOf(ticket: Ticket) {
    const live = ticket.items.filter((i) => i.status !== 'DELETED');
    const sums = ticketTotals(
      live.map((i) => ({
        lines: i.lines,
        face: riel(i.face_amount),
        discount: riel(i.discount),
        net: riel(i.net_amount),
      })),
    );
    return { total_amount: sums.face, discount: sums.discount, net_amount: sums.net };
  }

  private ticketJson(ticket: Ticket) {
    return {
      id: ticket.id,
      ticket_no: ticket.ticket_no,
      type: ticket.type,
      draw_id: ticket.draw.id,
      status: ticket.status,
      ...this.totalsOf(ticket),
      created_at: isoInTimeZone(ticket.createdAtMs),
    };
  }

  private itemJson(item: Item) {
    return {
      id: item.id,
      bet_type: item.bet_type,
      posts: item.posts,
      numbers: item.numbers,
      permute: item.permute,
      amount: item.amount,
      lines: item.lines,
      face_amount: item.face_amount,
      discount: item.discount,
      net_amount: item.net_amount,
    };
  }

  private rowJson(ticket: Ticket) {
    const totals = this.totalsOf(ticket);
    const payout = ticket.items.reduce((sum, i) => sum + i.payout, 0);
    const settled = ticket.status === 'WON' || ticket.status === 'LOST';
    return {
      id: ticket.id,
      ticket_no: ticket.ticket_no,
      type: ticket.type,
      draw: {
        id: ticket.draw.id,
        code: ticket.draw.code,
        draw_at: isoInTimeZone(ticket.draw.drawAtMs),
        status: this.drawJson(ticket.draw).status,
      },
      created_at: isoInTimeZone(ticket.createdAtMs),
      items: ticket.items.filter((i) => i.status !== 'DELETED').length,
      ...totals,
      payout,
      outstanding: settled || ticket.status === 'DELETED' ? 0 : totals.net_amount,
      status: ticket.status,
    };
  }

  private filtered(query: URLSearchParams): Ticket[] {
    const type = query.get('type');
    const status = query.get('status');
    return this.tickets.filter((t) => (!type || t.type === type) && (!status || t.status === status));
  }

  /** One call of lottery.md §6: status and JSON body. */
  answer(method: string, url: URL, body: unknown): { status: number; json: unknown } {
    const path = url.pathname.replace(/^\/api\/lottery\//, '');
    const query = url.searchParams;
    const data = (value: unknown) => ({ status: 200, json: { data: value } });
    const refuse = (error: LotteryError, status = 422) => ({
      status,
      json: { message: lotteryErrorMessage(error), code: error.code },
    });
    const now = Date.now();
    if (method === 'GET' && path === 'result/time') {
      const draws = [...this.draws].sort((a, b) => a.drawAtMs - b.drawAtMs);
      return data({
        server_time: isoInTimeZone(now),
        timezone: 'Asia/Phnom_Penh',
        draws: draws.map((d) => this.drawJson(d, now)),
      });
    }
    if (method === 'GET' && path === 'result/timeout') {
      return data(
        (['VN', 'TN', 'KH'] as const).flatMap((type) => {
          const next = this.draws.find((d) => d.type === type && !d.drawn && now < d.cutoffAtMs);
          return next
            ? [
                {
                  type,
                  draw_id: next.id,
                  code: next.code,
                  draw_at: isoInTimeZone(next.drawAtMs),
                  cutoff_at: isoInTimeZone(next.cutoffAtMs),
                  seconds_left: Math.floor((next.cutoffAtMs - now) / 1000),
                },
              ]
            : [];
        }),
      );
    }
    const resultId = /^result\/(\d+)$/.exec(path);
    if (method === 'GET' && resultId) {
      const draw = this.draws.find((d) => d.id === Number(resultId[1]));
      if (!draw) return { status: 404, json: { message: 'Not found.', code: 'NOT_FOUND' } };
      return data({
        draw: this.drawJson(draw, now),
        source: 'ENGINE',
        algorithm: 'lottery-sheet-v1',
        server_seed_hash: sha256(draw.seed),
        server_seed: draw.drawn ? draw.seed : null,
        lines: this.sheet(draw).map((line) => {
          const labels = lineLabels(draw.layout, line.code);
          return {
            ...line,
            post: postOfLine(draw.layout, line.code),
            label_km: labels.km,
            label_en: labels.en,
          };
        }),
      });
    }
    if (method === 'GET' && path === 'ticket/load') {
      const type = (query.get('type') ?? 'VN') as LotteryGameType;
      const open = this.draws.filter((d) => d.type === type && !d.drawn && now < d.cutoffAtMs);
      const layouts = [...new Set(open.map((d) => d.layout))];
      return data({
        type,
        draws: open.map((d) => this.drawJson(d, now)),
        bet_types: [
          { code: '2D', digits: 2, price: DEFAULT_LOTTERY_PRICING.price['2D'] },
          { code: '3D', digits: 3, price: DEFAULT_LOTTERY_PRICING.price['3D'] },
        ],
        rate: DEFAULT_LOTTERY_PRICING.rate,
        posts: Object.keys(postLineCounts(layouts[0] ?? 'TN')['2D']),
        lines: Object.fromEntries(
          open.map((d) => [d.type === 'TN' ? 'TN' : d.code, postLineCounts(d.layout)]),
        ),
        limits: {
          min_amount: DEFAULT_LOTTERY_LIMITS.minAmount,
          max_amount: DEFAULT_LOTTERY_LIMITS.maxAmount,
          max_numbers_per_item: DEFAULT_LOTTERY_LIMITS.maxNumbersPerItem,
          max_items: DEFAULT_LOTTERY_LIMITS.maxItemsPerTicket,
        },
        balance: this.balance,
      });
    }
    if (method === 'POST' && path === 'ticket/bet') {
      const request = body as {
        request_id: string;
        draw_id: number;
        items: Parameters<LotteryFixture['place']>[1];
      };
      const known = this.answered.get(request.request_id);
      if (known) return data(known);
      const draw = this.draws.find((d) => d.id === request.draw_id);
      if (!draw || draw.drawn || now >= draw.cutoffAtMs) return refuse({ code: 'BETTING_CLOSED' });
      const placed = this.place(draw, request.items);
      if ('error' in placed) return refuse(placed.error);
      const answer = {
        ticket: {
          ...this.ticketJson(placed.ticket),
          items: placed.ticket.items.map((i) => this.itemJson(i)),
        },
        balance: this.balance,
      };
      this.answered.set(request.request_id, answer);
      return data(answer);
    }
    const deleteItem = /^ticket\/delete\/item\/(\d+)$/.exec(path);
    if (method === 'DELETE' && deleteItem) {
      const ticket = this.tickets.find((t) => t.items.some((i) => i.id === Number(deleteItem[1])));
      const item = ticket?.items.find((i) => i.id === Number(deleteItem[1]));
      if (!ticket || !item || item.status !== 'OPEN') return { status: 404, json: { message: 'Not found.' } };
      if (now >= ticket.draw.cutoffAtMs) return refuse({ code: 'BETTING_CLOSED' });
      item.status = 'DELETED';
      this.balance += item.net_amount;
      if (ticket.items.every((i) => i.status === 'DELETED')) ticket.status = 'DELETED';
      return data({
        item_id: item.id,
        ticket_id: ticket.id,
        refunded: item.net_amount,
        ticket: { ...this.totalsOf(ticket), status: ticket.status },
        balance: this.balance,
      });
    }
    const deleteTicket = /^ticket\/delete\/(\d+)$/.exec(path);
    if (method === 'DELETE' && deleteTicket) {
      const ticket = this.tickets.find((t) => t.id === Number(deleteTicket[1]));
      if (!ticket || ticket.status !== 'OPEN') return { status: 404, json: { message: 'Not found.' } };
      if (now >= ticket.draw.cutoffAtMs) return refuse({ code: 'BETTING_CLOSED' });
      const refunded = this.totalsOf(ticket).net_amount;
      for (const item of ticket.items) item.status = 'DELETED';
      ticket.status = 'DELETED';
      this.balance += refunded;
      return data({ ticket_id: ticket.id, refunded, balance: this.balance });
    }
    if (method === 'GET' && path === 'ticket/list') {
      const rows = this.filtered(query);
      return data({
        items: rows.map((t) => this.rowJson(t)),
        meta: { current_page: 1, per_page: 20, total: rows.length, last_page: 1 },
      });
    }
    if (method === 'GET' && path === 'ticket/total') {
      const rows = this.filtered(query).map((t) => this.rowJson(t));
      const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + pick(r), 0);
      const settled = rows.filter((r) => r.status === 'WON' || r.status === 'LOST');
      return data({
        tickets: rows.length,
        items: sum((r) => r.items),
        total_amount: sum((r) => r.total_amount),
        discount: sum((r) => r.discount),
        net_amount: sum((r) => r.net_amount),
        payout: sum((r) => r.payout),
        win_lose: settled.reduce((s, r) => s + r.payout - r.net_amount, 0),
        outstanding: sum((r) => r.outstanding),
      });
    }
    if (method === 'GET' && path === 'ticket/items') {
      const ticket = this.tickets.find((t) => t.id === Number(query.get('id')));
      if (!ticket) return { status: 404, json: { message: 'Not found.' } };
      return data({
        ticket: this.ticketJson(ticket),
        items: ticket.items.map((i) => ({
          ...this.itemJson(i),
          status: i.status,
          payout: i.payout,
          hits: i.hits.map((h) => ({ code: h.code, index: h.index, number: h.lineNumber })),
        })),
      });
    }
    return { status: 404, json: { message: `No fixture for ${method} ${path}` } };
  }

  /** Serves `/api/lottery/**` of `page` from this fixture. */
  async install(page: Page): Promise<void> {
    await page.route('**/api/lottery/**', async (route: Route) => {
      const request = route.request();
      const body: unknown = request.postData() ? JSON.parse(request.postData()!) : undefined;
      const { status, json } = this.answer(request.method(), new URL(request.url()), body);
      await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(json) });
    });
  }
}
