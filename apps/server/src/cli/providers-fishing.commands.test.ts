import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeTransferProvider } from '../../test/fake-transfer-provider';
import { TEST_DIALECTS } from '../../test/databases';
import { createTestApp, TestBrowser, type TestContext } from '../../test/test-app';
import { OPS_BUNDLE } from '../../test/built-server';

// The operator bundle the global setup built from this run's source (test/built-server.ts).
const OPS = OPS_BUNDLE;
const SECRET_4 = 'a4'.repeat(32);
const START = 100_000;

/*
 * `ops providers fishing list|close` (decision 0041): a session that nothing else will move — here the UNKNOWN a
 * late answer used to leave on a session whose deposit had completed, which blocked close, open and the
 * transfer resolve alike — is put where its money is, audited, once; a session with a transfer in flight is
 * refused (its transfer is resolved first).
 */
describe.each(TEST_DIALECTS)('ops providers fishing on %s (separate process, same database)', (dialect) => {
  let t: TestContext;
  let studio: FakeTransferProvider;
  /** The studio signs and checks with our app's test clock, and with the real one while `ops` runs. */
  let nowMs = () => Date.now();

  beforeAll(async () => {
    studio = new FakeTransferProvider(SECRET_4, () => nowMs(), 1_000);
    const base = await studio.start();
    t = await createTestApp(dialect, {
      PROVIDER_4_SECRET: SECRET_4,
      PROVIDER_DEMO_URL: base,
      PROVIDER_TRANSFER_TIMEOUT_MS: '300',
    });
  });
  afterAll(async () => {
    await t?.close();
    await studio?.stop();
  });
  beforeEach(() => {
    nowMs = () => t.clock.nowMs();
    Object.assign(studio.behaviour, { deposit: 'ok', withdraw: 'ok', status: 'ok', balance: 'ok' });
  });

  async function ops(...args: string[]) {
    nowMs = () => Date.now();
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [OPS, ...args], {
        env: {
          ...process.env,
          ...t.tdb.env,
          PROVIDER_4_SECRET: SECRET_4,
          PROVIDER_DEMO_URL: t.config.PROVIDER_DEMO_URL,
          PROVIDER_TRANSFER_TIMEOUT_MS: '2000',
        },
      });
      return { code: 0, stdout };
    } catch (e) {
      const err = e as { code: number; stdout: string; stderr: string };
      return { code: err.code, stdout: err.stdout + err.stderr };
    } finally {
      nowMs = () => t.clock.nowMs();
    }
  }

  async function seat() {
    const player = await t.newPlayer({ balance: START });
    const browser = new TestBrowser(t.app);
    expect((await browser.login(player.username, player.password)).statusCode).toBe(200);
    return { player, browser };
  }
  const sessionOf = async (playerId: number) =>
    t.tdb.db
      .selectFrom('fishing_sessions')
      .selectAll()
      .where('player_id', '=', playerId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  /** What the old late answer left behind: the session UNKNOWN while its transfers are final. */
  const wedge = (sessionId: number) =>
    t.tdb.db.updateTable('fishing_sessions').set({ state: 'UNKNOWN' }).where('id', '=', sessionId).execute();

  it('closes a wedged session whose deposit completed: the money back from the game, audited, once', async () => {
    const s = await seat();
    expect((await s.browser.post('/api/fishing/settoken', { provider: 4, amount: 20_000 })).statusCode).toBe(
      200,
    );
    const session = await sessionOf(s.player.id);
    await wedge(session.id);
    // Nothing the player can do gets the money back.
    for (const body of [
      { provider: 4, token: null },
      { provider: 4, amount: 1_000 },
    ]) {
      expect((await s.browser.post('/api/fishing/settoken', body)).json()).toMatchObject({
        code: 'TRANSFER_IN_FLIGHT',
      });
    }
    studio.balances.set(String(s.player.id), 21_500);

    const listed = await ops('providers', 'fishing', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(`^${session.id}  provider=4 player=${s.player.id} state=UNKNOWN`, 'm'),
    );

    const closed = await ops('providers', 'fishing', 'close', String(session.id), '--operator', 'alice');
    expect(closed.code, closed.stdout).toBe(0);
    expect(closed.stdout).toContain(`session ${session.id} was UNKNOWN, its money withdrawn`);
    expect(closed.stdout).toContain('the session is CLOSED');
    expect(await t.app.services.wallet.playerBalance(s.player.id)).toBe(START + 1_500);
    expect(studio.balanceOf(s.player.id)).toBe(0);
    expect(await sessionOf(s.player.id)).toMatchObject({
      state: 'CLOSED',
      transfer_in: 20_000,
      transfer_out: 21_500,
    });
    const audit = await t.app.services.audit.list({ playerId: s.player.id, limit: 5 });
    const entry = audit.find((e) => e.kind === 'fishing_session_closed');
    expect(JSON.parse(entry?.detail ?? '{}')).toMatchObject({
      session: session.id,
      from: 'UNKNOWN',
      to: 'ACTIVE',
      operator: 'alice',
    });
    expect(await t.app.services.wallet.reconcile()).toMatchObject({ ok: true });

    // Once: a closed session is not open any more.
    const again = await ops('providers', 'fishing', 'close', String(session.id));
    expect(again.code).not.toBe(0);
    expect(again.stdout).toContain('No open fishing session');
    // And the player plays again.
    expect(
      (await s.browser.post('/api/fishing/settoken', { provider: 4, amount: 1_000 })).json().data,
    ).toMatchObject({
      state: 'ACTIVE',
    });
    await s.browser.post('/api/fishing/settoken', { provider: 4, token: null });
  }, 120_000);

  it('fails a wedged session whose deposit failed, and refuses one whose transfer is in flight', async () => {
    const s = await seat();
    studio.behaviour.deposit = 'refuse';
    await s.browser.post('/api/fishing/settoken', { provider: 4, amount: 5_000 });
    const failed = await sessionOf(s.player.id);
    expect(failed.state).toBe('FAILED');
    await wedge(failed.id);
    const closed = await ops('providers', 'fishing', 'close', String(failed.id));
    expect(closed.code, closed.stdout).toBe(0);
    expect(closed.stdout).toContain(`session ${failed.id} was UNKNOWN, now FAILED`);
    expect(await t.app.services.wallet.playerBalance(s.player.id)).toBe(START);

    // A deposit whose outcome is unknown: its transfer is resolved first (ops providers transfer).
    studio.behaviour.deposit = 'hang';
    await s.browser.post('/api/fishing/settoken', { provider: 4, amount: 5_000 });
    const inFlight = await sessionOf(s.player.id);
    const refused = await ops('providers', 'fishing', 'close', String(inFlight.id));
    expect(refused.code).not.toBe(0);
    expect(refused.stdout).toContain('resolve it first');
    expect(await sessionOf(s.player.id)).toMatchObject({ id: inFlight.id, state: 'UNKNOWN' });
    expect(await t.app.services.wallet.reconcile()).toMatchObject({ ok: true });
  }, 120_000);
});
