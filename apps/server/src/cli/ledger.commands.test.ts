import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { riel } from '@lotto59/domain';
import { TEST_DIALECTS } from '../../test/databases';
import { createTestApp, type TestContext } from '../../test/test-app';
import { OPS_BUNDLE } from '../../test/built-server';
import { rawSqliteOf } from '../db/create-db';
import { createSchedulerLease } from '../db/scheduler-lease';

// `ops ledger public-key|seal|seals|verify` as the operator runs them: the bundle, a separate process, the database of
// a running app.

vi.setConfig({ testTimeout: 120_000 });

describe.each(TEST_DIALECTS)('ledger operator commands on %s (separate process)', (dialect) => {
  let t: TestContext;
  const sealKey = randomBytes(32).toString('hex');
  // Server mode signs only with a configured key; embedded mode keeps the one it made in DATA_DIR.
  const keyEnv: Record<string, string> = dialect === 'postgres' ? { LEDGER_SEAL_KEY: sealKey } : {};

  beforeAll(async () => {
    t = await createTestApp(dialect, keyEnv);
    const player = await t.newPlayer();
    const ledger = t.app.services.ledger.service;
    for (let seal = 0; seal < 3; seal++) {
      let last = 0;
      for (let i = 0; i < 4; i++) {
        last = (
          await t.app.services.cashier.deposit({
            playerId: player.id,
            amount: riel(100 + i),
            idempotencyKey: `ops-ledger-${String(seal)}-${String(i)}`,
          })
        ).transferId;
      }
      // Other files' transactions on a shared PostgreSQL may hold the horizon back a moment.
      for (let attempt = 0; attempt < 200; attempt++) {
        await ledger.sealPending();
        if (((await ledger.seals(1, 100)).at(-1)?.last_id ?? 0) >= last) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    expect(await ledger.seals(1, 100)).toHaveLength(3);
  });
  afterAll(() => t.close());

  async function ops(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    try {
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [OPS_BUNDLE, ...args], {
        env: { ...process.env, ...t.tdb.env, ...keyEnv },
      });
      return { code: 0, stdout, stderr };
    } catch (e) {
      const err = e as { code: number; stdout: string; stderr: string };
      return { code: err.code, stdout: err.stdout, stderr: err.stderr };
    }
  }

  it('prints the public key the app serves, and lists the seals', async () => {
    const key = await ops('ledger', 'public-key');
    expect(key.code).toBe(0);
    expect(key.stdout).toContain(t.app.services.ledger.key!.publicKeyHex);
    const seals = await ops('ledger', 'seals');
    expect(seals.code).toBe(0);
    expect(seals.stdout.trim().split('\n')).toHaveLength(3);
    expect(seals.stdout).toMatch(/^#1 .*4 transfers/m);
  });

  it('seals a pending transfer now: its proof is sealed and verify passes; refused while the lease is held', async () => {
    const player = await t.newPlayer();
    const { transferId } = await t.app.services.cashier.deposit({
      playerId: player.id,
      amount: riel(777),
      idempotencyKey: 'ops-ledger-seal-now',
    });
    const ledger = t.app.services.ledger.service;
    expect((await ledger.proof(player.id, transferId))?.status).toBe('pending');

    if (dialect === 'postgres') {
      // Another process's sealing worker holds the lease (here, this test process): refused, nothing sealed.
      const lease = createSchedulerLease(t.tdb.db, t.app.services.ledger.sealJob.name, 10);
      expect(await lease.holds()).toBe(true);
      try {
        const refused = await ops('ledger', 'seal');
        expect(refused.code).not.toBe(0);
        expect(refused.stderr).toMatch(/ledger-seal lease is held by pid \d+/);
        expect(await ledger.seals(1, 100)).toHaveLength(3);
      } finally {
        await lease.release();
      }
    }

    const sealed = await ops('ledger', 'seal');
    expect(sealed.stderr).toBe('');
    expect(sealed.code).toBe(0);
    expect(sealed.stdout).toMatch(/^sealed #4: ids \d+\.\.\d+, \d+ transfers$/m);
    const proof = await ledger.proof(player.id, transferId);
    expect(proof?.status === 'sealed' && proof.seal.seq).toBe(4);
    const ok = await ops('ledger', 'verify');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/ledger seals OK: 4 seals/);
  });

  it('verifies, then names the seal of a changed transfer and exits 1', async () => {
    const ok = await ops('ledger', 'verify');
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/ledger seals OK: 4 seals, 13 transfers/);
    const wrongKey = await ops('ledger', 'verify', '--public-key', 'ab'.repeat(32));
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stdout).toContain('BAD SEAL #1: bad signature');

    const second = (await t.app.services.ledger.service.seals(2, 1))[0]!;
    // As someone with database access would: the immutability trigger out of the way, one amount changed.
    if (dialect === 'postgres') {
      await sql`alter table transfers disable trigger user`.execute(t.tdb.db);
      await sql`update transfers set amount = amount + 1000 where id = ${second.last_id}`.execute(t.tdb.db);
      await sql`alter table transfers enable trigger user`.execute(t.tdb.db);
    } else {
      const sqlite = rawSqliteOf(t.tdb.db)!;
      sqlite.exec('drop trigger transfers_no_update');
      sqlite.prepare('update transfers set amount = amount + 1000 where id = ?').run(second.last_id);
      sqlite.exec(
        "create trigger transfers_no_update before update on transfers begin select raise(abort, 'transfers are immutable'); end",
      );
    }
    const bad = await ops('ledger', 'verify');
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('BAD SEAL #2: changed row');
  });
});
