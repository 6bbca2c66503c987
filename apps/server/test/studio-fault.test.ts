import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { riel } from '@lotto59/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { systemClock } from '../src/platform/clock';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from './databases';
import { freePort, launchAndOpen, studioCall } from './studio-harness';
import { dropTestSchema, testSchemaName } from './test-schemas';

/*
 * Fault injection (providers.md §3, the crash rule): the studio as its own process (src/main.ts), SIGKILLed by
 * its test-only hook (DEMO_PROVIDER_FAULT) between our wallet's acknowledgement of a bet and the win, then
 * started again on the same database. The round ends with the win paid or the bet rolled back, never both
 * and never neither, and our ledger reconciles. Both clocks are the real one: two processes sign and check.
 */

const STUDIO_MAIN = fileURLToPath(new URL('../../demo-provider/src/main.ts', import.meta.url));
const SECRET_3 = randomBytes(32).toString('hex');
const START_BALANCE = 100_000;

describe.each(TEST_DIALECTS)('the studio killed between bet and win, on %s', (dialect) => {
  let tdb: TestDatabase;
  let app: App;
  let walletBase: string;
  const cleanups: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    tdb = await createTestDatabase(dialect);
    const config = loadConfig({
      NODE_ENV: 'test',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      WEB_DIST_DIR: '/nonexistent',
      LOTTO_SCHEDULER: 'false',
      DEMO_PROVIDER: 'off',
      PROVIDER_3_SECRET: SECRET_3,
      ...tdb.env,
    });
    app = await buildApp({ config, db: tdb.db, clock: systemClock });
    walletBase = await app.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await app?.close();
    await tdb?.drop();
  });

  /** Where one studio keeps its data: a folder (SQLite) or a fresh PostgreSQL schema. */
  function studioStore(): Record<string, string> {
    if (dialect === 'sqlite') {
      const dir = mkdtempSync(join(tmpdir(), 'studio-fault-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      return { DATA_DIR: dir };
    }
    const schema = testSchemaName('studio');
    cleanups.push(async () => {
      await dropTestSchema(process.env.TEST_DATABASE_URL!, schema);
    });
    return { DEMO_PROVIDER_DATABASE_URL: process.env.TEST_DATABASE_URL!, DEMO_PROVIDER_DB_SCHEMA: schema };
  }

  /** src/main.ts in its own node process; resolves once it answers HTTP. */
  async function startStudio(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', STUDIO_MAIN], {
      env: {
        PATH: process.env.PATH,
        DEMO_PROVIDER_PORT: String(port),
        WALLET_BASE_URL: walletBase,
        PROVIDER_3_SECRET: SECRET_3,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    cleanups.push(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    const base = `http://127.0.0.1:${port}/provider/demo`;
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the studio exited ${child.exitCode}: ${stderr}`);
      try {
        // No bearer: the studio is up when it refuses us.
        if ((await fetch(`${base}/api/me`)).status === 401) return { child, base };
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error(`the studio did not start: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const exited = (child: ChildProcess) =>
    new Promise<NodeJS.Signals | number | null>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve(child.signalCode ?? child.exitCode);
      else child.once('exit', (code, signal) => resolve(signal ?? code));
    });

  async function newPlayer() {
    const username = `fault_${randomBytes(4).toString('hex')}`;
    const password = 'correct horse battery';
    const player = await app.services.players.create({ username, password });
    await app.services.cashier.deposit({
      playerId: player.id,
      amount: riel(START_BALANCE),
      idempotencyKey: `fault-seed-${player.id}`,
    });
    return { id: player.id, username, password };
  }

  /** Our side of the one round the player played: its row and the wallet calls that moved money. */
  async function ourRound(playerId: number) {
    const rounds = await tdb.db
      .selectFrom('provider_rounds')
      .selectAll()
      .where('player_id', '=', playerId)
      .execute();
    expect(rounds).toHaveLength(1);
    const actions = await tdb.db
      .selectFrom('provider_transactions')
      .select('action')
      .where('player_id', '=', playerId)
      .where('round_id', '=', rounds[0]!.round_id)
      .execute();
    return { round: rounds[0]!, actions: actions.map((a) => a.action).sort() };
  }

  async function waitForRoundEnd(playerId: number) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { round } = await ourRound(playerId);
      if (round.status !== 'OPEN') return;
      if (Date.now() > deadline) throw new Error('the round stayed OPEN after the restart');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Plays one spin with the fault armed; returns once the studio process has died mid-round. */
  async function spinIntoTheFault(fault: string) {
    const store = studioStore();
    const player = await newPlayer();
    const first = await startStudio({ ...store, DEMO_PROVIDER_FAULT: fault });
    const seat = await launchAndOpen(app, first.base, player, { provider: '3', gameCode: 'angkor-fortune' });
    const died = exited(first.child);
    const spin = await studioCall(
      first.base,
      'POST',
      'api/slot/spin',
      { line_bet: 500, request_id: 's1' },
      seat.session,
    )
      .then(() => 'answered')
      .catch(() => 'no answer');
    expect(spin).toBe('no answer');
    expect(await died).toBe('SIGKILL');
    // Killed with the bet taken and no win: the wallet holds the stake, the round is open.
    expect(await app.services.wallet.playerBalance(player.id)).toBe(START_BALANCE - 10_000);
    expect(await ourRound(player.id)).toMatchObject({
      round: { status: 'OPEN', stake: 10_000 },
      actions: ['bet'],
    });
    return { store, player, seat };
  }

  it('killed after the bet was acknowledged but before it was recorded: the restart rolls the bet back', async () => {
    const { store, player, seat } = await spinIntoTheFault('kill-after-bet');
    const second = await startStudio(store);
    await waitForRoundEnd(player.id);

    const { round, actions } = await ourRound(player.id);
    expect(round).toMatchObject({ status: 'ROLLED_BACK', payout: 0 });
    expect(actions).toEqual(['bet', 'rollback']);
    expect(await app.services.wallet.playerBalance(player.id)).toBe(START_BALANCE);
    expect(await app.services.wallet.reconcile()).toMatchObject({ ok: true });
    // The studio's session survived its restart and shows the round ended.
    const me = await studioCall(second.base, 'GET', 'api/me', undefined, seat.session);
    expect(me.body).toMatchObject({ balance: START_BALANCE });
    second.child.kill('SIGTERM');
    await exited(second.child);
  }, 90_000);

  it('killed after the bet and its owed win were recorded: the restart pays the win, once', async () => {
    const { store, player, seat } = await spinIntoTheFault('kill-after-bet-recorded');
    const second = await startStudio(store);
    await waitForRoundEnd(player.id);

    const { round, actions } = await ourRound(player.id);
    expect(round).toMatchObject({ status: 'CLOSED', stake: 10_000 });
    expect(actions).toEqual(['bet', 'win']);
    expect(await app.services.wallet.playerBalance(player.id)).toBe(START_BALANCE - 10_000 + round.payout);
    expect(await app.services.wallet.reconcile()).toMatchObject({ ok: true });
    // The studio's history has the same round and the same win as our wallet.
    const history = await studioCall(second.base, 'GET', 'api/history', undefined, seat.session);
    expect(history.body).toMatchObject([{ round_id: round.round_id, total_bet: 10_000, win: round.payout }]);
    second.child.kill('SIGTERM');
    await exited(second.child);
  }, 90_000);
});
