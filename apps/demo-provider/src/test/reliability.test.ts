import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionReply, SpinReply } from '../api/game-api';
import { DEFAULT_RETRY } from '../play/context';
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

/*
 * The provider-side rules of providers.md §3: a bet whose fate is unknown is rolled back; wins and rollbacks
 * are retried on the schedule, then parked; a crash between bet and win ends with exactly one of "win paid"
 * and "bet rolled back". The clock is shared by the studio and the test wallet, so hours pass in a test.
 */

const START = 1_800_000_000_000;
const USER = '42';
const BALANCE = 1_000_000;

describe.each(DIALECTS)('the studio when the wallet fails (%s)', (dialect) => {
  let now = START;
  const clock = () => now;
  let db: TestDb;
  let wallet: TestWallet;
  const running: RunningStudio[] = [];

  beforeEach(async () => {
    now = START;
    db = testDb(dialect);
    wallet = await new TestWallet({ '2': SECRET_2, '3': SECRET_3 }, clock).start();
  });
  afterEach(async () => {
    wallet.releaseHanging();
    for (const s of running.splice(0)) await s.close().catch(() => undefined);
    await wallet.close();
    await db.drop();
  });

  async function start(extra: Parameters<typeof startStudio>[2] = {}): Promise<RunningStudio> {
    const studio = await startStudio(db, wallet.url, { clock, walletTimeoutMs: 300, ...extra });
    running.push(studio);
    return studio;
  }

  async function openSession(studio: RunningStudio): Promise<string> {
    const code = `c${Math.random().toString(36).slice(2)}`;
    wallet.issueCode(code, USER, 'angkor-fortune', BALANCE, 12 * 3_600_000);
    const res = await studio.app.inject({
      method: 'POST',
      url: '/provider/demo/api/session',
      payload: { provider: '3', code },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SessionReply>().session;
  }

  const spin = (studio: RunningStudio, bearer: string, requestId: string) =>
    studio.app.inject({
      method: 'POST',
      url: '/provider/demo/api/slot/spin',
      payload: { line_bet: 500, request_id: requestId },
      headers: { authorization: `Bearer ${bearer}` },
    });

  async function roundStates(): Promise<string[]> {
    const handle = await openDb(db);
    const rows = await handle.db.selectFrom('rounds').select('state').orderBy('created_at').execute();
    await handle.close();
    return rows.map((r) => r.state);
  }

  async function outbox() {
    const handle = await openDb(db);
    const rows = await handle.db.selectFrom('outbox').selectAll().execute();
    await handle.close();
    return rows;
  }

  it.each(['http500', 'hang', 'applyThenHang', 'unsigned'] as const)(
    'rolls back a bet that fails with %s, and the balance ends where it began',
    async (mode) => {
      const studio = await start();
      const bearer = await openSession(studio);
      wallet.failures.set('bet', [mode]);
      const res = await spin(studio, bearer, 'r1');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'WALLET_UNAVAILABLE' });
      const [bet] = wallet.callsOf('bet');
      const [rollback] = wallet.callsOf('rollback');
      expect(rollback!.body).toMatchObject({
        reference_transaction_uuid: bet!.body.transaction_uuid,
        round_id: bet!.body.round_id,
      });
      expect(wallet.callsOf('win')).toHaveLength(0);
      expect(wallet.balances.get(USER)).toBe(BALANCE);
      expect(await roundStates()).toEqual(['ROLLED_BACK']);
      // The same click again replays the refusal; it is not a second bet.
      expect((await spin(studio, bearer, 'r1')).json()).toMatchObject({ code: 'WALLET_UNAVAILABLE' });
      expect(wallet.callsOf('bet')).toHaveLength(1);
    },
  );

  it('retries a failed rollback on the schedule until the wallet answers, with one transaction_uuid', async () => {
    const studio = await start();
    const bearer = await openSession(studio);
    wallet.failures.set('bet', ['http500']);
    wallet.failures.set('rollback', ['http500', 'http500']);
    await spin(studio, bearer, 'r1');
    expect(await roundStates()).toEqual(['ROLLBACK_PENDING']);
    now += 59_999;
    expect(await studio.provider.drainOutbox()).toBe(0);
    expect(wallet.callsOf('rollback')).toHaveLength(1);
    now += 1;
    expect(await studio.provider.drainOutbox()).toBe(0);
    now += 60_000;
    expect(await studio.provider.drainOutbox()).toBe(1);
    const rollbacks = wallet.callsOf('rollback');
    expect(rollbacks).toHaveLength(3);
    expect(new Set(rollbacks.map((c) => c.body.transaction_uuid)).size).toBe(1);
    expect(new Set(rollbacks.map((c) => c.body.request_uuid)).size).toBe(3);
    expect(await roundStates()).toEqual(['ROLLED_BACK']);
    expect(await outbox()).toEqual([]);
  });

  it('gives the player the outcome when the win fails, and pays it on the retry, once', async () => {
    const studio = await start();
    const bearer = await openSession(studio);
    wallet.failures.set('win', ['http500', 'hang', 'unsigned']);
    const res = await spin(studio, bearer, 'r1');
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json<SpinReply>();
    expect(reply.balance).toBe(BALANCE - 10_000);
    expect(await roundStates()).toEqual(['BET_OK']);
    for (let i = 0; i < 3; i += 1) {
      now += 60_000;
      await studio.provider.drainOutbox();
    }
    // Attempts 1 (500), 2 (no answer), 3 (unsigned, but applied), 4 (the stored answer of 3).
    expect(wallet.callsOf('win')).toHaveLength(4);
    expect(new Set(wallet.callsOf('win').map((c) => c.body.transaction_uuid)).size).toBe(1);
    expect(wallet.balances.get(USER)).toBe(BALANCE - 10_000 + reply.win);
    expect(await roundStates()).toEqual(['WIN_SENT']);
    expect(await outbox()).toEqual([]);
    // Replaying the click now reports the paid balance it recorded.
    expect((await spin(studio, bearer, 'r1')).json<SpinReply>().round_id).toBe(reply.round_id);
  });

  it('retries a win every 60 s for 1 h, every 10 min to 4 h, then parks it', async () => {
    const studio = await start({ retry: DEFAULT_RETRY });
    const bearer = await openSession(studio);
    wallet.always.set('win', 'http500');
    expect((await spin(studio, bearer, 'r1')).statusCode).toBe(200);
    const attemptsAt: number[] = [START];
    const handle = await openDb(db);
    for (let guard = 0; guard < 200; guard += 1) {
      const entry = await handle.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
      if (entry.parked_at !== null) break;
      now = entry.next_attempt_at;
      await studio.provider.drainOutbox();
      attemptsAt.push(now);
    }
    await handle.close();
    const gaps = attemptsAt.slice(1).map((t, i) => t - attemptsAt[i]!);
    expect(gaps.filter((g) => g === 60_000)).toHaveLength(60);
    expect(gaps.filter((g) => g === 600_000)).toHaveLength(18);
    expect(gaps).toHaveLength(78);
    expect(now - START).toBe(4 * 3_600_000);
    const parked = await studio.provider.parked();
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({ kind: 'WIN', attempts: 79, parked_at: now, last_error: 'http 500' });
    expect(wallet.callsOf('win')).toHaveLength(79);
    // Parked is parked: the worker leaves it for the operator.
    now += 3_600_000;
    await studio.provider.drainOutbox();
    expect(wallet.callsOf('win')).toHaveLength(79);
  }, 60_000);

  it('after a crash while the bet was in flight, the restart rolls it back: no win, one rollback', async () => {
    const first = await start({ walletTimeoutMs: 5_000 });
    const bearer = await openSession(first);
    wallet.failures.set('bet', ['applyThenHang']);
    const pending = spin(first, bearer, 'r1');
    await wallet.waitForCall('bet');
    expect(wallet.balances.get(USER)).toBe(BALANCE - 10_000);
    await first.provider.close(); // the process dies: its database handle is gone
    const second = await start();
    await second.provider.drainOutbox();
    wallet.releaseHanging();
    expect((await pending).statusCode).toBe(500);
    expect(wallet.balances.get(USER)).toBe(BALANCE);
    expect(wallet.callsOf('rollback')).toHaveLength(1);
    expect(wallet.callsOf('win')).toHaveLength(0);
    expect(await roundStates()).toEqual(['ROLLED_BACK']);
  });

  it('after a crash while the win was in flight, the restart pays it: one win, no rollback', async () => {
    const first = await start({ walletTimeoutMs: 5_000 });
    const bearer = await openSession(first);
    wallet.failures.set('win', ['hang']);
    const pending = spin(first, bearer, 'r1');
    await wallet.waitForCall('win');
    await first.provider.close();
    const second = await start();
    await second.provider.drainOutbox();
    wallet.releaseHanging();
    expect((await pending).statusCode).toBe(500);
    const [bet] = wallet.callsOf('bet');
    const wins = wallet.callsOf('win');
    expect(wins).toHaveLength(2);
    expect(wins[1]!.body.transaction_uuid).toBe(wins[0]!.body.transaction_uuid);
    expect(wins[1]!.body.reference_transaction_uuid).toBe(bet!.body.transaction_uuid);
    expect(wallet.balances.get(USER)).toBe(BALANCE - 10_000 + Number(wins[0]!.body.amount));
    expect(wallet.callsOf('rollback')).toHaveLength(0);
    expect(await roundStates()).toEqual(['WIN_SENT']);
  });
});
