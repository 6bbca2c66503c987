import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_DIALECTS } from '../../../../test/databases';
import { ProviderWalletClient, uuid } from '../../../../test/provider-wallet-client';
import { createTestApp, TestBrowser, type TestContext } from '../../../../test/test-app';
import { riel } from '@lotto59/domain';
import * as repo from './seamless-wallet.repository';
import { CallFactsReader } from './call-facts.reader';
import type { PlayerFacts } from '../player-facts';
import { SECRETS_FILE } from '../providers.public';

const SECRET_3 = 'a1'.repeat(32);
const SECRET_2 = 'b2'.repeat(32);

describe.each(TEST_DIALECTS)('seamless wallet over real HTTP on %s (providers.md §2, §3, §5)', (dialect) => {
  let t: TestContext;
  let slots: ProviderWalletClient;
  let casino: ProviderWalletClient;

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      PROVIDER_3_SECRET: SECRET_3,
      PROVIDER_2_SECRET: SECRET_2,
      PROVIDER_MAX_BET: '200000',
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const base = `http://127.0.0.1:${address.port}`;
    slots = new ProviderWalletClient(base, '3', SECRET_3, () => t.clock.nowMs());
    casino = new ProviderWalletClient(base, '2', SECRET_2, () => t.clock.nowMs());
  });
  afterAll(() => t.close());
  // Every movement of every test leaves the ledger balanced.
  afterEach(async () => {
    expect(await t.app.services.wallet.reconcile()).toMatchObject({ ok: true });
  });

  /** A logged-in player with a balance, and a launched slot session exchanged as the game page would. */
  async function seat(balance = 100_000, game: { client?: ProviderWalletClient; provider?: '2' | '3' } = {}) {
    const client = game.client ?? slots;
    const provider = game.provider ?? '3';
    const player = await t.newPlayer({ balance });
    const browser = new TestBrowser(t.app);
    expect((await browser.login(player.username, player.password)).statusCode).toBe(200);
    const launched = await browser.get(`/api/external/${provider}/url?lang=en&platform=desktop`);
    expect(launched.statusCode).toBe(200);
    const { url, token } = launched.json().data as { url: string; token: string };
    const code = new URL(url, 'http://x').searchParams.get('code')!;
    const session = await client.call('session', { request_uuid: uuid(), code });
    expect(session).toMatchObject({ status: 'RS_OK', token, user: String(player.id), currency: 'KHR' });
    return { player, browser, token, user: String(player.id), url };
  }

  const balanceOf = (playerId: number) => t.app.services.wallet.playerBalance(playerId);
  const transfersCount = async () =>
    (
      await t.tdb.db
        .selectFrom('transfers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  function bet(s: { token: string; user: string }, amount: number, extra: Record<string, unknown> = {}) {
    return {
      request_uuid: uuid(),
      transaction_uuid: uuid(),
      token: s.token,
      user: s.user,
      game_code: 'angkor-fortune',
      round_id: `spin-${uuid()}`,
      amount,
      currency: 'KHR',
      meta: { stops: [15, 21, 0, 9, 2] },
      ...extra,
    };
  }
  function win(s: { token: string; user: string }, placed: ReturnType<typeof bet>, amount: number) {
    return {
      request_uuid: uuid(),
      transaction_uuid: uuid(),
      reference_transaction_uuid: placed.transaction_uuid,
      token: s.token,
      user: s.user,
      game_code: placed.game_code,
      round_id: placed.round_id,
      amount,
      round_closed: true,
      currency: 'KHR',
      meta: { lines: [], scatter: 0 },
    };
  }
  function rollback(s: { token: string; user: string }, reference: string, roundId: string) {
    return {
      request_uuid: uuid(),
      transaction_uuid: uuid(),
      reference_transaction_uuid: reference,
      token: s.token,
      user: s.user,
      game_code: 'angkor-fortune',
      round_id: roundId,
    };
  }
  const round = (roundId: string) =>
    t.tdb.db
      .selectFrom('provider_rounds')
      .selectAll()
      .where('provider', '=', '3')
      .where('round_id', '=', roundId)
      .executeTakeFirst();

  it('launches with a URL of the demo provider carrying a one-time code, and answers a balance', async () => {
    const s = await seat(50_000);
    const url = new URL(s.url, 'http://x');
    expect(url.pathname).toBe('/provider/demo/angkor-fortune/');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      provider: '3',
      lang: 'en',
      platform: 'desktop',
      sound: '1',
    });
    expect(s.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const balance = await slots.call('balance', {
      request_uuid: uuid(),
      token: s.token,
      user: s.user,
      game_code: 'angkor-fortune',
    });
    expect(balance).toMatchObject({ status: 'RS_OK', user: s.user, currency: 'KHR', balance: 50_000 });
    // The code was taken once: a second exchange is refused.
    const again = await slots.call('session', { request_uuid: uuid(), code: url.searchParams.get('code') });
    expect(again.status).toBe('RS_ERROR_INVALID_TOKEN');
  });

  it('refuses a launch code older than 120 s, and the sound cookie turns the sound off', async () => {
    const player = await t.newPlayer();
    const browser = new TestBrowser(t.app);
    await browser.login(player.username, player.password);
    browser.cookies.set('sound', 'DISABLED');
    const launched = (await browser.get('/api/external/3/url')).json().data as { url: string };
    const url = new URL(launched.url, 'http://x');
    expect(url.searchParams.get('sound')).toBe('0');
    expect(url.searchParams.get('lang')).toBe('km');
    t.clock.advanceMs(120_001);
    const late = await slots.call('session', { request_uuid: uuid(), code: url.searchParams.get('code') });
    expect(late.status).toBe('RS_ERROR_INVALID_TOKEN');
  });

  it('lists the slot games and refuses a launch without a session or of an unknown game', async () => {
    const s = await seat();
    const list = await s.browser.get('/api/external/3/list');
    expect(list.json().data).toEqual([
      {
        code: 'angkor-fortune',
        name: 'Angkor Fortune',
        name_km: 'សំណាងអង្គរ',
        lines: 20,
        rtp: '96.60',
        min_bet: 1_000,
        max_bet: 50_000,
        thumbnail: '/provider/demo/assets/angkor-fortune.svg',
      },
    ]);
    expect((await s.browser.get('/api/external/3/url?game_code=baccarat')).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect((await new TestBrowser(t.app).get('/api/external/2/url')).statusCode).toBe(401);
  });

  it('a new launch of the same game retires the older token', async () => {
    const s = await seat();
    const newer = (await s.browser.get('/api/external/3/url')).json().data as { token: string };
    expect(newer.token).not.toBe(s.token);
    expect((await slots.call('bet', bet(s, 1_000))).status).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await slots.call('bet', bet({ ...s, token: newer.token }, 1_000))).status).toBe('RS_OK');
  });

  it('a bad, stale or foreign signature is refused and changes nothing', async () => {
    const s = await seat(10_000);
    const before = await transfersCount();
    const body = JSON.stringify(bet(s, 1_000));
    const bad = await slots.raw('bet', body, { signature: 'f'.repeat(64) });
    expect(bad).toMatchObject({
      httpStatus: 200,
      reply: { status: 'RS_ERROR_INVALID_SIGNATURE' },
      signed: true,
    });
    const stale = await slots.raw('bet', body, { timestamp: String(t.clock.nowMs() - 300_001) });
    expect(stale.reply.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    const future = await slots.raw('bet', body, { timestamp: String(t.clock.nowMs() + 300_001) });
    expect(future.reply.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    // Signed over other bytes than those sent (a changed amount).
    const altered = await slots.raw('bet', body, {
      signedBody: body.replace('"amount":1000', '"amount":10'),
    });
    expect(altered.reply.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    // Provider 2's secret does not sign for provider 3.
    const foreign = await slots.raw('bet', body, {
      signature: slots.sign(String(t.clock.nowMs()), body, SECRET_2),
    });
    expect(foreign.reply.status).toBe('RS_ERROR_INVALID_SIGNATURE');
    const wrongHeader = await slots.raw('bet', body, { provider: '2' });
    expect(wrongHeader.reply.status).toBe('RS_ERROR_INVALID_PARTNER');
    // Just inside the window is accepted.
    const edge = await slots.raw('bet', body, { timestamp: String(t.clock.nowMs() - 300_000) });
    expect(edge.reply.status).toBe('RS_OK');
    expect(await transfersCount()).toBe(before + 1);
    expect(await balanceOf(s.player.id)).toBe(9_000);
  });

  it('a malformed body after a good signature is RS_ERROR_UNKNOWN and moves nothing', async () => {
    const s = await seat(10_000);
    const before = await transfersCount();
    expect((await slots.raw('bet', '{"amount":')).reply.status).toBe('RS_ERROR_UNKNOWN');
    expect((await slots.call('bet', bet(s, -5))).status).toBe('RS_ERROR_UNKNOWN');
    expect((await slots.call('bet', bet(s, 1.5))).status).toBe('RS_ERROR_UNKNOWN');
    expect((await slots.call('bet', { ...bet(s, 100), transaction_uuid: 'x' })).status).toBe(
      'RS_ERROR_UNKNOWN',
    );
    expect((await slots.call('jackpot', bet(s, 100))).status).toBe('RS_ERROR_UNKNOWN');
    expect((await slots.call('bet', bet(s, 1_000, { currency: 'USD' }))).status).toBe(
      'RS_ERROR_WRONG_CURRENCY',
    );
    expect((await slots.call('bet', bet(s, 1_000, { game_code: 'baccarat' }))).status).toBe(
      'RS_ERROR_INVALID_GAME',
    );
    expect((await slots.call('bet', bet(s, 1_000, { user: '999999' }))).status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    expect(await transfersCount()).toBe(before);
    expect(await balanceOf(s.player.id)).toBe(10_000);
  });

  it('bet, win and their replays: the first answer again, money moved once, the round recorded', async () => {
    const s = await seat(100_000);
    const placed = bet(s, 20_000);
    const first = await slots.call('bet', placed);
    expect(first).toMatchObject({ status: 'RS_OK', balance: 80_000, request_uuid: placed.request_uuid });
    expect(await round(placed.round_id)).toMatchObject({ stake: 20_000, payout: 0, status: 'OPEN' });
    // A retry carries a new request_uuid: the stored first answer comes back.
    const replay = await slots.call('bet', { ...placed, request_uuid: uuid() });
    expect(replay).toEqual(first);

    const paid = win(s, placed, 35_000);
    const won = await slots.call('win', paid);
    expect(won).toMatchObject({ status: 'RS_OK', balance: 115_000 });
    expect(await slots.call('win', { ...paid, request_uuid: uuid() })).toEqual(won);
    expect(await balanceOf(s.player.id)).toBe(115_000);
    const row = await round(placed.round_id);
    expect(row).toMatchObject({ stake: 20_000, payout: 35_000, status: 'CLOSED' });
    expect(JSON.parse(row!.bet_meta!)).toEqual({ stops: [15, 21, 0, 9, 2] });

    // The same transaction ids with other business fields are refused and change nothing.
    expect((await slots.call('bet', { ...placed, amount: 20_001 })).status).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
    expect((await slots.call('win', { ...paid, amount: 1 })).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect((await slots.call('bet', { ...paid, amount: 1 })).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await balanceOf(s.player.id)).toBe(115_000);
    // Balance is never cached.
    await t.app.services.cashier.deposit({
      playerId: s.player.id,
      amount: 5 as never,
      idempotencyKey: uuid(),
    });
    const live = await slots.call('balance', {
      request_uuid: uuid(),
      token: s.token,
      user: s.user,
      game_code: 'angkor-fortune',
    });
    expect(live.balance).toBe(115_005);
  });

  it('SQLite writes the moves with its prepared statements (decision 0021), PostgreSQL as one statement each (0038)', async () => {
    const s = await seat(10_000);
    const viaKysely = vi.spyOn(t.app.services.wallet, 'transferWithin');
    // The move lane's two paths (private to the wallet): a move alone, and a player's half for a caller's
    // statement (which a move alone also takes on PostgreSQL).
    const lanePaths = t.app.services.wallet as unknown as Record<'moveInLane' | 'playerLeg', () => unknown>;
    const inOneStatement = vi.spyOn(lanePaths, 'moveInLane');
    const playerHalves = vi.spyOn(lanePaths, 'playerLeg');
    try {
      const placed = bet(s, 1_000);
      const placedReply = await slots.call('bet', placed);
      expect(placedReply).toMatchObject({ status: 'RS_OK', balance: 9_000 });
      const paid = win(s, placed, 300);
      const paidReply = await slots.call('win', paid);
      expect(paidReply).toMatchObject({ status: 'RS_OK', balance: 9_300 });
      const cancelled = bet(s, 2_000);
      expect(await slots.call('bet', cancelled)).toMatchObject({ status: 'RS_OK', balance: 7_300 });
      const back = rollback(s, cancelled.transaction_uuid, cancelled.round_id);
      expect(await slots.call('rollback', back)).toMatchObject({ status: 'RS_OK', balance: 9_300 });
      expect(viaKysely).toHaveBeenCalledTimes(0);
      // PostgreSQL: the bets and the win with their records (one statement each), the rollback's transfer alone.
      expect(playerHalves).toHaveBeenCalledTimes(dialect === 'sqlite' ? 0 : 4);
      expect(inOneStatement).toHaveBeenCalledTimes(dialect === 'sqlite' ? 0 : 1);
      expect(await round(placed.round_id)).toMatchObject({ stake: 1_000, payout: 300, status: 'CLOSED' });
      expect(await round(cancelled.round_id)).toMatchObject({ stake: 0, status: 'ROLLED_BACK' });
      // The stored answers are the answers, byte for byte (the statement fills in the balance).
      const stored = async (transactionUuid: string) =>
        (await repo.findTransaction(t.tdb.db, '3', transactionUuid))?.response_json;
      const { status, request_uuid, user, currency, balance } = placedReply;
      expect(await stored(placed.transaction_uuid)).toBe(
        JSON.stringify({ status, request_uuid, user, currency, balance }),
      );
      expect(JSON.parse((await stored(paid.transaction_uuid))!)).toEqual(paidReply);
      expect(await stored(paid.transaction_uuid)).toBe(
        `{"status":"RS_OK","request_uuid":"${paid.request_uuid}","user":"${s.user}","currency":"KHR","balance":9300}`,
      );
    } finally {
      viaKysely.mockRestore();
      inOneStatement.mockRestore();
      playerHalves.mockRestore();
    }
  });

  it('a win of 0 closes the round, and a win naming an unknown bet is refused', async () => {
    const s = await seat(10_000);
    const placed = bet(s, 1_000);
    await slots.call('bet', placed);
    expect(await slots.call('win', win(s, placed, 0))).toMatchObject({ status: 'RS_OK', balance: 9_000 });
    expect(await round(placed.round_id)).toMatchObject({ stake: 1_000, payout: 0, status: 'CLOSED' });
    const orphan = { ...win(s, placed, 500), reference_transaction_uuid: uuid() };
    expect((await slots.call('win', orphan)).status).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(await balanceOf(s.player.id)).toBe(9_000);
  });

  it('rollback returns the stake once; a replay answers the same; a win on it is refused', async () => {
    const s = await seat(10_000);
    const placed = bet(s, 4_000);
    await slots.call('bet', placed);
    const back = rollback(s, placed.transaction_uuid, placed.round_id);
    const first = await slots.call('rollback', back);
    expect(first).toMatchObject({ status: 'RS_OK', balance: 10_000 });
    expect(await slots.call('rollback', { ...back, request_uuid: uuid() })).toEqual(first);
    // A second rollback of the same bet under a new id moves nothing.
    const second = await slots.call('rollback', rollback(s, placed.transaction_uuid, placed.round_id));
    expect(second).toMatchObject({ status: 'RS_OK', balance: 10_000 });
    expect(await round(placed.round_id)).toMatchObject({ stake: 0, payout: 0, status: 'ROLLED_BACK' });
    expect((await slots.call('win', win(s, placed, 8_000))).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await balanceOf(s.player.id)).toBe(10_000);
  });

  it('a rollback before its bet leaves a tombstone that refuses the late bet', async () => {
    const s = await seat(10_000);
    const late = bet(s, 3_000);
    const back = await slots.call('rollback', rollback(s, late.transaction_uuid, late.round_id));
    expect(back).toMatchObject({ status: 'RS_OK', balance: 10_000 });
    expect((await slots.call('bet', late)).status).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
    expect(await balanceOf(s.player.id)).toBe(10_000);
    // Tombstones are not report rows.
    expect(await round(late.round_id)).toBeUndefined();
  });

  it('a rollback of a bet whose round has a win is RS_ERROR_UNKNOWN and moves nothing', async () => {
    const s = await seat(10_000);
    const placed = bet(s, 2_000);
    await slots.call('bet', placed);
    await slots.call('win', { ...win(s, placed, 1_000), round_closed: false });
    const refused = await slots.call('rollback', rollback(s, placed.transaction_uuid, placed.round_id));
    expect(refused.status).toBe('RS_ERROR_UNKNOWN');
    expect(await balanceOf(s.player.id)).toBe(9_000);
    expect(await round(placed.round_id)).toMatchObject({ stake: 2_000, payout: 1_000, status: 'OPEN' });
  });

  it('a win after the token expired is paid; a bet then answers RS_ERROR_TOKEN_EXPIRED', async () => {
    const s = await seat(10_000);
    const placed = bet(s, 1_000);
    await slots.call('bet', placed);
    t.clock.advanceMs(31 * 60_000);
    expect((await slots.call('bet', bet(s, 1_000))).status).toBe('RS_ERROR_TOKEN_EXPIRED');
    expect(await slots.call('win', win(s, placed, 5_000))).toMatchObject({
      status: 'RS_OK',
      balance: 14_000,
    });
  });

  it('wallet calls keep the token alive for 30 minutes after the last one', async () => {
    const s = await seat(10_000);
    t.clock.advanceMs(20 * 60_000);
    expect((await slots.call('bet', bet(s, 1_000))).status).toBe('RS_OK');
    t.clock.advanceMs(20 * 60_000);
    expect((await slots.call('bet', bet(s, 1_000))).status).toBe('RS_OK');
  });

  it('a session played without pause ends 12 hours after its launch whatever its calls (providers.md §5)', async () => {
    // Deposit enough for 12 h of a bet every 20 minutes, so only the cap can stop it.
    const s = await seat(1_000_000);
    let bets = 0;
    let elapsedMs = 0;
    while (elapsedMs + 20 * 60_000 < 12 * 3_600_000) {
      t.clock.advanceMs(20 * 60_000);
      elapsedMs += 20 * 60_000;
      expect((await slots.call('bet', bet(s, 1_000))).status).toBe('RS_OK');
      bets += 1;
    }
    expect(bets).toBe(35); // 11 h 40 min of play, the token kept alive by each call
    t.clock.advanceMs(12 * 3_600_000 - elapsedMs);
    expect((await slots.call('bet', bet(s, 1_000))).status).toBe('RS_ERROR_TOKEN_EXPIRED');
    expect(
      (
        await slots.call('balance', {
          request_uuid: uuid(),
          token: s.token,
          user: s.user,
          game_code: 'angkor-fortune',
        })
      ).status,
    ).toBe('RS_ERROR_TOKEN_EXPIRED');
  });

  it('a round id already used for another player is refused and moves nothing (a studio reusing ids)', async () => {
    const first = await seat(10_000);
    const second = await seat(10_000);
    const placed = bet(first, 2_000);
    expect((await slots.call('bet', placed)).status).toBe('RS_OK');
    const intruder = bet(second, 3_000, { round_id: placed.round_id });
    expect((await slots.call('bet', intruder)).status).toBe('RS_ERROR_UNKNOWN');
    // Nothing of it was stored: its replay is judged again, not answered from a record.
    expect((await slots.call('bet', { ...intruder, request_uuid: uuid() })).status).toBe('RS_ERROR_UNKNOWN');
    expect(await balanceOf(second.player.id)).toBe(10_000);
    expect(await round(placed.round_id)).toMatchObject({ player_id: first.player.id, stake: 2_000 });
    // The owner's own second bet in the round still adds to it.
    expect((await slots.call('bet', bet(first, 1_000, { round_id: placed.round_id }))).status).toBe('RS_OK');
    expect(await round(placed.round_id)).toMatchObject({ player_id: first.player.id, stake: 3_000 });
  });

  it('50 concurrent bets against a balance covering 20 accept exactly 20', async () => {
    const s = await seat(20_000);
    const replies = await Promise.all(Array.from({ length: 50 }, () => slots.call('bet', bet(s, 1_000))));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((x) => x === 'RS_OK')).toHaveLength(20);
    expect(statuses.filter((x) => x === 'RS_ERROR_NOT_ENOUGH_MONEY')).toHaveLength(30);
    expect(await balanceOf(s.player.id)).toBe(0);
    const refused = replies.find((r) => r.status === 'RS_ERROR_NOT_ENOUGH_MONEY')!;
    expect(refused).toMatchObject({ currency: 'KHR', user: s.user });
    expect(typeof refused.balance).toBe('number');
  });

  it('bets and wins of 12 players at once (shared batches on both dialects) land each once, and the ledger reconciles', async () => {
    const seats = await Promise.all(Array.from({ length: 12 }, () => seat(5_000)));
    const providerBefore = await t.app.services.wallet.systemBalance('provider:3');
    // Per player: four bets of 1,000 and a fifth of 2,000 that the balance cannot cover once the four land.
    // All at once, so that refused and accepted units share batches.
    const placed = seats.map((s) => [1, 2, 3, 4].map(() => bet(s, 1_000)));
    const overdrawn = seats.map((s) => bet(s, 2_000));
    const firstReplies = await Promise.all(
      seats.flatMap((_, i) => [
        ...placed[i]!.map((b) => slots.call('bet', b)),
        slots.call('bet', overdrawn[i]!),
      ]),
    );
    const statuses = firstReplies.map((r) => r.status);
    // Each player had 5,000: the fifth bet lands only if it came before one of the others (then one of the
    // 1,000s is refused); either way exactly 4,000 or 5,000 was staked and nothing went below zero.
    expect(statuses.filter((x) => x !== 'RS_OK' && x !== 'RS_ERROR_NOT_ENOUGH_MONEY')).toEqual([]);
    const landed = (b: ReturnType<typeof bet>) =>
      firstReplies[seats.flatMap((_, i) => [...placed[i]!, overdrawn[i]!]).indexOf(b)]!.status === 'RS_OK';
    // Now every landed bet's win (300 each) at once, with each landed bet sent again (replays).
    const wins = seats.flatMap((s, i) =>
      [...placed[i]!, overdrawn[i]!].filter(landed).map((b) => win(s, b, 300)),
    );
    const replays = seats.flatMap((_, i) => [...placed[i]!, overdrawn[i]!].filter(landed));
    const secondReplies = await Promise.all([
      ...wins.map((w) => slots.call('win', w)),
      ...replays.map((b) => slots.call('bet', b)),
    ]);
    expect(secondReplies.map((r) => r.status).every((x) => x === 'RS_OK')).toBe(true);
    let staked = 0;
    for (const [i, s] of seats.entries()) {
      const mine = [...placed[i]!, overdrawn[i]!].filter(landed);
      const stake = mine.reduce((sum, b) => sum + b.amount, 0);
      staked += stake;
      expect(stake).toBeLessThanOrEqual(5_000);
      expect(stake).toBeGreaterThanOrEqual(4_000);
      expect(await balanceOf(s.player.id)).toBe(5_000 - stake + 300 * mine.length);
    }
    // The provider's account got every stake and paid every win, once.
    expect(await t.app.services.wallet.systemBalance('provider:3')).toBe(
      providerBefore + staked - 300 * wins.length,
    );
    expect(await t.app.services.wallet.reconcile()).toMatchObject({
      ok: true,
      sumOfBalances: 0,
      negativePlayerAccounts: 0,
      unbalanced: [],
    });
  });

  it('the same bet sent 10 times at once moves money once', async () => {
    const s = await seat(20_000);
    const placed = bet(s, 5_000);
    const replies = await Promise.all(Array.from({ length: 10 }, () => slots.call('bet', placed)));
    expect(new Set(replies.map((r) => JSON.stringify(r))).size).toBe(1);
    expect(replies[0]).toMatchObject({ status: 'RS_OK', balance: 15_000 });
    expect(await balanceOf(s.player.id)).toBe(15_000);
  });

  it('one transaction id sent at once with other amounts: one lands, the others are duplicates', async () => {
    const s = await seat(20_000);
    const placed = bet(s, 1_000);
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => slots.call('bet', { ...placed, amount: 1_000 * (i + 1) })),
    );
    const landed = replies.filter((r) => r.status === 'RS_OK');
    expect(landed).toHaveLength(1);
    expect(replies.filter((r) => r.status === 'RS_ERROR_DUPLICATE_TRANSACTION')).toHaveLength(5);
    expect(await balanceOf(s.player.id)).toBe(landed[0]!.balance);
    expect((await round(placed.round_id))?.stake).toBe(20_000 - landed[0]!.balance!);
  });

  it('a bet and its rollback sent at once: whichever lands first, the balance ends where it began', async () => {
    const s = await seat(50_000);
    const pairs = Array.from({ length: 10 }, () => bet(s, 1_000));
    const replies = await Promise.all(
      pairs.flatMap((placed) => [
        slots.call('bet', placed),
        slots.call('rollback', rollback(s, placed.transaction_uuid, placed.round_id)),
      ]),
    );
    // Every rollback is RS_OK; a bet is RS_OK (then rolled back) or refused by its tombstone.
    for (let i = 0; i < pairs.length; i++) {
      expect(['RS_OK', 'RS_ERROR_TRANSACTION_ROLLED_BACK']).toContain(replies[2 * i]!.status);
      expect(replies[2 * i + 1]!.status).toBe('RS_OK');
    }
    expect(await balanceOf(s.player.id)).toBe(50_000);
  });

  it('a win and a rollback of one bet sent at once: exactly one of them lands, the round agrees', async () => {
    const s = await seat(50_000);
    const placed = Array.from({ length: 10 }, () => bet(s, 1_000));
    for (const p of placed) expect((await slots.call('bet', p)).status).toBe('RS_OK');
    const replies = await Promise.all(
      placed.flatMap((p) => [
        slots.call('win', win(s, p, 3_000)),
        slots.call('rollback', rollback(s, p.transaction_uuid, p.round_id)),
      ]),
    );
    let expected = 40_000;
    for (let i = 0; i < placed.length; i++) {
      const [paid, back] = [replies[2 * i]!.status, replies[2 * i + 1]!.status];
      const r = await round(placed[i]!.round_id);
      if (paid === 'RS_OK') {
        // The win came first: the rollback of a bet whose round has a win is refused.
        expect(back).toBe('RS_ERROR_UNKNOWN');
        expect(r).toMatchObject({ stake: 1_000, payout: 3_000, status: 'CLOSED' });
        expected += 3_000;
      } else {
        expect(paid).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
        expect(back).toBe('RS_OK');
        // The refused win left nothing on the round.
        expect(r).toMatchObject({ stake: 0, payout: 0, status: 'ROLLED_BACK', win_meta: null });
        expected += 1_000;
      }
    }
    expect(await balanceOf(s.player.id)).toBe(expected);
  });

  it.runIf(dialect === 'postgres')(
    "a win waiting on its round for another process's rollback of the bet sees that rollback and pays nothing",
    async () => {
      const s = await seat(10_000);
      const placed = bet(s, 2_000);
      expect(await slots.call('bet', placed)).toMatchObject({ status: 'RS_OK', balance: 8_000 });
      let rolledBack!: () => void;
      const rollbackHeld = new Promise<void>((r) => (rolledBack = r));
      let commit!: () => void;
      const mayCommit = new Promise<void>((r) => (commit = r));
      // Another API process's rollback: the round's lock, the bet marked, the stake back; not yet committed.
      const otherProcess = t.tdb.db.transaction().execute(async (trx) => {
        await repo.lockRound(trx, '3', placed.round_id);
        expect(await repo.markRolledBack(trx, '3', placed.transaction_uuid)).toBe(true);
        await t.app.services.wallet.transferWithin(trx, {
          idempotencyKey: `prov:3:${uuid()}`,
          kind: 'provider_rollback',
          from: { system: 'provider:3' },
          to: { playerId: s.player.id },
          amount: riel(2_000),
          reference: placed.round_id,
        });
        rolledBack();
        await mayCommit;
      });
      await rollbackHeld;
      const paid = slots.call('win', win(s, placed, 5_000));
      // The win's batch now waits for the round's lock.
      await new Promise((r) => setTimeout(r, 200));
      commit();
      await otherProcess;
      expect(await paid).toMatchObject({ status: 'RS_ERROR_TRANSACTION_ROLLED_BACK' });
      expect(await balanceOf(s.player.id)).toBe(10_000);
      expect(await round(placed.round_id)).toMatchObject({ payout: 0 });
    },
  );

  it('PROVIDER_MAX_BET: a larger stake is RS_ERROR_LIMIT_REACHED, checked before the balance', async () => {
    const s = await seat(100_000);
    expect((await slots.call('bet', bet(s, 200_001))).status).toBe('RS_ERROR_LIMIT_REACHED');
    expect((await slots.call('bet', bet(s, 200_000))).status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    expect((await slots.call('bet', bet(s, 100_000))).status).toBe('RS_OK');
  });

  it('a disabled player, or maintenance, refuses bets but pays wins', async () => {
    const s = await seat(10_000);
    const placed = bet(s, 1_000);
    await slots.call('bet', placed);
    await t.app.services.players.setFlags(s.player.id, { disabled: true });
    expect((await slots.call('bet', bet(s, 1_000))).status).toBe('RS_ERROR_USER_DISABLED');
    expect((await slots.call('win', win(s, placed, 2_000))).status).toBe('RS_OK');
    await t.app.services.players.setFlags(s.player.id, { disabled: false });
    await t.app.services.maintenance.set(true);
    try {
      expect((await slots.call('bet', bet(s, 1_000))).status).toBe('RS_ERROR_USER_DISABLED');
    } finally {
      await t.app.services.maintenance.set(false);
    }
    expect(await balanceOf(s.player.id)).toBe(11_000);
  });

  it('a login elsewhere ends the game token for bets; the win of its round is still paid', async () => {
    const s = await seat(10_000);
    const placed = bet(s, 1_000);
    await slots.call('bet', placed);
    await new TestBrowser(t.app, '10.0.0.2').login(s.player.username, s.player.password);
    expect((await slots.call('bet', bet(s, 1_000))).status).toBe('RS_ERROR_INVALID_TOKEN');
    expect(
      (
        await slots.call('balance', {
          request_uuid: uuid(),
          token: s.token,
          user: s.user,
          game_code: 'angkor-fortune',
        })
      ).status,
    ).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await slots.call('win', win(s, placed, 3_000))).status).toBe('RS_OK');
    expect(await balanceOf(s.player.id)).toBe(12_000);
  });

  it('a password change or a logout ends the game token too', async () => {
    const s = await seat(10_000);
    const changed = await s.browser.put('/api/user/change_password', {
      old_password: s.player.password,
      new_password: 'another fine passphrase',
      confirm: 'another fine passphrase',
    });
    expect(changed.statusCode).toBe(200);
    expect((await slots.call('bet', bet(s, 1_000))).status).toBe('RS_ERROR_INVALID_TOKEN');
    const o = await seat(10_000);
    expect((await o.browser.post('/logout')).statusCode).toBeLessThan(300);
    expect((await slots.call('bet', bet(o, 1_000))).status).toBe('RS_ERROR_INVALID_TOKEN');
    expect(await balanceOf(s.player.id)).toBe(10_000);
  });

  it('tokens are per provider; an unknown or unconfigured provider is RS_ERROR_INVALID_PARTNER', async () => {
    const s = await seat(10_000);
    expect((await casino.call('bet', { ...bet(s, 1_000), game_code: 'baccarat' })).status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    const c = await seat(10_000, { client: casino, provider: '2' });
    expect((await casino.call('bet', { ...bet(c, 1_000), game_code: 'baccarat' })).status).toBe('RS_OK');
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const stranger = new ProviderWalletClient(base, '9', SECRET_3, () => t.clock.nowMs());
    expect((await stranger.raw('balance', '{}')).reply).toEqual({ status: 'RS_ERROR_INVALID_PARTNER' });
    // No cookie and no XSRF header were ever sent on these calls: the signature alone authenticates.
  });

  it.runIf(dialect === 'sqlite')('generates unset secrets once in the data folder (embedded mode)', () => {
    const path = join(t.tdb.env.DATA_DIR!, SECRETS_FILE);
    expect(existsSync(path)).toBe(true);
    const stored = JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
    // Set in the environment: not written; unset: generated.
    expect(stored['3']).toBeUndefined();
    expect(stored['5']).toMatch(/^[0-9a-f]{64}$/);
    const secrets = t.app.services.providers.secrets;
    expect(secrets.find((x) => x.code === '5')).toMatchObject({ secret: stored['5'], source: 'file' });
    expect(secrets.find((x) => x.code === '3')).toMatchObject({ secret: SECRET_3, source: 'env' });
  });

  it.runIf(dialect === 'postgres')(
    'the calls of one turn read their first facts in ONE statement, each answered its own (decision 0056)',
    async () => {
      const a = await seat(10_000);
      const b = await seat(10_000);
      const placed = bet(a, 1_000);
      expect(await slots.call('bet', placed)).toMatchObject({ status: 'RS_OK' });
      await t.app.services.players.setFlags(b.player.id, { disabled: true });
      // Counts the statements this reader sends.
      let statements = 0;
      const counted = t.tdb.db.withPlugin({
        transformQuery: (args) => {
          statements += 1;
          return args.node;
        },
        transformResult: async (args) => args.result,
      });
      // The auth and players modules' expressions, as services.ts gives them to the wallet.
      const seamless = t.app.services.providers.seamless as unknown as { deps: { facts: PlayerFacts } };
      const reader = new CallFactsReader(counted, seamless.deps.facts.inStatement);
      const tokens = t.app.services.providers.tokens;
      const [known, fresh, disabled, unknownToken] = await Promise.all([
        reader.read({
          provider: '3',
          transactionUuid: placed.transaction_uuid,
          tokenHash: tokens.hashOf(a.token),
        }),
        reader.read({ provider: '3', transactionUuid: uuid(), tokenHash: tokens.hashOf(a.token) }),
        reader.read({ provider: '3', transactionUuid: uuid(), tokenHash: tokens.hashOf(b.token) }),
        // Another provider's id space: the bet above is not found under provider 2.
        reader.read({ provider: '2', transactionUuid: placed.transaction_uuid, tokenHash: 'no such token' }),
      ]);
      expect(statements).toBe(1);
      expect(known).toMatchObject({
        transaction: { transaction_uuid: placed.transaction_uuid, action: 'bet', amount: 1_000 },
        token: { player_id: a.player.id },
        sessionLive: true,
        playerDisabled: false,
      });
      expect(fresh).toMatchObject({
        transaction: undefined,
        token: { player_id: a.player.id },
        sessionLive: true,
      });
      expect(disabled).toMatchObject({
        transaction: undefined,
        token: { player_id: b.player.id },
        playerDisabled: true,
      });
      expect(unknownToken).toEqual({
        transaction: undefined,
        token: undefined,
        sessionLive: false,
        playerDisabled: false,
      });
      // A later turn is a statement of its own; a logout ends the token's session.
      expect((await b.browser.post('/logout')).statusCode).toBeLessThan(300);
      // (A balance call has no transaction id: none is looked up.)
      const later = await reader.read({
        provider: '3',
        transactionUuid: null,
        tokenHash: tokens.hashOf(b.token),
      });
      expect(statements).toBe(2);
      expect(later).toMatchObject({
        transaction: undefined,
        token: { player_id: b.player.id },
        sessionLive: false,
      });
    },
  );

  // Last: it closes the process's write queue, as a shutdown does.
  it('each move counts in the shared money write queue: once it closes, a bet is 503 BUSY and moves nothing', async () => {
    const s = await seat(10_000);
    const placed = bet(s, 1_000);
    expect((await slots.call('bet', placed)).status).toBe('RS_OK');
    const [balance, transfers] = [await balanceOf(s.player.id), await transfersCount()];
    await t.app.services.stakeBatches.close();
    const calls: [string, object][] = [
      ['bet', bet(s, 1_000)],
      ['win', win(s, placed, 500)],
    ];
    for (const [action, call] of calls) {
      const res = await slots.raw(action, JSON.stringify(call));
      expect(res.httpStatus).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(res.reply).toMatchObject({ code: 'BUSY' });
    }
    expect(await balanceOf(s.player.id)).toBe(balance);
    expect(await transfersCount()).toBe(transfers);
  });
});
