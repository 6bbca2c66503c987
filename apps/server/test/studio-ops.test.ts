import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { riel } from '@lotto59/domain';
import { createDemoProvider } from '@lotto59/demo-provider/server';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { systemClock } from '../src/platform/clock';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from './databases';
import { launchAndOpen, studioCall } from './studio-harness';
import { OPS_BUNDLE } from './built-server';
import { dropTestSchema, testSchemaName } from './test-schemas';

/*
 * `ops providers stuck | resolve <id>`: the studio's parked wins, read from the studio's own database (its
 * file in DATA_DIR, or its PostgreSQL schema), and one sent to our wallet on the operator's word.
 * A win is parked by signing it a day late: our wallet refuses the stale signature, and a call a day old is
 * past the studio's retry schedule (4 h), so it parks at its first failure.
 */

// The operator bundle the global setup built from this run's source (test/built-server.ts).
const OPS = OPS_BUNDLE;
const SECRET_3 = randomBytes(32).toString('hex');
const DAY_MS = 86_400_000;

describe.each(TEST_DIALECTS)('ops providers stuck / resolve on %s', (dialect) => {
  let tdb: TestDatabase;
  let app: App;
  let walletBase: string;
  let studioEnv: Record<string, string>;
  let dropStudioSchema: (() => Promise<void>) | undefined;

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
    if (dialect === 'postgres') {
      const schema = testSchemaName('studio');
      studioEnv = {
        DEMO_PROVIDER_DATABASE_URL: process.env.TEST_DATABASE_URL!,
        DEMO_PROVIDER_DB_SCHEMA: schema,
      };
      dropStudioSchema = async () => {
        await dropTestSchema(process.env.TEST_DATABASE_URL!, schema);
      };
    } else {
      studioEnv = {};
    }
  });

  afterAll(async () => {
    await app?.close();
    await dropStudioSchema?.();
    await tdb?.drop();
  });

  async function ops(...args: string[]) {
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [OPS, ...args], {
        env: {
          PATH: process.env.PATH,
          ...tdb.env,
          ...studioEnv,
          PROVIDER_3_SECRET: SECRET_3,
          WALLET_BASE_URL: walletBase,
        },
      });
      return { code: 0, stdout };
    } catch (e) {
      const err = e as { code: number; stdout: string; stderr: string };
      return { code: err.code, stdout: err.stdout + err.stderr };
    }
  }

  it('lists a parked win from the studio’s database and pays it once on `resolve`', async () => {
    // The studio, on the database the ops command line will find (embedded: its file in our DATA_DIR).
    let skewMs = 0;
    const studio = await createDemoProvider({
      database: studioEnv.DEMO_PROVIDER_DATABASE_URL
        ? {
            kind: 'postgres',
            url: studioEnv.DEMO_PROVIDER_DATABASE_URL,
            schema: studioEnv.DEMO_PROVIDER_DB_SCHEMA,
          }
        : { kind: 'sqlite', dataDir: tdb.env.DATA_DIR! },
      secrets: { '3': SECRET_3 },
      walletBaseUrl: walletBase,
      clock: () => Date.now() + skewMs,
      retry: { pollMs: 0 },
      // The bet is taken and its win recorded; from here the studio's clock runs a day late.
      fault: (point) => {
        if (point === 'bet-recorded') skewMs = DAY_MS;
      },
    });
    const server = Fastify();
    await server.register(studio.plugin, { prefix: '/provider/demo' });
    const base = `${await server.listen({ host: '127.0.0.1', port: 0 })}/provider/demo`;

    const username = `ops_${randomBytes(4).toString('hex')}`;
    const player = await app.services.players.create({ username, password: 'correct horse battery' });
    await app.services.cashier.deposit({
      playerId: player.id,
      amount: riel(50_000),
      idempotencyKey: `ops-${player.id}`,
    });
    const seat = await launchAndOpen(
      app,
      base,
      { username, password: 'correct horse battery' },
      {
        provider: '3',
        gameCode: 'angkor-fortune',
      },
    );
    const spin = await studioCall(
      base,
      'POST',
      'api/slot/spin',
      { line_bet: 100, request_id: 'p1' },
      seat.session,
    );
    expect(spin.status).toBe(200);
    const { round_id: roundId, win } = spin.body as { round_id: string; win: number };
    expect(await app.services.wallet.playerBalance(player.id)).toBe(50_000 - 2_000);
    await server.close();
    await studio.close();

    const stuck = await ops('providers', 'stuck');
    expect(stuck.code, stuck.stdout).toBe(0);
    const line = stuck.stdout.split('\n').find((l) => l.includes(`round=${roundId}`));
    expect(line).toMatch(
      new RegExp(
        `^[0-9a-f-]{36}  WIN +provider=3 round=${roundId} user=${player.id} amount=${win} attempts=1`,
      ),
    );
    // Our wallet would not take a day-old signature; the studio kept why.
    expect(line).toMatch(/last_error=(?!-)\S/);
    const id = line!.split(' ')[0]!;

    expect((await ops('providers', 'resolve', 'no-such-id')).code).toBe(1);
    const resolved = await ops('providers', 'resolve', id);
    expect(resolved.code, resolved.stdout).toBe(0);
    expect(resolved.stdout).toContain(`balance is now ${50_000 - 2_000 + win} riel`);
    expect(await app.services.wallet.playerBalance(player.id)).toBe(50_000 - 2_000 + win);
    const round = await tdb.db
      .selectFrom('provider_rounds')
      .selectAll()
      .where('round_id', '=', roundId)
      .executeTakeFirstOrThrow();
    expect(round).toMatchObject({ status: 'CLOSED', stake: 2_000, payout: win });
    expect(await app.services.wallet.reconcile()).toMatchObject({ ok: true });

    // Sent: nothing is parked any more, and a second resolve finds nothing to send.
    expect((await ops('providers', 'stuck')).stdout).toContain('nothing parked');
    expect((await ops('providers', 'resolve', id)).code).toBe(1);
  }, 120_000);
});
