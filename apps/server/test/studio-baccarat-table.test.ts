import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { baccaratTable } from '@lotto59/demo-provider/rules';
import { createDemoProvider, type DemoProvider } from '@lotto59/demo-provider/server';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './databases';
import { launchAndOpen, studioCall } from './studio-harness';
import { createTestApp, type TestContext } from './test-app';
import { dropTestSchema, testSchemaName } from './test-schemas';

/*
 * The baccarat table's limit against our wallet (decision 0042): the studio learns our PROVIDER_MAX_BET from
 * the session answer, and the largest round its table offers is one bet our wallet takes. The studio runs on
 * its own Fastify and database (SQLite file or PostgreSQL schema) beside our server of each dialect.
 */

describe.each(TEST_DIALECTS)("the baccarat table's limit against our wallet on %s", (dialect) => {
  let t: TestContext;
  let studio: { provider: DemoProvider; app: FastifyInstance; drop: () => Promise<void> };
  let studioBase: string;

  beforeAll(async () => {
    const secret = randomBytes(32).toString('hex');
    t = await createTestApp(dialect, { PROVIDER_2_SECRET: secret });
    const wallet = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const schema = testSchemaName('studio');
    const dataDir = mkdtempSync(join(tmpdir(), 'studio-table-'));
    const provider = await createDemoProvider({
      database:
        dialect === 'sqlite'
          ? { kind: 'sqlite', dataDir }
          : { kind: 'postgres', url: process.env.TEST_DATABASE_URL!, schema },
      secrets: { '2': secret },
      walletBaseUrl: wallet,
      clock: () => t.clock.nowMs(),
      retry: { pollMs: 0 },
    });
    const app = Fastify();
    await app.register(provider.plugin, { prefix: '/provider/demo' });
    studioBase = `${await app.listen({ host: '127.0.0.1', port: 0 })}/provider/demo`;
    studio = {
      provider,
      app,
      drop: async () => {
        rmSync(dataDir, { recursive: true, force: true });
        if (dialect !== 'postgres') return;
        await dropTestSchema(process.env.TEST_DATABASE_URL!, schema);
      },
    };
  });

  afterAll(async () => {
    await studio?.app.close();
    await studio?.provider.close();
    await studio?.drop();
    await t?.close();
  });

  it('the largest round the table offers is one our wallet takes; one chip more is refused by the studio', async () => {
    const player = await t.newPlayer({ balance: 12_000_000 });
    const seat = await launchAndOpen(t.app, studioBase, player, { provider: '2', gameCode: 'baccarat' });
    const me = await studioCall(studioBase, 'GET', 'api/me', undefined, seat.session);
    expect(me.body).toMatchObject({ max_bet: t.config.PROVIDER_MAX_BET });
    const table = baccaratTable((me.body as { max_bet: number }).max_bet);
    expect(table.roundMax).toBe(5_000_000);
    // The fullest table the page lets a player stack: every side spot at its maximum, BANKER filling the rest.
    const fullest = [
      { type: 'TIE', amount: table.kinds.TIE.max },
      { type: 'PLAYER_PAIR', amount: table.kinds.PLAYER_PAIR.max },
      { type: 'BANKER_PAIR', amount: table.kinds.BANKER_PAIR.max },
      { type: 'BANKER', amount: table.roundMax - 3 * table.kinds.TIE.max },
    ];
    const over = await studioCall(
      studioBase,
      'POST',
      'api/baccarat/deal',
      { bets: [...fullest, { type: 'PLAYER', amount: 1_000 }], request_id: 'over-the-wallet' },
      seat.session,
    );
    expect(over.status).toBe(422);
    expect(await t.app.services.wallet.playerBalance(player.id)).toBe(12_000_000);
    const res = await studioCall(
      studioBase,
      'POST',
      'api/baccarat/deal',
      { bets: fullest, request_id: 'at-the-wallet' },
      seat.session,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const deal = res.body as { round_id: string; total_bet: number; win: number };
    expect(deal.total_bet).toBe(5_000_000);
    expect(await t.app.services.wallet.playerBalance(player.id)).toBe(12_000_000 - 5_000_000 + deal.win);
    const round = await t.tdb.db
      .selectFrom('provider_rounds')
      .selectAll()
      .where('provider', '=', '2')
      .where('round_id', '=', deal.round_id)
      .executeTakeFirstOrThrow();
    expect(round).toMatchObject({ stake: 5_000_000, payout: deal.win, status: 'CLOSED' });
    expect(await t.app.services.wallet.reconcile()).toMatchObject({ ok: true });
  });
});
