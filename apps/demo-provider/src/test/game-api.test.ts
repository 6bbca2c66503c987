import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  DealReply,
  FairRotateReply,
  FairState,
  HistoryRound,
  SessionReply,
  SpinReply,
} from '../api/game-api';
import { evaluateSpin } from '../rules';
import {
  DIALECTS,
  openDb,
  SECRET_2,
  SECRET_3,
  startStudio,
  testDb,
  type RunningStudio,
  type TestDb,
} from './studio';
import { TestWallet } from './test-wallet';

const VECTOR_SEED = '5bfd02a12d89377308d99fe3e193429a3f21347e0c9670b1a36dcc473983f277';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describe.each(DIALECTS)('the demo studio game API (%s)', (dialect) => {
  let db: TestDb;
  let wallet: TestWallet;
  let studio: RunningStudio;

  beforeEach(async () => {
    db = testDb(dialect);
    wallet = await new TestWallet({ '2': SECRET_2, '3': SECRET_3 }).start();
    studio = await startStudio(db, wallet.url);
  });
  afterEach(async () => {
    await studio.close();
    await wallet.close();
    await db.drop();
  });

  const post = (url: string, body: unknown, bearer?: string) =>
    studio.app.inject({
      method: 'POST',
      url: `/provider/demo${url}`,
      payload: body as object,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    });
  const get = (url: string, bearer?: string) =>
    studio.app.inject({
      method: 'GET',
      url: `/provider/demo${url}`,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    });

  async function session(provider: '2' | '3', user = '42', balance = 1_000_000): Promise<SessionReply> {
    const code = `code-${provider}-${user}-${Math.random().toString(36).slice(2)}`;
    wallet.issueCode(code, user, provider === '3' ? 'angkor-fortune' : 'baccarat', balance);
    const res = await post('/api/session', { provider, code });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SessionReply>();
  }

  it('opens a session from a launch code once, and refuses the code again or a missing bearer', async () => {
    const s = await session('3', '7', 50_000);
    expect(s).toMatchObject({ user: '7', game_code: 'angkor-fortune', currency: 'KHR', balance: 50_000 });
    expect(s.session).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(s.fair.next_nonce).toBe(0);
    expect(s.fair.client_seed).toMatch(/^[0-9a-f]{16}$/);
    // Only the hash of the bearer is stored.
    const handle = await openDb(db);
    const rows = await handle.db.selectFrom('page_sessions').selectAll().execute();
    await handle.close();
    expect(rows.map((r) => r.bearer_hash)).toEqual([sha256(s.session)]);
    const used = wallet.callsOf('session')[0]!.body.code as string;
    const again = await post('/api/session', { provider: '3', code: used });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'INVALID_SESSION' });
    expect((await get('/api/me')).json()).toMatchObject({ code: 'INVALID_SESSION' });
    expect((await get('/api/me', 'x'.repeat(43))).statusCode).toBe(401);
    const me = await get('/api/me', s.session);
    expect(me.json()).toMatchObject({ user: '7', balance: 50_000 });
    expect(wallet.calls.every((c) => c.signatureOk)).toBe(true);
  });

  it('spins end to end: one signed bet of the total, one win with the slot meta, balances that add up', async () => {
    const s = await session('3');
    const res = await post('/api/slot/spin', { line_bet: 500, request_id: 'spin-1' }, s.session);
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json<SpinReply>();
    expect(reply.total_bet).toBe(10_000);
    expect(reply.nonce).toBe(0);
    expect(reply.server_seed_hash).toBe(s.fair.server_seed_hash);
    // The outcome is the rules' own evaluation of the returned stops.
    const again = evaluateSpin(reply.stops, 500);
    expect(reply.win).toBe(again.totalWin);
    expect(reply.balance).toBe(1_000_000 - 10_000 + reply.win);
    expect(wallet.balances.get('42')).toBe(reply.balance);
    const [bet] = wallet.callsOf('bet');
    const [win] = wallet.callsOf('win');
    expect(bet!.body).toMatchObject({
      amount: 10_000,
      currency: 'KHR',
      round_id: reply.round_id,
      user: '42',
      game_code: 'angkor-fortune',
    });
    expect(win!.body).toMatchObject({
      amount: reply.win,
      round_closed: true,
      reference_transaction_uuid: bet!.body.transaction_uuid,
      meta: { stops: reply.stops, lines: reply.lines, scatter: reply.scatter },
    });
    for (const id of [
      bet!.body.request_uuid,
      bet!.body.transaction_uuid,
      win!.body.transaction_uuid,
      reply.round_id,
    ])
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    // The same request_id replays the same answer and moves nothing.
    const replay = await post('/api/slot/spin', { line_bet: 500, request_id: 'spin-1' }, s.session);
    expect(replay.json()).toEqual(reply);
    expect(wallet.callsOf('bet')).toHaveLength(1);
    // The next round takes the next nonce.
    const next = await post('/api/slot/spin', { line_bet: 50, request_id: 'spin-2' }, s.session);
    expect(next.json<SpinReply>().nonce).toBe(1);
    const history = (await get('/api/history?limit=5', s.session)).json<HistoryRound[]>();
    expect(history.map((h) => h.nonce)).toEqual([1, 0]);
    expect(history[1]).toMatchObject({
      round_id: reply.round_id,
      total_bet: 10_000,
      win: reply.win,
      server_seed: null,
      result: { stops: reply.stops },
    });
  });

  it('takes concurrent twins of one request_id as one round', async () => {
    const s = await session('3');
    const replies = await Promise.all(
      [1, 2, 3].map(() => post('/api/slot/spin', { line_bet: 100, request_id: 'twin' }, s.session)),
    );
    const ok = replies.filter((r) => r.statusCode === 200).map((r) => r.json<SpinReply>().round_id);
    expect(new Set(ok).size).toBe(1);
    expect(wallet.callsOf('bet')).toHaveLength(1);
  });

  it('gives parallel rounds of one player distinct, consecutive nonces', async () => {
    const s = await session('3');
    const replies = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => post('/api/slot/spin', { line_bet: 50, request_id: `p${i}` }, s.session)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(replies.map((r) => r.json<SpinReply>().nonce).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(wallet.callsOf('bet')).toHaveLength(5);
    expect((await get('/fair', s.session)).json<FairState>().next_nonce).toBe(5);
  });

  it('deals baccarat end to end: one bet of the sum, one win of the payouts, the report meta field names', async () => {
    const s = await session('2');
    const bets = [
      { type: 'BANKER', amount: 20_000 },
      { type: 'TIE', amount: 1_000 },
      { type: 'PLAYER_PAIR', amount: 2_000 },
    ];
    const res = await post('/api/baccarat/deal', { bets, request_id: 'deal-1' }, s.session);
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json<DealReply>();
    expect(reply.total_bet).toBe(23_000);
    expect(reply.win).toBe(reply.bets.reduce((sum, b) => sum + b.payout, 0));
    expect(reply.deal_order.slice(0, 4).map((d) => d.hand)).toEqual(['PLAYER', 'BANKER', 'PLAYER', 'BANKER']);
    expect(reply.balance).toBe(1_000_000 - 23_000 + reply.win);
    expect(wallet.callsOf('bet')[0]!.body.amount).toBe(23_000);
    expect(wallet.callsOf('win')[0]!.body).toMatchObject({
      amount: reply.win,
      round_closed: true,
      meta: {
        bets: reply.bets,
        player_cards: reply.player_cards,
        banker_cards: reply.banker_cards,
        player_score: reply.player_score,
        banker_score: reply.banker_score,
      },
    });
  });

  it('refuses a bad bet before any wallet call, a game outside the session, and answers the wallet refusal', async () => {
    const slot = await session('3', '9', 5_000);
    for (const body of [
      { line_bet: 75, request_id: 'a' },
      { line_bet: 500 },
      { line_bet: 500, request_id: 'a', extra: 1 },
    ]) {
      const res = await post('/api/slot/spin', body, slot.session);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'INVALID_BET' });
    }
    const wrongGame = await post(
      '/api/baccarat/deal',
      { bets: [{ type: 'PLAYER', amount: 1000 }], request_id: 'b' },
      slot.session,
    );
    expect(wrongGame.json()).toMatchObject({ code: 'INVALID_SESSION' });
    const table = await session('2', '9');
    const over = await post(
      '/api/baccarat/deal',
      { bets: [{ type: 'TIE', amount: 600_000 }], request_id: 'c' },
      table.session,
    );
    expect(over.statusCode).toBe(422);
    expect(wallet.callsOf('bet')).toHaveLength(0);
    // 20 × 500 = 10,000 > 5,000: the wallet refuses; nothing to roll back.
    const poor = await post('/api/slot/spin', { line_bet: 500, request_id: 'd' }, slot.session);
    expect(poor.statusCode).toBe(409);
    expect(poor.json()).toMatchObject({ code: 'NOT_ENOUGH_MONEY' });
    expect(wallet.callsOf('rollback')).toHaveLength(0);
    expect(wallet.balances.get('9')).toBe(5_000);
  });

  it("names the stake the wallet refused by the player's limit, for the operator's page (responsible-gaming.md §5)", async () => {
    const slot = await session('3', '12');
    wallet.limitRoom.set('12', 15_000);
    // 20 lines × 1,000 = 20,000 ៛ > the 15,000 ៛ the player's limit leaves.
    const refused = await post('/api/slot/spin', { line_bet: 1_000, request_id: 'over' }, slot.session);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'LIMIT_REACHED', amount: 20_000 });
    const replayed = await post('/api/slot/spin', { line_bet: 1_000, request_id: 'over' }, slot.session);
    expect(replayed.json()).toMatchObject({ code: 'LIMIT_REACHED', amount: 20_000 });
    expect(wallet.callsOf('bet')).toHaveLength(1);
    expect(wallet.callsOf('rollback')).toHaveLength(0);
    // Within the room: played as ever.
    const within = await post('/api/slot/spin', { line_bet: 500, request_id: 'under' }, slot.session);
    expect(within.statusCode).toBe(200);
  });

  it("caps the baccarat table at the wallet's largest bet: no round it would refuse is dealt (decision 0042)", async () => {
    const fullTable = [
      { type: 'PLAYER', amount: 5_000_000 },
      { type: 'BANKER', amount: 5_000_000 },
      { type: 'TIE', amount: 500_000 },
      { type: 'PLAYER_PAIR', amount: 500_000 },
      { type: 'BANKER_PAIR', amount: 500_000 },
    ];
    // A wallet that announces nothing: the protocol's default PROVIDER_MAX_BET, 5,000,000 ៛.
    const quiet = await session('2', '11', 20_000_000);
    expect(quiet.max_bet).toBe(5_000_000);
    const eleven = await post('/api/baccarat/deal', { bets: fullTable, request_id: 'full' }, quiet.session);
    expect(eleven.statusCode).toBe(422);
    expect(eleven.json()).toMatchObject({ code: 'INVALID_BET' });
    // A wallet that announces 2,000,000 ៛: the page learns it, and the server holds the round to it.
    wallet.announcedMaxBet = 2_000_000;
    const table = await session('2', '12', 20_000_000);
    expect(table.max_bet).toBe(2_000_000);
    expect((await get('/api/me', table.session)).json()).toMatchObject({ max_bet: 2_000_000 });
    const over = await post(
      '/api/baccarat/deal',
      {
        bets: [
          { type: 'PLAYER', amount: 1_500_000 },
          { type: 'TIE', amount: 500_000 },
          { type: 'BANKER_PAIR', amount: 1_000 },
        ],
        request_id: 'over',
      },
      table.session,
    );
    expect(over.statusCode).toBe(422);
    expect(wallet.callsOf('bet')).toHaveLength(0);
    const atMax = await post(
      '/api/baccarat/deal',
      {
        bets: [
          { type: 'PLAYER', amount: 1_500_000 },
          { type: 'TIE', amount: 500_000 },
        ],
        request_id: 'at-max',
      },
      table.session,
    );
    expect(atMax.statusCode, atMax.body).toBe(200);
    expect(wallet.callsOf('bet').map((c) => c.body.amount)).toEqual([2_000_000]);
  });

  it('refuses to rotate the seed pair while a round of it waits for the wallet, and rotates once it has its result', async () => {
    const s = await session('3');
    wallet.failures.set('bet', ['hang']);
    const spinning = post('/api/slot/spin', { line_bet: 50, request_id: 'pending' }, s.session);
    await wallet.waitForCall('bet');
    // The round's stops are fixed by the open seed already: revealing it now would show them before the bet lands.
    const refused = await post('/fair', { rotate: true }, s.session);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'INVALID_REQUEST' });
    expect(refused.body).not.toMatch(/server_seed/);
    const handle = await openDb(db);
    const pairs = await handle.db.selectFrom('seed_pairs').selectAll().where('user_id', '=', '42').execute();
    await handle.close();
    expect(pairs.map((p) => p.rotated_at)).toEqual([null]);
    expect((await get('/fair', s.session)).json()).toEqual({ ...s.fair, next_nonce: 1 });
    // The bet fails (its answer is lost): the round is rolled back, so it has its result.
    wallet.releaseHanging();
    expect((await spinning).json()).toMatchObject({ code: 'WALLET_UNAVAILABLE' });
    const rotated = await post('/fair', { rotate: true }, s.session);
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(sha256(rotated.json<FairRotateReply>().previous.server_seed)).toBe(s.fair.server_seed_hash);
  });

  it('shows the seed hash, sets the client seed, rotates and reveals; history then shows the seed', async () => {
    const s = await session('3');
    const fair = (await get('/fair', s.session)).json<FairState>();
    expect(fair).toEqual(s.fair);
    const bad = await post('/fair', { client_seed: 'has space' }, s.session);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_REQUEST' });
    const set = (await post('/fair', { client_seed: 'my-Seed_1' }, s.session)).json<FairState>();
    expect(set).toEqual({ ...fair, client_seed: 'my-Seed_1' });
    const spin = (
      await post('/api/slot/spin', { line_bet: 50, request_id: 'r1' }, s.session)
    ).json<SpinReply>();
    expect(spin.client_seed).toBe('my-Seed_1');
    const rotated = (await post('/fair', { rotate: true }, s.session)).json<FairRotateReply>();
    expect(sha256(rotated.previous.server_seed)).toBe(fair.server_seed_hash);
    expect(rotated.previous).toMatchObject({ client_seed: 'my-Seed_1', last_nonce: 0 });
    expect(rotated.current.next_nonce).toBe(0);
    expect(rotated.current.server_seed_hash).not.toBe(fair.server_seed_hash);
    const history = (await get('/api/history', s.session)).json<HistoryRound[]>();
    expect(history[0]).toMatchObject({ round_id: spin.round_id, server_seed: rotated.previous.server_seed });
    const afterRotate = (
      await post('/api/slot/spin', { line_bet: 50, request_id: 'r2' }, s.session)
    ).json<SpinReply>();
    expect(afterRotate).toMatchObject({ nonce: 0, server_seed_hash: rotated.current.server_seed_hash });
  });

  it('plays the §6 test vectors through the server: slot nonce 0, baccarat nonce 1', async () => {
    const handle = await openDb(db);
    const now = Date.now();
    for (const [provider, nextNonce] of [
      ['3', 0],
      ['2', 1],
    ] as const) {
      await handle.db
        .insertInto('seed_pairs')
        .values({
          id: `vector-${provider}`,
          user_id: '42',
          provider,
          server_seed: VECTOR_SEED,
          server_seed_hash: sha256(VECTOR_SEED),
          client_seed: 'player-seed',
          next_nonce: nextNonce,
          created_at: now,
          rotated_at: null,
        })
        .execute();
    }
    await handle.close();
    const slot = await session('3');
    const spin = (
      await post('/api/slot/spin', { line_bet: 50, request_id: 'v' }, slot.session)
    ).json<SpinReply>();
    expect(spin).toMatchObject({ nonce: 0, client_seed: 'player-seed', stops: [15, 21, 0, 9, 2] });
    const table = await session('2');
    const deal = (
      await post(
        '/api/baccarat/deal',
        { bets: [{ type: 'PLAYER', amount: 1_000 }], request_id: 'v' },
        table.session,
      )
    ).json<DealReply>();
    expect(deal.nonce).toBe(1);
    // The vector's first four cards: ♣4 ♣Q ♦4 ♦8. Player 8 and banker 8 are naturals, so no third card is
    // drawn (the vector's 155 and 126 would have been next) and the coup is a tie.
    expect(deal.deal_order.map((d) => d.card)).toEqual([302, 206, 81, 33]);
    expect(deal).toMatchObject({
      player_cards: [302, 81],
      banker_cards: [206, 33],
      player_score: 8,
      banker_score: 8,
      outcome: 'TIE',
    });
    expect(deal.win).toBe(1_000); // PLAYER is returned on a tie
  });

  it('expires the page session with the wallet session', async () => {
    const code = 'short';
    wallet.issueCode(code, '5', 'angkor-fortune', 10_000, 1_000);
    const s = (await post('/api/session', { provider: '3', code })).json<SessionReply>();
    await new Promise((r) => setTimeout(r, 1_100));
    const res = await post('/api/slot/spin', { line_bet: 50, request_id: 'late' }, s.session);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(wallet.callsOf('bet')).toHaveLength(0);
  });

  it('serves the thumbnails and page headers that let the casino frame the game', async () => {
    const svg = await get('/assets/angkor-fortune.svg');
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain('<svg');
    expect((await get('/assets/baccarat.svg')).body).toContain('Baccarat');
    expect(svg.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    const api = await get('/api/me');
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});
