import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test/databases';
import { createTestApp, TestBrowser, type TestContext } from '../../test/test-app';
import { OPS_BUNDLE } from '../../test/built-server';

// The operator bundle the global setup built from this run's source (test/built-server.ts).
const OPS = OPS_BUNDLE;

describe.each(TEST_DIALECTS)('operator command line on %s (separate process, same database)', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect, { MAINTENANCE_REFRESH_SECONDS: '1' });
  });
  afterAll(() => t.close());

  async function ops(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [OPS, ...args], {
        env: { ...process.env, ...t.tdb.env, ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' },
      });
      return { code: 0, stdout, stderr };
    } catch (e) {
      const err = e as { code: number; stdout: string; stderr: string };
      return { code: err.code, stdout: err.stdout, stderr: err.stderr };
    }
  }

  it('creates a player with an opening balance, who can then log in through the API', async () => {
    const res = await ops(
      'player',
      'create',
      'cli_alice',
      '--password',
      'alice password',
      '--balance',
      '50,000',
    );
    expect(res).toMatchObject({ code: 0 });
    expect(res.stdout).toContain('created player cli_alice');
    expect(res.stdout).toContain('balance 50,000 ៛');
    const browser = new TestBrowser(t.app);
    const login = await browser.login('cli_alice', 'alice password');
    expect(login.json().data.balance).toBe(50_000);
  });

  it('deposits once per key and refuses a withdrawal beyond the balance, changing nothing', async () => {
    const first = await ops('deposit', 'cli_alice', '1000', '--key', 'counter-7', '--note', 'cash desk');
    expect(first.stdout).toContain('deposited 1,000 ៛ for cli_alice; balance 51,000 ៛');
    const again = await ops('deposit', 'cli_alice', '1000', '--key', 'counter-7', '--note', 'cash desk');
    expect(again.stdout).toContain('already done: deposited 1,000 ៛');

    const over = await ops('withdraw', 'cli_alice', '51001');
    expect(over.code).toBe(1);
    expect(over.stderr).toContain('Not enought money.');
    const ok = await ops('withdraw', 'cli_alice', '1000');
    expect(ok.stdout).toContain('balance 50,000 ៛');

    const p = await t.app.services.players.byUsername('cli_alice');
    expect(await t.app.services.wallet.playerBalance(p.id)).toBe(50_000);
    expect((await ops('reconcile')).stdout).toContain('ledger OK');
  });

  it('refuses bad input with a clear message and a non-zero exit', async () => {
    const badAmount = await ops('deposit', 'cli_alice', '12.5');
    expect(badAmount.code).toBe(2);
    expect(badAmount.stderr).toContain('positive whole number of riel');
    const nobody = await ops('deposit', 'nobody_here', '100');
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain('No player named "nobody_here"');
    const dup = await ops('player', 'create', 'CLI_ALICE', '--password', 'another password');
    expect(dup.code).toBe(1);
    expect(dup.stderr).toContain('already been taken');
    const badFlag = await ops('player', 'flag', 'cli_alice', 'isAdmin', 'on');
    expect(badFlag.code).toBe(2);
  });

  it('sets the seed §3 flags', async () => {
    expect((await ops('player', 'flag', 'cli_alice', 'enableLottery', 'on')).code).toBe(0);
    expect((await ops('player', 'flag', 'cli_alice', 'setting.enabled_poll_1', 'off')).code).toBe(0);
    const p = await t.app.services.players.byUsername('cli_alice');
    const detail = await t.app.services.players.userDetail(p.id);
    expect(detail).toMatchObject({
      enableLottery: true,
      enableFastGamePlay: false,
      setting: { enabled_poll_1: false },
    });
  });

  it('switches maintenance for the running app without a restart', async () => {
    const browser = new TestBrowser(t.app);
    await browser.login('cli_alice', 'alice password');
    expect((await ops('maintenance', 'on')).stdout).toContain('maintenance is on');
    t.clock.advanceMs(1000);
    expect((await browser.get('/api/user')).statusCode).toBe(503);
    expect((await ops('maintenance', 'off')).code).toBe(0);
    t.clock.advanceMs(1000);
    expect((await browser.get('/api/user')).statusCode).toBe(200);
  });
});
