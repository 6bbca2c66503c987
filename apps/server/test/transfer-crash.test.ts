import { spawn, type ChildProcess } from 'node:child_process';
import { riel } from '@lotto59/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { systemClock } from '../src/platform/clock';
import { createServices, type Services } from '../src/services';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from './databases';
import { FakeTransferProvider } from './fake-transfer-provider';
import { SERVER_BUNDLE } from './built-server';

/*
 * Crash safety of the transfer wallet (providers.md §4, reliability.md "Crash safety"): our server as its own
 * process (src/server.ts), SIGKILLed by its test-only hook (TRANSFER_FAULT=kill-after-ledger) after a deposit's
 * row and ledger move committed and before the studio was called; then started again on the same database.
 * The recovery worker finds the INITIATED transfer, asks `status` (NOT_FOUND: the studio never saw it, and its
 * tombstone keeps it so) and reverses it: the money is back with the player, once, and the ledger reconciles.
 * Both processes use the real clock.
 */

// The bundle `npm start` runs, built once for the run by the global setup (test/built-server.ts).
const SERVER = SERVER_BUNDLE;
const SECRET_4 = 'd4'.repeat(32);
const START = 100_000;
const AMOUNT = 30_000;

/** A cookie jar for fetch: the session and XSRF cookies, as the web app's browser keeps them. */
class Jar {
  readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
  headers(): Record<string, string> {
    return {
      accept: 'application/json',
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': decodeURIComponent(this.cookies.get('XSRF-TOKEN') ?? ''),
    };
  }
}

