import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_DIALECTS } from '../../test/databases';
import { openRound, placeBet } from '../../test/lotto59-helpers';
import { createTestApp, TestBrowser, type TestContext } from '../../test/test-app';
import { OPS_BUNDLE } from '../../test/built-server';

// The operator bundle the global setup built from this run's source (test/built-server.ts).
const OPS = OPS_BUNDLE;

// Each command is a new `node --import tsx` process (about 1 s alone): on a loaded machine three of them in
// one test outgrew the default 30 s (seen at a load average of 20 on 2 cores), failing by the host's luck.
vi.setConfig({ testTimeout: 120_000 });

describe.each(TEST_DIALECTS)('lotto 59 operator commands on %s (separate process)', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  async function ops(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [OPS, ...args], {
        env: { ...process.env, ...t.tdb.env },
      });
      return { code: 0, stdout, stderr };
    } catch (e) {
      const err = e as { code: number; stdout: string; stderr: string };
      return { code: err.code, stdout: err.stdout, stderr: err.stderr };
    }
  }

  it('prints the RTP table and warns for the bet types above 100 %', async () => {
    const res = await ops('lotto59', 'rtp');
    expect(res.code).toBe(0);
    const lines = res.stdout.split('\n');
    expect(lines.find((l) => l.startsWith('RANGE_1'))).toContain('WARNING');
    expect(lines.find((l) => l.startsWith('RANGE_5'))).toContain('WARNING');
    expect(lines.find((l) => l.startsWith('RANGE_3'))).not.toContain('WARNING');
    expect(res.stdout).toContain('WARNING: 2 bet type(s) return more than 100 %.');
  });

  it('verifies a revealed round and refuses one whose seed is still secret', async () => {
    const { scheduler } = t.app.services.lotto59;
    await scheduler.tick();
    const round = await openRound(t.app, 'POLL_2');
    const secret = await ops('lotto59', 'verify', String(round.id));
    expect(secret.code).toBe(1);
    expect(secret.stderr).toContain('not revealed');
    t.clock.advanceMs(60_000);
    await scheduler.tick();
    t.clock.advanceMs(65_000);
    await scheduler.tick();
    const res = await ops('lotto59', 'verify', String(round.id));
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`round ${round.id} (POLL_2, SETTLED)`);
    expect(res.stdout).toMatch(/hash +[0-9a-f]{64} OK/);
    expect(res.stdout).toMatch(/derived .* OK/);
    expect(res.stdout).toContain('verified');
  });

  it('voids a round, refunding every stake once', async () => {
    const p = await t.newPlayer({ balance: 5_000 });
    const browser = new TestBrowser(t.app);
    await browser.login(p.username, p.password);
    await t.app.services.lotto59.scheduler.tick();
    const round = await openRound(t.app, 'POLL_1');
    await placeBet(browser, {
      poll: 'POLL_1',
      result_id: round.id,
      bets: [{ type: 'RANGE_2', amount: 2_000 }],
    });
    expect(await t.app.services.wallet.playerBalance(p.id)).toBe(3_000);
    const res = await ops('lotto59', 'void', String(round.id));
    expect(res.stdout).toContain(`round ${round.id} is void: 1 bets, 1 submissions refunded (2,000 ៛)`);
    expect(await t.app.services.wallet.playerBalance(p.id)).toBe(5_000);
    const again = await ops('lotto59', 'void', String(round.id));
    expect(again.stdout).toContain('0 bets, 0 submissions refunded');
    expect(await t.app.services.wallet.playerBalance(p.id)).toBe(5_000);
    expect((await ops('reconcile')).stdout).toContain('ledger OK');
  });

  it('sets and clears the winners-banner message', async () => {
    const p = await t.newPlayer();
    const browser = new TestBrowser(t.app);
    await browser.login(p.username, p.password);
    expect((await ops('banner', 'Jackpot tonight!')).stdout).toContain('banner: Jackpot tonight!');
    expect((await browser.get('/api/v1/jackpot/winner')).json().data.message).toBe('Jackpot tonight!');
    expect((await ops('banner', '--clear')).stdout).toContain('banner cleared');
    expect((await browser.get('/api/v1/jackpot/winner')).json().data.message).toBeNull();
    expect((await ops('banner')).code).toBe(1);
  });
});
