import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  ExitReply,
  FishReply,
  HistoryShot,
  SchoolFishView,
  SessionReply,
  ShotReply,
} from '../api/game-api';
import { isOnScreen } from '../fishing/school';
import { captureThreshold, CAPTURE_RANGE, fairWordSource, fishKind, resolveShot, uniform } from '../rules';
import { DIALECTS, openDb, startStudio, testDb, type RunningStudio, type TestDb } from './studio';
import { TestWallet } from './test-wallet';

const SECRET_4 = 'c4'.repeat(32);
const SECRET_5 = 'e5'.repeat(32);

describe.each(DIALECTS)('Ocean Dragon shots (%s)', (dialect) => {
  let db: TestDb;
  let wallet: TestWallet;
  let studio: RunningStudio;
  let now = 1_800_000_000_000;

  beforeEach(async () => {
    now = 1_800_000_000_000;
    db = testDb(dialect);
    wallet = await new TestWallet({ '4': SECRET_4, '5': SECRET_5 }, () => now).start();
    studio = await startStudio(db, wallet.url, {
      secrets: { '4': SECRET_4, '5': SECRET_5 },
      clock: () => now,
    });
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
  const get = (url: string, bearer: string) =>
    studio.app.inject({
      method: 'GET',
      url: `/provider/demo${url}`,
      headers: { authorization: `Bearer ${bearer}` },
    });

  async function session(provider: '4' | '5', balance: number, user = '42'): Promise<SessionReply> {
    const code = `code-${provider}-${Math.random().toString(36).slice(2)}`;
    wallet.issueCode(code, user, 'ocean-dragon', balance, 12 * 3_600_000);
    const res = await post('/api/session', { provider, code });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SessionReply>();
  }

  /** Our casino's deposit into provider 4 (signed as the transfer wallet's caller). */
  async function deposit(transferId: string, amount: number, user = '42'): Promise<void> {
    const raw = JSON.stringify({
      request_uuid: transferId,
      transfer_id: transferId,
      user,
      amount,
      currency: 'KHR',
    });
    const ts = String(now);
    const sig = createHmac('sha256', Buffer.from(SECRET_4, 'ascii')).update(`${ts}.${raw}`).digest('hex');
    const res = await studio.app.inject({
      method: 'POST',
      url: '/provider/demo/transfer/deposit',
      headers: {
        'content-type': 'application/json',
        'x-provider': '4',
        'x-timestamp': ts,
        'x-signature': sig,
      },
      payload: raw,
    });
    expect(res.json()).toMatchObject({ status: 'RS_OK' });
  }

  async function withdrawAll(transferId: string, user = '42'): Promise<Record<string, unknown>> {
    const raw = JSON.stringify({ request_uuid: transferId, transfer_id: transferId, user, all: true });
    const ts = String(now);
    const sig = createHmac('sha256', Buffer.from(SECRET_4, 'ascii')).update(`${ts}.${raw}`).digest('hex');
    const res = await studio.app.inject({
      method: 'POST',
      url: '/provider/demo/transfer/withdraw',
      headers: {
        'content-type': 'application/json',
        'x-provider': '4',
        'x-timestamp': ts,
        'x-signature': sig,
      },
      payload: raw,
    });
    return res.json<Record<string, unknown>>();
  }

  /** Our casino's `balance` question about a player (signed as the transfer wallet's caller). */
  async function transferBalance(user = '42'): Promise<Record<string, unknown>> {
    const raw = JSON.stringify({ request_uuid: `b-${now}`, user });
    const ts = String(now);
    const sig = createHmac('sha256', Buffer.from(SECRET_4, 'ascii')).update(`${ts}.${raw}`).digest('hex');
    const res = await studio.app.inject({
      method: 'POST',
      url: '/provider/demo/transfer/balance',
      headers: {
        'content-type': 'application/json',
        'x-provider': '4',
        'x-timestamp': ts,
        'x-signature': sig,
      },
      payload: raw,
    });
    return res.json<Record<string, unknown>>();
  }

  /** A live fish on screen now, moving the clock on until one swims in. */
  async function target(bearer: string, skip: ReadonlySet<number> = new Set()): Promise<SchoolFishView> {
    for (let i = 0; i < 30; i += 1) {
      const reply = (await get('/api/fishing/fish', bearer)).json<FishReply>();
      expect(reply.now).toBe(now);
      const fish = reply.fish.find((f) => !skip.has(f.id) && isOnScreen(f, now));
      if (fish) return fish;
      now += 1_000;
    }
    throw new Error('no fish came');
  }

  let requests = 0;
  const shoot = (bearer: string, fish_id: number, level: number, request_id = `shot-${(requests += 1)}`) =>
    post('/api/fishing/shoot', { fish_id, level, request_id }, bearer);

  async function revealSeed(bearer: string): Promise<{ server_seed: string; client_seed: string }> {
    const res = await post('/fair', { rotate: true }, bearer);
    return res.json<{ previous: { server_seed: string; client_seed: string } }>().previous;
  }

  it('provider 4: a shot charges the in-game balance, pays what the fair stream says, and is replayed once', async () => {
    await deposit('in-1', 100_000);
    const s = await session('4', 999_999);
    expect(s.balance).toBe(100_000);
    const fish = await target(s.session);
    const res = await shoot(s.session, fish.id, 4, 'first');
    expect(res.statusCode, res.body).toBe(200);
    const shot = res.json<ShotReply>();
    expect(shot).toMatchObject({ fish_id: fish.id, fish: fish.kind, level: 4, cost: 1_000, nonce: 0 });
    expect(shot.balance).toBe(100_000 - 1_000 + shot.payout);
    expect(shot.magazine).toBeNull();
    // The same request id replays the answer; nothing is charged twice.
    const again = await shoot(s.session, fish.id, 4, 'first');
    expect(again.json()).toEqual(shot);
    expect((await get('/api/me', s.session)).json()).toMatchObject({ balance: shot.balance });
    // No wallet call per shot in transfer mode.
    expect(wallet.callsOf('bet')).toHaveLength(0);

    // The revealed seed gives back exactly this outcome.
    const seeds = await revealSeed(s.session);
    const check = resolveShot(fairWordSource(seeds.server_seed, seeds.client_seed, 0), fish.kind, 4);
    expect(check.ok && check.value).toMatchObject({ captured: shot.captured, payout: shot.payout });
    const history = (await get('/api/fishing/history', s.session)).json<HistoryShot[]>();
    expect(history[0]).toMatchObject({ shot_id: shot.shot_id, server_seed: seeds.server_seed, nonce: 0 });
  });

  it('provider 4: the balance answer tells the casino when the last shot was charged (decision 0041)', async () => {
    await deposit('in-1', 50_000);
    const s = await session('4', 0);
    // Before any shot: null, not a guess.
    expect(await transferBalance()).toMatchObject({
      status: 'RS_OK',
      provider_balance: 50_000,
      last_shot_at: null,
    });
    const first = await target(s.session);
    expect((await shoot(s.session, first.id, 1)).statusCode).toBe(200);
    const firstAt = now;
    now += 20 * 60_000;
    expect(await transferBalance()).toMatchObject({ last_shot_at: firstAt });
    const second = await target(s.session);
    expect((await shoot(s.session, second.id, 1)).statusCode).toBe(200);
    const secondAt = now;
    now += 1_000;
    expect(await transferBalance()).toMatchObject({ last_shot_at: secondAt });
    // Another player's shots are theirs: this one has none.
    expect(await transferBalance('43')).toMatchObject({ last_shot_at: null });
  });

  it('provider 4: refuses before any charge a fish not on screen, a caught fish, a bad level, an empty purse', async () => {
    await deposit('in-1', 10_000);
    const s = await session('4', 0);
    const fish = await target(s.session);
    // A fish of the future and one long gone.
    for (const id of [fish.id + 20, 0]) {
      if (id === fish.id) continue;
      const far = await shoot(s.session, id, 1);
      expect(far.statusCode, far.body).toBe(409);
      expect(far.json()).toMatchObject({ code: 'FISH_NOT_THERE' });
    }
    now += 60_000;
    const gone = await shoot(s.session, fish.id, 1);
    expect(gone.json()).toMatchObject({ code: 'FISH_NOT_THERE' });
    const bad = await shoot(s.session, (await target(s.session)).id, 7);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'INVALID_BET' });
    expect((await shoot(s.session, 1.5, 1)).statusCode).toBe(422);

    // Shoot small fish until one is caught, then it cannot be shot again.
    let caught: ShotReply | undefined;
    const skip = new Set<number>();
    for (let i = 0; i < 60 && !caught; i += 1) {
      const f = await target(s.session, skip);
      const r = (await shoot(s.session, f.id, 1)).json<ShotReply>();
      if (r.captured) caught = r;
      now += 300;
    }
    expect(caught).toBeDefined();
    const twice = await shoot(s.session, caught!.fish_id, 1);
    expect(twice.json()).toMatchObject({ code: 'FISH_NOT_THERE' });
    expect(
      (await get('/api/fishing/fish', s.session))
        .json<FishReply>()
        .fish.some((f) => f.id === caught!.fish_id),
    ).toBe(false);

    // Not enough in-game balance for the 5,000 cannon: refused, nothing moved, no nonce used.
    const before = (await get('/api/me', s.session)).json<SessionReply>();
    const handle = await openDb(db);
    await handle.db.updateTable('transfer_wallets').set({ balance: 4_999 }).execute();
    const poor = await shoot(s.session, (await target(s.session)).id, 6);
    expect(poor.statusCode).toBe(409);
    expect(poor.json()).toMatchObject({ code: 'NOT_ENOUGH_MONEY' });
    const wallet4 = await handle.db.selectFrom('transfer_wallets').selectAll().executeTakeFirstOrThrow();
    const pair = await handle.db.selectFrom('seed_pairs').selectAll().executeTakeFirstOrThrow();
    const shots = await handle.db.selectFrom('fishing_shots').selectAll().execute();
    await handle.close();
    expect(wallet4.balance).toBe(4_999);
    expect(pair.next_nonce).toBe(before.fair.next_nonce);
    expect(shots).toHaveLength(pair.next_nonce);

    // The withdraw's summary adds up the shots of the session.
    const out = await withdrawAll('out-1');
    expect(out).toMatchObject({
      status: 'RS_OK',
      amount: 4_999,
      summary: {
        shots: shots.length,
        stake: shots.reduce((t, x) => t + x.cost, 0),
        payout: shots.reduce((t, x) => t + x.payout, 0),
      },
    });
  });

  it('provider 5: one bet buys 50 shots; the win on exit carries payouts plus the unfired bullets', async () => {
    const s = await session('5', 100_000);
    const fish = await target(s.session);
    const shot = (await shoot(s.session, fish.id, 1)).json<ShotReply>();
    expect(shot.magazine).toEqual({ level: 1, shots_left: 49 });
    const [bet] = wallet.callsOf('bet');
    expect(bet!.body).toMatchObject({
      amount: 5_000,
      game_code: 'ocean-dragon',
      user: '42',
      currency: 'KHR',
    });
    expect(wallet.callsOf('win')).toHaveLength(0);
    expect(shot.balance).toBe(100_000 - 5_000 + shot.payout + 49 * 100);

    const exit = (await post('/api/fishing/exit', {}, s.session)).json<ExitReply>();
    const [win] = wallet.callsOf('win');
    expect(win!.body).toMatchObject({
      amount: shot.payout + 4_900,
      reference_transaction_uuid: bet!.body.transaction_uuid,
      round_id: bet!.body.round_id,
      round_closed: true,
      meta: { shots: 1, payout: shot.payout, refund: 4_900 },
    });
    expect(exit.balance).toBe(100_000 - 100 + shot.payout);
    expect(wallet.balances.get('42')).toBe(exit.balance);
    expect(wallet.calls.every((c) => c.signatureOk)).toBe(true);
  });

  it('provider 5: an empty magazine sends its win, a level change settles the old one, balances add up', async () => {
    const s = await session('5', 1_000_000);
    const skip = new Set<number>();
    let stake = 0;
    let payout = 0;
    for (let i = 0; i < 53; i += 1) {
      const f = await target(s.session, skip);
      const level = i < 51 ? 1 : 2;
      const r = await shoot(s.session, f.id, level);
      expect(r.statusCode, r.body).toBe(200);
      const shot = r.json<ShotReply>();
      stake += shot.cost;
      payout += shot.payout;
      if (shot.captured) skip.add(f.id);
      if (i === 49) {
        expect(shot.magazine).toEqual({ level: 1, shots_left: 0 });
        // The 50th shot emptied the magazine: its win is sent with no refund.
        const [win] = wallet.callsOf('win');
        expect(win!.body.meta).toMatchObject({ shots: 50, refund: 0 });
      }
      if (i === 50) expect(shot.magazine).toEqual({ level: 1, shots_left: 49 });
      if (i === 51) expect(shot.magazine).toEqual({ level: 2, shots_left: 49 });
      now += 400;
    }
    await post('/api/fishing/exit', {}, s.session);
    const bets = wallet.callsOf('bet').map((c) => c.body.amount);
    expect(bets).toEqual([5_000, 5_000, 10_000]);
    const wins = wallet.callsOf('win').map((c) => c.body.meta as { shots: number; refund: number });
    expect(wins.map((m) => [m.shots, m.refund])).toEqual([
      [50, 0],
      [1, 4_900],
      [2, 9_600],
    ]);
    // Every bet has its win: the wallet holds exactly start − shots fired + payouts.
    expect(wallet.balances.get('42')).toBe(1_000_000 - stake + payout);
  }, 30_000);

  it('provider 5: a refused magazine bet refuses the shot, with nothing recorded', async () => {
    const s = await session('5', 4_999);
    const f = await target(s.session);
    const res = await shoot(s.session, f.id, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'NOT_ENOUGH_MONEY' });
    const handle = await openDb(db);
    const shots = await handle.db.selectFrom('fishing_shots').selectAll().execute();
    await handle.close();
    expect(shots).toHaveLength(0);
    expect(wallet.balances.get('42')).toBe(4_999);
  });

  it('provider 5: a win the wallet does not take is retried from the outbox; an idle magazine is settled by the worker', async () => {
    const s = await session('5', 100_000);
    const first = (await shoot(s.session, (await target(s.session)).id, 2)).json<ShotReply>();
    expect(first.magazine).toEqual({ level: 2, shots_left: 49 });
    // The wallet fails the win sent on exit: the page still gets its answer, the win stays owed.
    wallet.failures.set('win', ['http500']);
    await post('/api/fishing/exit', {}, s.session);
    expect(wallet.callsOf('win')).toHaveLength(1);
    expect(wallet.balances.get('42')).toBe(100_000 - 10_000);
    now += 61_000;
    expect(await studio.provider.drainOutbox()).toBe(1);
    expect(wallet.balances.get('42')).toBe(100_000 - 200 + first.payout);

    // A magazine the player walked away from: after 30 min without a shot the worker refunds its bullets.
    const second = (await shoot(s.session, (await target(s.session)).id, 1)).json<ShotReply>();
    expect(second.magazine).toEqual({ level: 1, shots_left: 49 });
    now += 29 * 60_000;
    await studio.provider.drainOutbox();
    expect(wallet.callsOf('win')).toHaveLength(2);
    now += 2 * 60_000;
    await studio.provider.drainOutbox();
    const wins = wallet.callsOf('win');
    expect(wins).toHaveLength(3);
    expect(wins[2]!.body.meta).toEqual({ shots: 1, payout: second.payout, refund: 4_900 });
    expect(wallet.balances.get('42')).toBe(100_000 - 200 + first.payout - 100 + second.payout);
  });

  it('provider 5: a new page settles the magazine an earlier page left open', async () => {
    const a = await session('5', 100_000);
    const shot = (await shoot(a.session, (await target(a.session)).id, 1)).json<ShotReply>();
    expect(wallet.callsOf('win')).toHaveLength(0);
    const b = await session('5', 100_000);
    expect(wallet.callsOf('win')).toHaveLength(1);
    expect(b.balance).toBe(100_000 - 100 + shot.payout);
    // The old page's magazine is closed: its next shot buys a new one.
    const again = (await shoot(a.session, (await target(a.session)).id, 1)).json<ShotReply>();
    expect(again.magazine).toEqual({ level: 1, shots_left: 49 });
    expect(wallet.callsOf('bet')).toHaveLength(2);
  });

  it('the capture rule is the published one: uniform(D) below the fish threshold', () => {
    const seed = '5bfd02a12d89377308d99fe3e193429a3f21347e0c9670b1a36dcc473983f277';
    for (let nonce = 0; nonce < 50; nonce += 1) {
      const draw = uniform(fairWordSource(seed, 'player-seed', nonce), CAPTURE_RANGE);
      const shot = resolveShot(fairWordSource(seed, 'player-seed', nonce), 'F10', 1);
      expect(shot.ok && shot.value.captured).toBe(draw < captureThreshold(fishKind('F10')!));
    }
  });
});