describe.each(TEST_DIALECTS)(
  'our server killed between a deposit’s ledger move and its call, on %s',
  (dialect) => {
    let tdb: TestDatabase;
    let services: Services;
    let studio: FakeTransferProvider;
    let studioBase: string;
    const children: ChildProcess[] = [];

    beforeAll(async () => {
      tdb = await createTestDatabase(dialect);
      studio = new FakeTransferProvider(SECRET_4, () => Date.now());
      studioBase = await studio.start();
      const config = loadConfig({
        NODE_ENV: 'test',
        LOTTO_SCHEDULER: 'false',
        DEMO_PROVIDER: 'off',
        ...tdb.env,
      });
      services = await createServices({ config, db: tdb.db, clock: systemClock });
    });
    afterAll(async () => {
      for (const child of children)
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await studio?.stop();
      await tdb?.drop();
    });

    /** src/server.ts in its own node process; resolves with its address once it listens. */
    function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
      const child = spawn(process.execPath, [SERVER], {
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'test',
          ...(tdb.env as Record<string, string>),
          HOST: '127.0.0.1',
          PORT: '0',
          WEB_DIST_DIR: '/nonexistent',
          DEMO_PROVIDER: 'off',
          ARGON2_MEMORY_KIB: '1024',
          ARGON2_TIME_COST: '1',
          LOG_LEVEL: 'warn',
          PROVIDER_4_SECRET: SECRET_4,
          PROVIDER_DEMO_URL: studioBase,
          // The worker looks at an INITIATED transfer once its call must have ended: timeout + 1 s.
          PROVIDER_TRANSFER_TIMEOUT_MS: '2000',
          RATE_LIMIT_SCALE: '1000',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      const out: string[] = [];
      child.stdout!.on('data', (chunk: Buffer) => out.push(String(chunk)));
      child.stderr!.on('data', (chunk: Buffer) => out.push(String(chunk)));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no start within 60 s:\n${out.join('')}`)), 60_000);
        const onExit = (code: number | null) => reject(new Error(`exited with ${code}:\n${out.join('')}`));
        const onOutput = () => {
          const url = /Lotto59 is running at (\S+)/.exec(out.join(''))?.[1];
          if (!url) return;
          clearTimeout(timer);
          child.off('exit', onExit);
          resolve({ child, url });
        };
        child.once('exit', onExit);
        child.stdout!.on('data', onOutput);
      });
    }

    const exited = (child: ChildProcess) =>
      new Promise<NodeJS.Signals | number | null>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve(child.signalCode ?? child.exitCode);
        else child.once('exit', (code, signal) => resolve(signal ?? code));
      });

    async function signIn(url: string, player: { username: string; password: string }): Promise<Jar> {
      const jar = new Jar();
      jar.take(await fetch(`${url}/sanctum/csrf-cookie`));
      const login = await fetch(`${url}/login`, {
        method: 'POST',
        headers: jar.headers(),
        body: JSON.stringify(player),
      });
      expect(login.status).toBe(200);
      jar.take(login);
      return jar;
    }

    const transfersOf = (playerId: number) =>
      tdb.db.selectFrom('provider_transfer').selectAll().where('player_id', '=', playerId).execute();

    it('the restart finds the INITIATED transfer, the studio never saw it, and the money goes back once', async () => {
      const player = {
        username: `crash_${dialect}_${Date.now() % 100_000}`,
        password: 'correct horse battery',
      };
      const created = await services.players.create(player);
      await services.cashier.deposit({
        playerId: created.id,
        amount: riel(START),
        idempotencyKey: `crash-${created.id}`,
      });
      const floatBefore = await services.wallet.systemBalance('float:4');

      const first = await startServer({ TRANSFER_FAULT: 'kill-after-ledger', LOTTO_SCHEDULER: 'false' });
      const died = exited(first.child);
      const jar = await signIn(first.url, player);
      const answer = await fetch(`${first.url}/api/fishing/settoken`, {
        method: 'POST',
        headers: jar.headers(),
        body: JSON.stringify({ provider: 4, amount: AMOUNT }),
      })
        .then(() => 'answered')
        .catch(() => 'no answer');
      expect(answer).toBe('no answer');
      expect(await died).toBe('SIGKILL');

      // Killed with the row and the ledger move committed, and nothing sent to the studio.
      const [crashed] = await transfersOf(created.id);
      expect(crashed).toMatchObject({ state: 'INITIATED', direction: 'IN', amount: AMOUNT });
      expect(await services.wallet.playerBalance(created.id)).toBe(START - AMOUNT);
      expect((await services.wallet.systemBalance('float:4')) - floatBefore).toBe(AMOUNT);
      expect(studio.callsOf('deposit')).toBe(0);
      expect(await services.wallet.reconcile()).toMatchObject({ ok: true });

      // The restart: its worker (LOTTO_SCHEDULER on, as in production) resolves the transfer.
      const second = await startServer({ LOTTO_SCHEDULER: 'true' });
      // A status query lost to a loaded machine leaves it UNKNOWN and asked again 2 s later: wait for the end.
      const deadline = Date.now() + 60_000;
      const inFlight = async () =>
        ['INITIATED', 'UNKNOWN'].includes((await transfersOf(created.id))[0]?.state ?? '');
      while ((await inFlight()) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(await transfersOf(created.id)).toMatchObject([{ state: 'FAILED', resolved_by: 'status' }]);
      expect(studio.transfers.get(crashed!.id)?.state).toBe('NOT_FOUND');
      expect(await services.wallet.playerBalance(created.id)).toBe(START);
      expect(studio.balanceOf(created.id)).toBe(0);
      expect((await services.wallet.systemBalance('float:4')) - floatBefore).toBe(0);
      expect(await services.wallet.reconcile()).toMatchObject({ ok: true });
      // Exactly one reversal: the ledger holds the move in and the move back, nothing else for this transfer.
      const moves = await tdb.db
        .selectFrom('transfers')
        .select(['kind', 'amount'])
        .where('reference', '=', crashed!.id)
        .orderBy('id')
        .execute();
      expect(moves).toEqual([
        { kind: 'provider_transfer_in', amount: AMOUNT },
        { kind: 'provider_transfer_reversal', amount: AMOUNT },
      ]);
      // The player sees it: is_loading back to 0 (the login session survived the crash in the database).
      const user = await fetch(`${second.url}/api/user`, { headers: jar.headers() });
      expect(((await user.json()) as { data: { is_loading: number; balance: number } }).data).toMatchObject({
        is_loading: 0,
        balance: START,
      });
      second.child.kill('SIGTERM');
      await exited(second.child);
    }, 180_000);
  },
);
