import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeTransferProvider } from '../../test/fake-transfer-provider';
import { TEST_DIALECTS } from '../../test/databases';
import { createTestApp, TestBrowser, type TestContext } from '../../test/test-app';
import { RECHECK_EVERY_MS, RECHECK_FOR_MS } from '../modules/providers/fishing/transfer-wallet.service';
import { OPS_BUNDLE } from '../../test/built-server';

// The operator bundle the global setup built from this run's source (test/built-server.ts).
const OPS = OPS_BUNDLE;
const SECRET_4 = 'e4'.repeat(32);
const START = 100_000;

/*
 * `ops providers transfer list|resolve` (providers.md §4): what the worker parked after 24 h is settled by
 * hand from the studio's own records, audited in the same transaction, and only once.
 */
describe.each(TEST_DIALECTS)('ops providers transfer on %s (separate process, same database)', (dialect) => {
  let t: TestContext;
  let studio: FakeTransferProvider;

  beforeAll(async () => {
    let nowMs = () => Date.now();
    studio = new FakeTransferProvider(SECRET_4, () => nowMs(), 1_000);
    const base = await studio.start();
    t = await createTestApp(dialect, {
      PROVIDER_4_SECRET: SECRET_4,
      PROVIDER_DEMO_URL: base,
      PROVIDER_TRANSFER_TIMEOUT_MS: '300',
    });
    nowMs = () => t.clock.nowMs();
  });
  afterAll(async () => {
    await t?.close();
    await studio?.stop();
  });

  async function ops(...args: string[]) {
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [OPS, ...args], {
        env: { ...process.env, ...t.tdb.env, PROVIDER_4_SECRET: SECRET_4 },
      });
      return { code: 0, stdout };
    } catch (e) {
      const err = e as { code: number; stdout: string; stderr: string };
      return { code: err.code, stdout: err.stdout + err.stderr };
    }
  }

  /** A deposit the studio never answers, asked about for a whole day without an answer: parked. */
  async function parkedDeposit(amount: number) {
    const player = await t.newPlayer({ balance: START });
    const browser = new TestBrowser(t.app);
    await browser.login(player.username, player.password);
    studio.behaviour.deposit = 'hang';
    studio.behaviour.status = 'down';
    const opened = await browser.post('/api/fishing/settoken', { provider: 4, amount });
    const id = (opened.json().data as { transfer_id: string }).transfer_id;
    t.clock.advanceMs(RECHECK_FOR_MS);
    for (let i = 0; i < 2; i += 1) {
      t.clock.advanceMs(RECHECK_EVERY_MS);
      await t.app.services.providers.fishingWorker.tick();
    }
    expect(await t.app.services.providers.transfers.byId(id)).toMatchObject({
      state: 'UNKNOWN',
      next_check_at_ms: null,
    });
    return { player, id };
  }

  it('lists parked transfers and resolves one as failed: the money back, audited, and only once', async () => {
    const { player, id } = await parkedDeposit(12_000);
    const listed = await ops('providers', 'transfer', 'list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(
      new RegExp(`^${id}  IN +player=${player.id} amount=12000 state=UNKNOWN`, 'm'),
    );
    expect(await t.app.services.wallet.playerBalance(player.id)).toBe(START - 12_000);

    const resolved = await ops('providers', 'transfer', 'resolve', id, 'failed', '--operator', 'alice');
    expect(resolved.code).toBe(0);
    expect(resolved.stdout).toContain(`is now FAILED`);
    expect(await t.app.services.wallet.playerBalance(player.id)).toBe(START);
    expect(await t.app.services.providers.transfers.byId(id)).toMatchObject({
      resolved_by: 'operator:alice',
    });
    const audit = await t.app.services.audit.list({ playerId: player.id, limit: 5 });
    expect(audit.find((e) => e.kind === 'provider_transfer_resolved')?.detail).toContain(id);
    expect(await t.app.services.wallet.reconcile()).toMatchObject({ ok: true });

    // A second decision is refused and moves nothing.
    expect((await ops('providers', 'transfer', 'resolve', id, 'completed')).code).not.toBe(0);
    expect(await t.app.services.wallet.playerBalance(player.id)).toBe(START);
    expect((await ops('providers', 'transfer', 'list')).stdout).not.toContain(id);
  }, 120_000);

  it('resolves a parked deposit as completed: the money stays at the studio and the session opens', async () => {
    const { player, id } = await parkedDeposit(8_000);
    const resolved = await ops('providers', 'transfer', 'resolve', id, 'completed', '--operator', 'bob');
    expect(resolved.code).toBe(0);
    expect(await t.app.services.wallet.playerBalance(player.id)).toBe(START - 8_000);
    expect(await t.app.services.providers.fishing.isLoading(player.id)).toBe(false);
    expect((await ops('providers', 'transfer', 'resolve', id, 'nonsense')).code).not.toBe(0);
    expect(await t.app.services.wallet.reconcile()).toMatchObject({ ok: true });
  }, 120_000);
});
