import { join } from 'node:path';
import { riel } from '@lotto59/domain';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../../test/databases';
import { FakeTransferProvider } from '../../../../test/fake-transfer-provider';
import { holdQuery, selectFrom } from '../../../../test/held-query';
import { createTestApp, TestBrowser, type TestContext } from '../../../../test/test-app';
import { openSqlite } from '../../../db/create-db';
import { FishingService } from './fishing.service';
import { TransferClient } from './transfer-client';
import { RECHECK_DELAYS_MS, TransferWallet } from './transfer-wallet.service';

/*
 * Issue 21, "Money at the edges" (decision 0041), on each database: the idle close learns the last shot from
 * the studio; every session state change is conditional on the state it expects; a late answer cannot wedge a
 * session; a transfer answer counts only for the request it answers; a disabled player moves no money into
 * the game; `GET fishing/token` without a session is 404 NO_SESSION.
 */

const SECRET_4 = 'f4'.repeat(32);
const START = 100_000;
const TIMEOUT_MS = 300;
/** FISHING_IDLE_MINUTES for this file: one minute, so the idle window passes in a few worker passes. */
const IDLE_MS = 60_000;

describe.each(TEST_DIALECTS)('fishing sessions at the edges on %s (decision 0041)', (dialect) => {
  let t: TestContext;
  let provider: FakeTransferProvider;

  beforeAll(async () => {
    let nowMs = () => Date.now();
    provider = new FakeTransferProvider(SECRET_4, () => nowMs(), 1_500);
    const base = await provider.start();
    t = await createTestApp(dialect, {
      PROVIDER_4_SECRET: SECRET_4,
      PROVIDER_DEMO_URL: base,
      PROVIDER_TRANSFER_TIMEOUT_MS: String(TIMEOUT_MS),
      FISHING_IDLE_MINUTES: String(IDLE_MS / 60_000),
    });
    nowMs = () => t.clock.nowMs();
  });
  afterAll(async () => {
    await t?.close();
    await provider?.stop();
  });
  beforeEach(() => {
    Object.assign(provider.behaviour, { deposit: 'ok', withdraw: 'ok', status: 'ok', balance: 'ok' });
  });
  afterEach(async () => {
    expect(await t.app.services.wallet.reconcile()).toMatchObject({ ok: true });
    expect(provider.badSignatures).toBe(0);
  });

  async function seat(balance = START) {
    const player = await t.newPlayer({ balance });
    const browser = new TestBrowser(t.app);
    expect((await browser.login(player.username, player.password)).statusCode).toBe(200);
    return { player, browser, user: String(player.id) };
  }
  const open = async (browser: TestBrowser, amount: number) => {
    const opened = await browser.post('/api/fishing/settoken', { provider: 4, amount });
    expect(opened.statusCode, opened.body).toBe(200);
    return opened.json().data as { token: string | null; transfer_id: string; state: string };
  };
  const state = async (browser: TestBrowser) =>
    ((await browser.get('/api/fishing/information?provider=4')).json().data as { state: string }).state;
  const balanceOf = (playerId: number) => t.app.services.wallet.playerBalance(playerId);
  const sessionsOf = (playerId: number) =>
    t.tdb.db
      .selectFrom('fishing_sessions')
      .selectAll()
      .where('player_id', '=', playerId)
      .orderBy('id')
      .execute();
  /** The session's state as stored (unlike `information`, reading it is no sign of play). */
  const stored = async (playerId: number) => (await sessionsOf(playerId)).at(-1)?.state;
  const transfersOf = (playerId: number) =>
    t.tdb.db
      .selectFrom('provider_transfer')
      .selectAll()
      .where('player_id', '=', playerId)
      .orderBy('created_at_ms')
      .execute();
  const withdrawsOf = (user: string) =>
    provider.calls.filter((c) => c.action === 'withdraw' && c.body.user === user).length;
  async function workerAfter(ms: number) {
    t.clock.advanceMs(ms);
    await t.app.services.providers.fishingWorker.tick();
  }
  /** Our side of the studio's transfer endpoints, as a second process of ours would have it. */
  const client = () =>
    new TransferClient({
      baseUrl: () => t.config.PROVIDER_DEMO_URL,
      provider: '4',
      secretHex: SECRET_4,
      nowMs: () => t.clock.nowMs(),
      timeoutMs: TIMEOUT_MS,
    });

  describe('1. idle means no shot for FISHING_IDLE_MINUTES, as the studio reports it', () => {
    it('a player shooting for longer than the idle window stays in the game; once the shots stop, the session closes and pays out', async () => {
      const s = await seat();
      await open(s.browser, 20_000);
      // The game page is in front and makes no call of ours; the studio sees a shot every 20 s.
      for (let elapsed = 0; elapsed < 4 * IDLE_MS; elapsed += 20_000) {
        provider.lastShots.set(s.user, t.clock.nowMs());
        await workerAfter(20_000);
        expect(await stored(s.player.id), `after ${elapsed + 20_000} ms of play`).toBe('ACTIVE');
      }
      expect(withdrawsOf(s.user)).toBe(0);
      expect(provider.balanceOf(s.player.id)).toBe(20_000);

      // The player stops shooting (3,000 ahead): one idle window after the last shot the server withdraws.
      provider.balances.set(s.user, 23_000);
      await workerAfter(IDLE_MS - 20_000);
      expect(await stored(s.player.id)).toBe('ACTIVE');
      await workerAfter(20_001);
      expect(await stored(s.player.id)).toBe('CLOSED');
      expect(withdrawsOf(s.user)).toBe(1);
      expect(await balanceOf(s.player.id)).toBe(START + 3_000);
      expect(provider.balanceOf(s.player.id)).toBe(0);
    });

    it('a player who never shoots is closed after the window with the money back; a studio that does not answer is asked again', async () => {
      const s = await seat();
      await open(s.browser, 15_000);
      provider.lastShots.set(s.user, null);
      provider.behaviour.balance = 'down';
      // Whether the player is shooting is not known while the studio does not answer: nothing is decided.
      await workerAfter(IDLE_MS + 1);
      expect(withdrawsOf(s.user)).toBe(0);
      provider.behaviour.balance = 'ok';
      await workerAfter(1_000);
      expect(await state(s.browser)).toBe('NONE');
      expect(await balanceOf(s.player.id)).toBe(START);
      expect(provider.balanceOf(s.player.id)).toBe(0);
    });
  });

  describe('2. a stale idle list changes nothing', () => {
    /**
     * The idle worker, held right after it read its list of idle sessions. On SQLite it reads through a
     * connection of its own (as a second process would), so that holding it holds nobody else's.
     */
    async function idleWorkerHeldAfterItsRead() {
      const own = t.tdb.env.DATA_DIR ? openSqlite(join(t.tdb.env.DATA_DIR, 'lotto59.sqlite')) : undefined;
      const held = holdQuery(own?.db ?? t.tdb.db, selectFrom('fishing_sessions', 'last_active_ms'));
      const worker = new FishingService({
        db: held.db,
        clock: t.clock,
        wallet: t.app.services.wallet,
        tokens: t.app.services.providers.tokens,
        facts: { isDisabled: async (id) => (await t.app.services.players.byId(id)).disabled === 1 },
        transfers: t.app.services.providers.transfers,
        client: client(),
        demoUrl: t.config.PROVIDER_DEMO_URL,
        idleMs: IDLE_MS,
        rg: t.app.services.rgGuard,
      });
      const reading = held.arm();
      const pass = worker.closeIdle();
      await reading;
      return { pass, release: () => held.release(), close: async () => own?.close() };
    }

    it('the worker read the session idle; the player closed it and opened another: no second withdraw, neither session touched', async () => {
      const s = await seat();
      await open(s.browser, 10_000);
      provider.summary = { shots: 12, stake: 2_400, payout: 3_100 };
      provider.balances.set(s.user, 10_700);
      t.clock.advanceMs(IDLE_MS + 1);

      const worker = await idleWorkerHeldAfterItsRead();

      // Meanwhile the player closes (10,700 back) and opens a new session with 30,000.
      const closed = await s.browser.post('/api/fishing/settoken', { provider: 4, token: null });
      expect(closed.json().data).toMatchObject({ state: 'NONE', amount: 10_700 });
      provider.summary = { shots: 0, stake: 0, payout: 0 };
      await open(s.browser, 30_000);
      const [first, second] = await sessionsOf(s.player.id);
      worker.release();
      expect(await worker.pass).toBe(0);

      expect(withdrawsOf(s.user)).toBe(1);
      expect(await sessionsOf(s.player.id)).toEqual([first, second]);
      expect(first).toMatchObject({
        state: 'CLOSED',
        transfer_out: 10_700,
        shots: 12,
        stake: 2_400,
        payout: 3_100,
      });
      expect(second).toMatchObject({ state: 'ACTIVE', transfer_in: 30_000 });
      expect((await transfersOf(s.player.id)).map((x) => `${x.direction}:${x.session_id}`)).toEqual([
        `IN:${first!.id}`,
        `OUT:${first!.id}`,
        `IN:${second!.id}`,
      ]);
      expect(provider.balanceOf(s.player.id)).toBe(30_000);
      expect(await balanceOf(s.player.id)).toBe(START + 700 - 30_000);
      await s.browser.post('/api/fishing/settoken', { provider: 4, token: null });
      await worker.close();
    });

    it('the worker read the session idle; the player closed it and opened none: no second withdraw, the closed session kept', async () => {
      // Without a new session no unique index stands in the way: only the conditional move keeps the worker
      // from setting the CLOSED session back to CLOSING and withdrawing from it again.
      const s = await seat();
      await open(s.browser, 10_000);
      provider.summary = { shots: 5, stake: 1_000, payout: 400 };
      provider.balances.set(s.user, 9_400);
      t.clock.advanceMs(IDLE_MS + 1);

      const worker = await idleWorkerHeldAfterItsRead();

      const closed = await s.browser.post('/api/fishing/settoken', { provider: 4, token: null });
      expect(closed.json().data).toMatchObject({ state: 'NONE', amount: 9_400 });
      provider.summary = { shots: 0, stake: 0, payout: 0 };
      worker.release();
      expect(await worker.pass).toBe(0);

      expect(withdrawsOf(s.user)).toBe(1);
      const [only] = await sessionsOf(s.player.id);
      expect(only).toMatchObject({
        state: 'CLOSED',
        transfer_out: 9_400,
        shots: 5,
        stake: 1_000,
        payout: 400,
      });
      expect((await transfersOf(s.player.id)).map((x) => x.direction)).toEqual(['IN', 'OUT']);
      expect(await balanceOf(s.player.id)).toBe(START - 600);
      await worker.close();
    });
  });

  describe('3. a late answer cannot wedge a session', () => {
    // SQLite runs one transaction at a time on its one connection: the late answer's read and the worker's
    // resolution cannot interleave there. On PostgreSQL they can (read committed).
    it.skipIf(dialect === 'sqlite')(
      "a deposit's late answer held behind the worker's resolution leaves the session ACTIVE, and it closes",
      async () => {
        const s = await seat();
        // The deposit as the settoken request runs it, with its answer lost and then held in its transaction.
        const held = holdQuery(t.tdb.db, selectFrom('provider_transfer', 'id'));
        const late = new TransferWallet({
          db: held.db,
          clock: t.clock,
          wallet: t.app.services.wallet,
          writes: t.app.services.stakeBatches,
          client: client(),
          tokens: t.app.services.providers.tokens,
          alerts: { parked: () => undefined },
          callTimeoutMs: TIMEOUT_MS,
          rg: t.app.services.rgGuard,
        });
        const nowMs = t.clock.nowMs();
        const [row] = await t.tdb.db
          .insertInto('fishing_sessions')
          .values({
            player_id: s.player.id,
            provider: '4',
            game_code: 'ocean-dragon',
            state: 'OPENING',
            token_id: null,
            started_at_ms: nowMs,
            last_active_ms: nowMs,
            ended_at_ms: null,
            transfer_in: riel(0),
            transfer_out: riel(0),
            shots: 0,
            stake: riel(0),
            payout: riel(0),
          })
          .returning('id')
          .execute();
        const sessionId = Number(row!.id);
        provider.behaviour.deposit = 'apply-and-lose-answer';
        const reading = held.arm();
        const deposit = late.deposit({ playerId: s.player.id, sessionId, amount: riel(25_000) });
        await reading;

        // The worker asks `status` and completes the transfer while the late answer waits.
        await workerAfter(TIMEOUT_MS + 1_000 + RECHECK_DELAYS_MS[0]);
        const [transfer] = await transfersOf(s.player.id);
        expect(transfer).toMatchObject({ state: 'COMPLETED', resolved_by: 'status' });
        expect(await state(s.browser)).toBe('ACTIVE');
        held.release();
        expect(await deposit).toMatchObject({ state: 'COMPLETED' });

        expect(await state(s.browser)).toBe('ACTIVE');
        const closed = await s.browser.post('/api/fishing/settoken', { provider: 4, token: null });
        expect(closed.json().data).toMatchObject({ state: 'NONE', amount: 25_000, balance: START });
        expect(provider.balanceOf(s.player.id)).toBe(0);
      },
    );
  });

  describe('5. a transfer answer counts only for the request it answers', () => {
    it("another transfer's signed status answer, replayed within its window, credits nothing", async () => {
      // A big withdraw of another player, resolved by status: its signed answer is on the wire.
      const rich = await seat(900_000);
      await open(rich.browser, 800_000);
      provider.behaviour.withdraw = 'apply-and-lose-answer';
      await rich.browser.post('/api/fishing/settoken', { provider: 4, token: null });
      await workerAfter(RECHECK_DELAYS_MS[0]);
      const recorded = provider.answers.findLast((a) => a.action === 'status');
      expect(recorded?.body).toMatchObject({ state: 'COMPLETED', direction: 'OUT', amount: 800_000 });
      expect(await balanceOf(rich.player.id)).toBe(900_000);

      // Our player's withdraw of 10,000 loses its answer; the next status answer is that recorded one.
      const s = await seat();
      await open(s.browser, 10_000);
      const closing = await s.browser.post('/api/fishing/settoken', { provider: 4, token: null });
      const id = (closing.json().data as { transfer_id: string }).transfer_id;
      provider.replays.status = recorded;
      await workerAfter(RECHECK_DELAYS_MS[0]);
      expect(await t.app.services.providers.transfers.byId(id)).toMatchObject({
        state: 'UNKNOWN',
        amount: 0,
      });
      expect(await balanceOf(s.player.id)).toBe(START - 10_000);

      // The studio's own answer to the next question settles it with what really came back.
      await workerAfter(RECHECK_DELAYS_MS[1]);
      expect(await t.app.services.providers.transfers.byId(id)).toMatchObject({
        state: 'COMPLETED',
        amount: 10_000,
      });
      expect(await balanceOf(s.player.id)).toBe(START);
    });

    it("a refusal recorded for another deposit, replayed as this deposit's answer, reverses nothing", async () => {
      const other = await seat();
      provider.behaviour.deposit = 'refuse';
      const refused = await open(other.browser, 5_000);
      expect(refused.state).toBe('NONE');
      const recorded = provider.answers.findLast((a) => a.action === 'deposit');
      expect(recorded?.body).toMatchObject({ status: 'RS_ERROR_USER_DISABLED' });

      // The studio applies this deposit; the answer that reaches us is the recorded refusal.
      provider.behaviour.deposit = 'ok';
      provider.replays.deposit = recorded;
      const s = await seat();
      const opened = await open(s.browser, 20_000);
      expect(opened.state).toBe('UNKNOWN');
      expect(provider.balanceOf(s.player.id)).toBe(20_000);
      // Believed, the refusal would have given the 20,000 back while the studio held them as well.
      expect(await balanceOf(s.player.id)).toBe(START - 20_000);
      await workerAfter(RECHECK_DELAYS_MS[0]);
      expect(await state(s.browser)).toBe('ACTIVE');
      expect(await balanceOf(s.player.id)).toBe(START - 20_000);
      const closed = await s.browser.post('/api/fishing/settoken', { provider: 4, token: null });
      expect(closed.json().data).toMatchObject({ state: 'NONE', balance: START });
    });
  });

  describe('6. a disabled player moves no money into the game', () => {
    it('refuses settoken and the launch of a disabled player; closing still brings the money back', async () => {
      const s = await seat();
      await open(s.browser, 12_000);
      await t.app.services.players.setFlags(s.player.id, { disabled: true });
      const deposits = provider.callsOf('deposit');

      const launch = await s.browser.get('/api/external/4/url?lang=en&platform=desktop');
      expect(launch.statusCode).toBe(403);
      expect(launch.json()).toMatchObject({ code: 'FORBIDDEN' });
      const closed = await s.browser.post('/api/fishing/settoken', { provider: 4, token: null });
      expect(closed.json().data).toMatchObject({ state: 'NONE', balance: START });
      const again = await s.browser.post('/api/fishing/settoken', { provider: 4, amount: 12_000 });
      expect(again.statusCode).toBe(403);
      expect(again.json()).toMatchObject({ code: 'FORBIDDEN' });
      expect((await s.browser.post('/api/fishing/settoken', { provider: 5 })).statusCode).toBe(403);
      expect(provider.callsOf('deposit')).toBe(deposits);
      expect(await balanceOf(s.player.id)).toBe(START);

      await t.app.services.players.setFlags(s.player.id, { disabled: false });
      expect((await open(s.browser, 1_000)).state).toBe('ACTIVE');
      await s.browser.post('/api/fishing/settoken', { provider: 4, token: null });
    });
  });

  describe('10. GET fishing/token without an ACTIVE session', () => {
    it('answers 404 NO_SESSION (providers.md §4)', async () => {
      const s = await seat();
      for (const p of ['4', '5']) {
        const res = await s.browser.get(`/api/fishing/token?provider=${p}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ code: 'NO_SESSION', message: 'Open a game session first.' });
      }
      // The launch keeps §5's 409 for the same code.
      expect((await s.browser.get('/api/external/4/url')).statusCode).toBe(409);
    });
  });

  describe('7. a withdraw the studio reports past the largest riel', () => {
    it('is no answer about the transfer: it stays in flight, nothing is credited, no 5xx', async () => {
      const s = await seat();
      await open(s.browser, 15_000);
      // The studio claims more than the ledger can hold (the domain's RIEL_MAX is 10^15), with a play
      // summary past it too: an answer that says nothing, never a thrown error in the request or the worker.
      provider.balances.set(s.user, Number.MAX_SAFE_INTEGER);
      provider.summary = { shots: 1, stake: Number.MAX_SAFE_INTEGER, payout: Number.MAX_SAFE_INTEGER };
      const closed = await s.browser.post('/api/fishing/settoken', { provider: 4, token: null });
      expect(closed.statusCode, closed.body).toBeLessThan(500);
      await workerAfter(60_000);
      expect(await balanceOf(s.player.id)).toBe(START - 15_000);
      const out = (await transfersOf(s.player.id)).filter((r) => r.direction === 'OUT');
      expect(out.map((r) => r.state)).toEqual(['UNKNOWN']);
    });
  });
});
