import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_DIALECTS } from '../../test/databases';
import { createTestApp, type TestContext } from '../../test/test-app';
import { OPS_BUNDLE } from '../../test/built-server';

// Each command is a new process: slow on a shared machine.
vi.setConfig({ testTimeout: 120_000 });

describe.each(TEST_DIALECTS)('responsible gaming operator commands on %s (separate process)', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  async function ops(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [OPS_BUNDLE, ...args], {
        env: { ...process.env, ...t.tdb.env, ARGON2_MEMORY_KIB: '1024', ARGON2_TIME_COST: '1' },
      });
      return { code: 0, stdout, stderr };
    } catch (e) {
      const err = e as { code: number; stdout: string; stderr: string };
      return { code: err.code, stdout: err.stdout, stderr: err.stderr };
    }
  }

  it('sets and lowers a limit with a reason, never raises one, and refuses a deposit over it naming it', async () => {
    const p = await t.newPlayer();
    const limit = (amount: string, ...more: string[]) =>
      ops('rg', 'limit', p.username, '--kind', 'deposit', '--period', 'day', '--amount', amount, ...more);
    expect(await limit('20,000')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--reason is required'),
    });
    expect(await limit('20,000', '--reason', 'asked by phone')).toMatchObject({ code: 0 });
    expect(await limit('30,000', '--reason', 'asked by phone')).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('may only set or lower'),
    });
    const over = await ops('deposit', p.username, '25,000');
    expect(over.code).toBe(1);
    expect(over.stderr).toContain("over the player's own deposit limit per day; room left 20,000");
    expect(await t.app.services.wallet.playerBalance(p.id)).toBe(0);
    expect(await ops('deposit', p.username, '20,000')).toMatchObject({ code: 0 });
    const shown = await ops('rg', 'show', p.username);
    expect(shown.stdout).toContain('DEPOSIT DAY: 20,000 ៛, used 20,000 ៛, remaining 0 ៛');
    const audit = await t.tdb.db
      .selectFrom('audit_events')
      .select('detail')
      .where('player_id', '=', p.id)
      .where('kind', '=', 'rg_limit_changed')
      .execute();
    expect(audit.map((a) => JSON.parse(a.detail!))).toEqual([
      expect.objectContaining({ by: 'operator', reason: 'asked by phone', after: { amount: 20_000 } }),
    ]);
  });

  it('excludes a player (sessions end) and lists who is on a break or excluded', async () => {
    const p = await t.newPlayer();
    const q = await t.newPlayer();
    await t.app.services.rg.takeBreak(q.id, 42);
    expect(await ops('rg', 'exclude', p.username, '--months', '6')).toMatchObject({ code: 1 });
    const done = await ops('rg', 'exclude', p.username, '--months', '6', '--reason', 'court order');
    expect(done).toMatchObject({ code: 0, stdout: expect.stringContaining(`${p.username} excluded until`) });
    const list = await ops('rg', 'list');
    expect(list.stdout).toContain(`${p.username} (#${p.id})`);
    // The break was taken on the test's clock (November 2026); the command runs on the real one.
    const breakLive = Date.now() < t.clock.nowMs() + 42 * 86_400_000;
    expect(list.stdout.includes(`${q.username} (#${q.id})`)).toBe(breakLive);
  });
});
