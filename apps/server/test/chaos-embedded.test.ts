import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../src/db/create-db';
import { migrateToLatest } from '../src/db/migrate';
import { freePortBlock } from './cluster-harness';
import { SeededRandom } from './seeded-random';
import {
  SERVER,
  SEED,
  KILLS,
  FAST_ROUNDS,
  between,
  sleep,
  Tally,
  login,
  betLoad,
  endChecks,
  createPlayers,
} from './chaos-harness';

// The chaos test, embedded (one SQLite process, restarted on the same file): the checks are in test/chaos-harness.ts.
describe('chaos: SIGKILL under bet load, embedded (SQLite)', () => {
  // Made in the test, not here: a run filtered to the other part would leave it behind.
  let dir: string | undefined;
  let child: ChildProcess | undefined;
  afterAll(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it(`${KILLS} SIGKILLs at random moments: every 2xx bet stored once, replays move nothing, ledger reconciles, no round stuck (seed ${SEED})`, async () => {
    dir = mkdtempSync(join(tmpdir(), 'lotto59-chaos-'));
    const handle = openSqlite(join(dir, 'lotto59.sqlite'));
    await migrateToLatest(handle.db, 'sqlite');
    const dbEnv = { DATA_DIR: dir };
    const port = await freePortBlock();
    const base = `http://127.0.0.1:${port}`;
    const out: string[] = [];
    const start = async () => {
      const started = spawn(process.execPath, [SERVER], {
        env: {
          PATH: process.env.PATH ?? '',
          ...dbEnv,
          ...FAST_ROUNDS,
          HOST: '127.0.0.1',
          PORT: String(port),
          WEB_DIST_DIR: '/nonexistent',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      started.stdout!.on('data', (d: Buffer) => out.push(String(d)));
      started.stderr!.on('data', (d: Buffer) => out.push(String(d)));
      for (const until = Date.now() + 20_000; ;) {
        if (started.exitCode !== null) throw new Error(`the server exited:\n${out.join('').slice(-3000)}`);
        const ok = await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return started;
        if (Date.now() > until) throw new Error(`no start within 20 s:\n${out.join('').slice(-3000)}`);
        await sleep(50);
      }
    };

    try {
      let server = await start();
      const players = await createPlayers(handle, dbEnv, base);
      for (const p of players) await login(p);
      const rng = new SeededRandom(`${SEED}:sqlite`);
      const tally = new Tally();
      const load = betLoad(players, new SeededRandom(`${SEED}:sqlite-bets`), tally);
      const startedAt = Date.now();
      for (let kill = 1; kill <= KILLS; kill++) {
        // Some kills land while the process starts (scheduler catching up), most while bets flow.
        await sleep(between(rng, 0, 2500));
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGKILL');
        await exited;
        server = await start();
      }
      // Load on the last process for a moment, then the checks.
      await sleep(1000);
      await load.stop();
      console.log(
        `[chaos sqlite] ${KILLS} kills in ${Date.now() - startedAt} ms; sent ${tally.sent.size}, 2xx ${tally.accepted}, ` +
          `unknown ${tally.unknown}, closed ${tally.closed}, relogins ${tally.relogins}`,
      );
      expect(tally.unexpected.slice(0, 10)).toEqual([]);
      expect(tally.accepted).toBeGreaterThan(100);
      const checksAt = Date.now();
      const result = await endChecks(handle, dbEnv, players, tally).catch((error: unknown) => {
        console.log(`[chaos sqlite] server output:\n${out.join('').slice(-4000)}`);
        throw error;
      });
      console.log(
        `[chaos sqlite] ${result.groups} bets stored over ${result.rounds} rounds; checks ${Date.now() - checksAt} ms`,
      );
    } finally {
      if (child && child.exitCode === null) child.kill('SIGKILL');
      await handle.close();
    }
    // Room for a busy machine: the other test files run beside it (docs/ci-timing.md).
  }, 480_000);
});
