import { randomUUID } from 'node:crypto';
import { serverSeedHash } from '@lotto59/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../test/databases';
import { buildAppOn, expectLedgerBalanced, expectRefusal } from '../../../test/lotto59-helpers';
import {
  betBody,
  del,
  ledgerKinds,
  lotteryPlayer,
  nextDraw,
  postBet,
  sheetOf,
} from '../../../test/lottery-helpers';
import { createTestApp, type TestContext } from '../../../test/test-app';

describe.each(TEST_DIALECTS)('ticket lottery API on %s', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    // A small cap so that the concurrency test reaches it with few tickets.
    t = await createTestApp(dialect, { LOTTERY_MAX_FACE_PER_NUMBER_3D: '10000' });
    await t.app.services.lottery.scheduler.tick();
  });
  afterAll(() => t.close());

  const balanceOf = (id: number) => t.app.services.wallet.playerBalance(id);
  const lottery = () => t.app.services.lottery;

  it('creates the scheduled draws ahead with their committed seed hash, and shows them', async () => {
    const p = await lotteryPlayer(t, 0);
    const res = await p.browser.get('/api/lottery/result/time?type=VN');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.timezone).toBe('Asia/Phnom_Penh');
    expect(data.draws.map((d: { code: string }) => d.code)).toEqual([
      'VN-S-20261121',
      'VN-C-20261121',
      'VN-N-20261121',
    ]);
    expect(data.draws[0]).toMatchObject({
      type: 'VN',
      layout: 'VN_SOUTH',
      draw_at: '2026-11-21T16:15:00.000+07:00',
      cutoff_at: '2026-11-21T16:05:00.000+07:00',
      status: 'OPEN',
    });
    const draw = await lottery().draws.byId(data.draws[0].id);
    expect(data.draws[0].server_seed_hash).toBe(serverSeedHash(draw.server_seed!));
    // Before the draw the seed and the lines stay secret.
    const result = (await p.browser.get(`/api/lottery/result/${String(draw.id)}`)).json().data;
    expect(result).toMatchObject({
      source: 'ENGINE',
      algorithm: 'lottery-sheet-v1',
      server_seed: null,
      lines: [],
    });
    const timeout = (await p.browser.get('/api/lottery/result/timeout')).json().data;
    expect(timeout.map((r: { type: string }) => r.type)).toEqual(['VN', 'TN', 'KH']);
    // 12:00 local now; TN's next draw is 13:00, its cut-off 12:57: 57 minutes left.
    expect(timeout[1]).toMatchObject({ code: 'TN-20261121-1300', seconds_left: 57 * 60 });
  });

  it('places a ticket, deletes an item and the ticket with exact refunds', async () => {
    const p = await lotteryPlayer(t, 100_000);
    const draw = await nextDraw(t.app, 'VN-S');
    const res = await postBet(
      p.browser,
      betBody(draw.id, 'VN', [
        // lottery.md §4 example: lines 2, face 10,000, discount 2,000, net 8,000.
        { bet_type: '2D', posts: ['A', 'B'], numbers: '10-14', amount: 1000 },
        { bet_type: '3D', posts: ['ROLL'], numbers: '១២៣', amount: 100, permute: true },
      ]),
    );
    expect(res.statusCode).toBe(200);
    const { ticket, balance } = res.json().data;
    expect(ticket.items[0]).toMatchObject({
      numbers: ['10', '11', '12', '13', '14'],
      lines: 2,
      face_amount: 10_000,
      discount: 2_000,
      net_amount: 8_000,
    });
    // 123 permuted: 6 numbers × 17 lines (ROLL 3D on VN_SOUTH) × 100 = 10,200 face, 8,160 net.
    expect(ticket.items[1]).toMatchObject({
      lines: 17,
      face_amount: 10_200,
      discount: 2_040,
      net_amount: 8_160,
    });
    expect(ticket).toMatchObject({
      status: 'OPEN',
      total_amount: 20_200,
      discount: 4_040,
      net_amount: 16_160,
    });
    expect(ticket.ticket_no).toBe(String(ticket.id).padStart(7, '0'));
    expect(balance).toBe(100_000 - 16_160);

    const item = await del(p.browser, `/api/lottery/ticket/delete/item/${String(ticket.items[1].id)}`);
    expect(item.statusCode).toBe(200);
    expect(item.json().data).toMatchObject({
      refunded: 8_160,
      ticket: { total_amount: 10_000, discount: 2_000, net_amount: 8_000, status: 'OPEN' },
      balance: 100_000 - 8_000,
    });
    // Deleting it again refunds nothing.
    expect(
      (await del(p.browser, `/api/lottery/ticket/delete/item/${String(ticket.items[1].id)}`)).statusCode,
    ).toBe(404);

    const whole = await del(p.browser, `/api/lottery/ticket/delete/${String(ticket.id)}`);
    expect(whole.json().data).toEqual({ ticket_id: ticket.id, refunded: 8_000, balance: 100_000 });
    expect(await balanceOf(p.id)).toBe(100_000);
    const items = (await p.browser.get(`/api/lottery/ticket/items?id=${String(ticket.id)}`)).json().data;
    expect(items.ticket.status).toBe('DELETED');
    expect(items.items.map((i: { status: string }) => i.status)).toEqual(['DELETED', 'DELETED']);
    await expectLedgerBalanced(t.app, t.tdb.db);
  });

  it('refuses every change at the cut-off to the millisecond, and debits nothing', async () => {
    const p = await lotteryPlayer(t, 50_000);
    const draw = await nextDraw(t.app, 'TN');
    const item = { bet_type: '3D', posts: ['A'], numbers: '777', amount: 1000 };
    t.clock.advanceMs(draw.cutoff_at_ms - 1 - t.clock.nowMs());
    const placed = await postBet(p.browser, betBody(draw.id, 'TN', [item, item]));
    expect(placed.statusCode).toBe(200);
    const ticket = placed.json().data.ticket;
    const before = await balanceOf(p.id);

    t.clock.advanceMs(1); // now === cutoff_at
    expectRefusal(
      await postBet(p.browser, betBody(draw.id, 'TN', [item])),
      422,
      'BETTING_CLOSED',
      'Request timeout.',
    );
    expectRefusal(
      await del(p.browser, `/api/lottery/ticket/delete/item/${String(ticket.items[0].id)}`),
      422,
      'BETTING_CLOSED',
      'Request timeout.',
    );
    expectRefusal(
      await del(p.browser, `/api/lottery/ticket/delete/${String(ticket.id)}`),
      422,
      'BETTING_CLOSED',
      'Request timeout.',
    );
    expect(await balanceOf(p.id)).toBe(before);
    const list = (await p.browser.get('/api/lottery/ticket/list?type=TN')).json().data;
    expect(list.items[0]).toMatchObject({ id: ticket.id, status: 'CLOSED', outstanding: 1_600 });
    await expectLedgerBalanced(t.app, t.tdb.db);
  });

  it('places a replayed request_id once, and refuses the same id with another body', async () => {
    const p = await lotteryPlayer(t, 10_000);
    const draw = await nextDraw(t.app, 'KH-4');
    const body = betBody(draw.id, 'KH', [{ bet_type: '2D', posts: ['C', 'D'], numbers: '07', amount: 1000 }]);
    const first = await postBet(p.browser, body);
    const again = await postBet(p.browser, body);
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await balanceOf(p.id)).toBe(10_000 - 1_600);
    const other = await postBet(p.browser, { ...body, items: [{ ...body.items[0]!, amount: 2000 }] });
    expect({ status: other.statusCode, code: other.json().code }).toEqual({
      status: 422,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(await balanceOf(p.id)).toBe(10_000 - 1_600);
    // One stake transfer for the three calls.
    const stakes = (await ledgerKinds(t, 'lottery_stake')).filter((r) =>
      r.idempotency_key.startsWith(`lottery:bet:${String(p.id)}:`),
    );
    expect(stakes).toEqual([
      { idempotency_key: `lottery:bet:${String(p.id)}:${body.request_id}`, amount: 1_600 },
    ]);
    await expectLedgerBalanced(t.app, t.tdb.db);
  });

  it('answers the §5 refusals with their codes and seed messages, and moves no money', async () => {
    const p = await lotteryPlayer(t, 1_000);
    const draw = await nextDraw(t.app, 'VN-N');
    const refuse = async (item: object, status: number, code: string, message?: string) => {
      const res = await postBet(p.browser, betBody(draw.id, 'VN', [item as never]));
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
      if (message) expect(res.json().message).toBe(message);
    };
    const ok = { bet_type: '2D', posts: ['A'], numbers: '12', amount: 100 };
    await refuse({ ...ok, posts: ['C'] }, 422, 'INVALID_POST');
    await refuse({ ...ok, posts: [] }, 422, 'INVALID_POST');
    await refuse({ ...ok, numbers: '7' }, 422, 'INVALID_NUMBERS');
    await refuse({ ...ok, amount: 50 }, 422, 'BET_AMOUNT_TOO_LOW', 'The amount must be at least 100.');
    await refuse(
      { ...ok, amount: 100_001 },
      422,
      'BET_AMOUNT_TOO_HIGH',
      'The amount must not be greater than 100000.',
    );
    await refuse({ ...ok, amount: 10.5 }, 422, 'INVALID_AMOUNT');
    // VN-N post A is G7's 4 lines: 4 × 100 × 0.8 = 320 per number; 10 numbers need 3,200 > 1,000.
    await refuse({ ...ok, numbers: '10-19' }, 422, 'INSUFFICIENT_FUNDS', 'Not enought money.');
    const none = await postBet(p.browser, betBody(draw.id, 'VN', []));
    expect(none.json().code).toBe('NO_ITEMS');
    expect(await balanceOf(p.id)).toBe(1_000);
    expect(
      await t.tdb.db.selectFrom('lottery_tickets').select('id').where('player_id', '=', p.id).execute(),
    ).toEqual([]);
  });

  it('never passes the per-number cap under 50 concurrent tickets from different players', async () => {
    const draw = await nextDraw(t.app, 'VN-C');
    const players = await Promise.all(Array.from({ length: 50 }, () => t.newPlayer({ balance: 10_000 })));
    // Cap 10,000 per number per line; 1,000 a ticket: exactly 10 fit.
    const results = await Promise.allSettled(
      players.map((p) =>
        lottery().bets.bet(p.id, {
          request_id: randomUUID(),
          type: 'VN',
          draw_id: draw.id,
          items: [{ bet_type: '3D', posts: ['A'], numbers: '555', amount: 1000, permute: false }],
        }),
      ),
    );
    const accepted = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.flatMap((r) =>
      r.status === 'rejected' ? [r.reason as { code: string; message: string }] : [],
    );
    expect(accepted).toBe(10);
    expect(new Set(refused.map((e) => e.code))).toEqual(new Set(['NUMBER_EXPOSURE_LIMIT']));
    expect(refused[0]!.message).toBe('The amount must not be greater than 0.');
    const exposure = await t.tdb.db
      .selectFrom('lottery_exposure')
      .select(['placed'])
      .where('draw_id', '=', draw.id)
      .where('number', '=', '555')
      .execute();
    expect(exposure.map((e) => Number(e.placed))).toEqual([10_000]);
    const debited = await Promise.all(players.map((p) => balanceOf(p.id)));
    expect(debited.filter((b) => b === 10_000 - 800)).toHaveLength(10);
    expect(debited.filter((b) => b === 10_000)).toHaveLength(40);
    await expectLedgerBalanced(t.app, t.tdb.db);
  });

  it('settles a draw after a crash between sheet and settlement, paying each ticket once', async () => {
    const p = await lotteryPlayer(t, 100_000);
    const draw = await nextDraw(t.app, 'KH-5');
    const sheet = sheetOf(draw);
    const a2 = sheet.find((l) => l.code === 'A2')!.number;
    const b3 = sheet.find((l) => l.code === 'B3')!.number;
    const miss = a2 === '00' ? '01' : '00';
    const placed = await postBet(
      p.browser,
      betBody(draw.id, 'KH', [
        // Post A 2D: hits A2 once: 1,000 × 75.
        { bet_type: '2D', posts: ['A'], numbers: `${a2} ${miss}`, amount: 1000 },
        // ROLL 3D hits B3 (and any other 3+ digit line ending the same): at least once, × 650.
        { bet_type: '3D', posts: ['ROLL'], numbers: b3, amount: 100 },
      ]),
    );
    expect(placed.statusCode).toBe(200);
    const ticket = placed.json().data.ticket;
    const rollHits = sheet.filter((l) => l.digits >= 3 && l.number.endsWith(b3)).length;
    const a2Hits = sheet.filter((l) => l.code === 'A2' && l.number === a2).length;
    const expected = 1000 * 75 * a2Hits + 100 * 650 * rollHits;
    const afterBet = await balanceOf(p.id);

    // The worker stores the sheet, then "crashes" before settling: the draw is left DRAWN.
    t.clock.advanceMs(draw.draw_at_ms - t.clock.nowMs());
    expect(await lottery().draws.storeSheet(draw, sheet, 'ENGINE')).toBe(true);
    expect((await lottery().draws.byId(draw.id)).status).toBe('DRAWN');
    // The sheet never changes once stored.
    expect(
      await lottery().draws.storeSheet(
        draw,
        sheet.map((l) => ({ ...l, number: '0'.repeat(l.digits) })),
        'ENGINE',
      ),
    ).toBe(false);

    // A restarted process and the old one both try to settle, twice: it is paid once.
    const restarted = await buildAppOn(t, t.clock);
    try {
      // Two settlers race on the drawn draw (a second process, or a restart beside a late one).
      await Promise.all([restarted.app.services.lottery.scheduler.tick(), lottery().scheduler.tick()]);
      await Promise.all([restarted.app.services.lottery.scheduler.tick(), lottery().scheduler.tick()]);
    } finally {
      await restarted.close();
    }
    expect((await lottery().draws.byId(draw.id)).status).toBe('SETTLED');
    expect(await balanceOf(p.id)).toBe(afterBet + expected);
    const payouts = (await ledgerKinds(t, 'lottery_payout')).filter((r) =>
      r.idempotency_key.endsWith(`:${String(ticket.id)}`),
    );
    expect(payouts).toEqual([
      { idempotency_key: `lottery:payout:ticket:${String(ticket.id)}`, amount: expected },
    ]);

    // Hours passed: the session idled out, as a real one would.
    await p.browser.login(p.username, p.password);
    const items = (await p.browser.get(`/api/lottery/ticket/items?id=${String(ticket.id)}`)).json().data;
    expect(items.ticket.status).toBe('WON');
    expect(items.items[0]).toMatchObject({
      status: 'WON',
      payout: 75_000,
      hits: [{ code: 'A2', index: 1, number: a2 }],
    });
    expect(items.items[1]).toMatchObject({ status: 'WON', payout: 100 * 650 * rollHits });
    // The revealed seed and lines; the payout list; hiding a paid item; the totals.
    const result = (await p.browser.get(`/api/lottery/result/${String(draw.id)}`)).json().data;
    expect(result.server_seed).toBe(draw.server_seed);
    expect(result.lines).toHaveLength(23);
    expect(result.lines[0]).toMatchObject({ code: 'A2', index: 1, digits: 2, number: a2, post: 'A' });
    const payoutList = (await p.browser.get('/api/lottery/ticket/payout?type=KH')).json().data;
    expect(payoutList.total).toEqual({ count: 2, payout: expected });
    const hidden = await del(
      p.browser,
      `/api/lottery/ticket/delete/payout/item/${String(ticket.items[0].id)}`,
    );
    expect(hidden.statusCode).toBe(200);
    expect((await p.browser.get('/api/lottery/ticket/payout?type=KH')).json().data.total.count).toBe(1);
    const total = (await p.browser.get('/api/lottery/ticket/total?type=KH')).json().data;
    expect(total).toMatchObject({
      tickets: 1,
      items: 2,
      payout: expected,
      win_lose: expected - ticket.net_amount,
      outstanding: 0,
    });
    const verified = await lottery().draws.verify(String(draw.id));
    expect(verified.matches).toBe(true);
    await expectLedgerBalanced(t.app, t.tdb.db);
  });

  it('refunds each live item of a voided draw once, and shows it VOID', async () => {
    const a = await lotteryPlayer(t, 50_000);
    const b = await lotteryPlayer(t, 50_000);
    const draw = await nextDraw(t.app, 'KH-6');
    const items = [
      { bet_type: '2D', posts: ['A'], numbers: '01', amount: 1000 },
      { bet_type: '2D', posts: ['B'], numbers: '02', amount: 1000 },
    ];
    const ta = (await postBet(a.browser, betBody(draw.id, 'KH', items))).json().data.ticket;
    await postBet(b.browser, betBody(draw.id, 'KH', items));
    await del(a.browser, `/api/lottery/ticket/delete/item/${String(ta.items[0].id)}`);
    expect(await lottery().settlement.voidDraw(draw.id)).toEqual({
      tickets: 2,
      items: 3,
      refundedRiel: 2_400,
    });
    expect(await lottery().settlement.voidDraw(draw.id)).toEqual({ tickets: 0, items: 0, refundedRiel: 0 });
    expect(await balanceOf(a.id)).toBe(50_000);
    expect(await balanceOf(b.id)).toBe(50_000);
    const shown = (await a.browser.get(`/api/lottery/ticket/items?id=${String(ta.id)}`)).json().data;
    expect(shown.ticket.status).toBe('VOID');
    expect(shown.items.map((i: { status: string }) => i.status)).toEqual(['DELETED', 'VOID']);
    expect((await lottery().draws.byId(draw.id)).status).toBe('VOID');
    // Before its cut-off still, yet void: no more bets or deletes on it, and nothing is debited.
    expect(t.clock.nowMs()).toBeLessThan(draw.cutoff_at_ms);
    expectRefusal(
      await postBet(b.browser, betBody(draw.id, 'KH', items)),
      422,
      'BETTING_CLOSED',
      'Request timeout.',
    );
    expect(await balanceOf(b.id)).toBe(50_000);
    await expectLedgerBalanced(t.app, t.tdb.db);
  });

  it("keeps another player's tickets, items and payouts invisible (404)", async () => {
    const owner = await lotteryPlayer(t, 10_000);
    const other = await lotteryPlayer(t, 10_000);
    const draw = await nextDraw(t.app, 'VN-S');
    const ticket = (
      await postBet(
        owner.browser,
        betBody(draw.id, 'VN', [{ bet_type: '2D', posts: ['A'], numbers: '33', amount: 100 }]),
      )
    ).json().data.ticket;
    const item = String(ticket.items[0].id);
    for (const res of [
      await other.browser.get(`/api/lottery/ticket/items?id=${String(ticket.id)}`),
      await del(other.browser, `/api/lottery/ticket/delete/${String(ticket.id)}`),
      await del(other.browser, `/api/lottery/ticket/delete/item/${item}`),
      await del(other.browser, `/api/lottery/ticket/delete/payout/item/${item}`),
    ]) {
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status: 404, code: 'NOT_FOUND' });
    }
    expect((await other.browser.get('/api/lottery/ticket/list')).json().data.items).toEqual([]);
    expect(await balanceOf(owner.id)).toBe(10_000 - 80);
    // The owner's unsettled item cannot be hidden yet.
    expectRefusal(
      await del(owner.browser, `/api/lottery/ticket/delete/payout/item/${item}`),
      409,
      'NOT_SETTLED',
      'This item is not settled yet.',
    );
    expect(await balanceOf(other.id)).toBe(10_000);
    await expectLedgerBalanced(t.app, t.tdb.db);
  });

  it('refuses every lottery call with 403 when the flag is off', async () => {
    const p = await lotteryPlayer(t, 10_000, false);
    const draw = await nextDraw(t.app, 'VN-S');
    const calls = [
      p.browser.get('/api/lottery/result/time'),
      p.browser.get('/api/lottery/result/timeout'),
      p.browser.get(`/api/lottery/result/${String(draw.id)}`),
      p.browser.get('/api/lottery/ticket/load?type=VN'),
      postBet(
        p.browser,
        betBody(draw.id, 'VN', [{ bet_type: '2D', posts: ['A'], numbers: '11', amount: 100 }]),
      ),
      del(p.browser, '/api/lottery/ticket/delete/1'),
      del(p.browser, '/api/lottery/ticket/delete/item/1'),
      del(p.browser, '/api/lottery/ticket/delete/payout/item/1'),
      p.browser.get('/api/lottery/ticket/payout'),
      p.browser.get('/api/lottery/ticket/list'),
      p.browser.get('/api/lottery/ticket/total'),
      p.browser.get('/api/lottery/ticket/items?id=1'),
      // Refused before validation: a malformed call learns nothing of the lottery's rules either.
      postBet(p.browser, { request_id: 'not-a-uuid', items: 'none' }),
      p.browser.get('/api/lottery/result/not-a-number'),
      p.browser.get('/api/lottery/ticket/list?to=9999-12-31&per_page=-1'),
      del(p.browser, '/api/lottery/ticket/delete/item/x'),
    ];
    for (const res of await Promise.all(calls)) {
      expectRefusal(res, 403, 'LOTTERY_DISABLED', 'The lottery is not enabled for this account.');
    }
    expect(await balanceOf(p.id)).toBe(10_000);
    await expectLedgerBalanced(t.app, t.tdb.db);
  });

  it('answers malformed bets with a 4xx and our error shape, never a 5xx, and debits nothing', async () => {
    const p = await lotteryPlayer(t, 10_000);
    const draw = await nextDraw(t.app, 'VN-S');
    const item = { bet_type: '2D', posts: ['A'], numbers: '12', amount: 100 };
    const bodies: unknown[] = [
      {},
      { ...betBody(draw.id, 'VN', [item]), extra: 1 },
      betBody(draw.id, 'XX', [item]),
      betBody(draw.id, 'KH', [item]),
      betBody(999_999, 'VN', [item]),
      betBody(draw.id, 'VN', [{ ...item, bet_type: '4D' }]),
      betBody(draw.id, 'VN', [{ ...item, posts: ['ROLL', 'A'] }]),
      betBody(draw.id, 'VN', [{ ...item, posts: ['A', 'A'] }]),
      betBody(draw.id, 'VN', [{ ...item, posts: ['Z'] }]),
      betBody(draw.id, 'VN', [{ ...item, numbers: '99-10' }]),
      betBody(draw.id, 'VN', [{ ...item, numbers: '1*-20' }]),
      betBody(draw.id, 'VN', [{ ...item, numbers: '00-99', permute: true, posts: ['ROLL'] }]),
      betBody(draw.id, 'VN', [{ ...item, numbers: '000-999', bet_type: '3D' }]),
      betBody(draw.id, 'VN', [{ ...item, amount: -100 }]),
      betBody(draw.id, 'VN', [{ ...item, amount: 1e300 }]),
      betBody(draw.id, 'VN', [{ ...item, amount: '100' as unknown as number }]),
      betBody(
        draw.id,
        'VN',
        Array.from({ length: 51 }, () => item),
      ),
      { ...betBody(draw.id, 'VN', [item]), request_id: 'x' },
    ];
    for (const body of bodies) {
      const res = await postBet(p.browser, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBeLessThan(500);
      expect(Object.keys(res.json()).sort()).toEqual(expect.arrayContaining(['code', 'message']));
    }
    expect(await balanceOf(p.id)).toBe(10_000);
  });

  it('loads the bet screen, and answers 422 for a list range over 31 days', async () => {
    const p = await lotteryPlayer(t, 5_000);
    const load = (await p.browser.get('/api/lottery/ticket/load?type=VN')).json().data;
    expect(load).toMatchObject({
      type: 'VN',
      rate: 80,
      posts: ['A', 'B', 'ROLL'],
      bet_types: [
        { code: '2D', digits: 2, price: 75 },
        { code: '3D', digits: 3, price: 650 },
      ],
      balance: 5_000,
    });
    expect(load.lines['VN-S']['2D']).toEqual({ A: 1, B: 1, ROLL: 18 });
    expect(load.lines['VN-N']['3D']).toEqual({ A: 3, B: 1, ROLL: 23 });
    const tooLong = await p.browser.get('/api/lottery/ticket/list?from=2026-01-01&to=2026-03-01');
    expect(tooLong.statusCode).toBe(422);
  });
});
