import { randomUUID } from 'node:crypto';
import type { Pool } from '@lotto59/domain';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import type { fakeClock } from '../src/platform/clock';
import type { TestBrowser, TestContext } from './test-app';

/** Helpers of the lotto 59 API tests. */

export function placeBet(browser: TestBrowser, body: unknown, key: string = randomUUID()) {
  return browser.request({
    method: 'POST',
    url: '/api/bet',
    payload: body as object,
    headers: { 'idempotency-key': key },
  });
}

export function placeJackpot(browser: TestBrowser, body: unknown, key: string = randomUUID()) {
  return browser.request({
    method: 'POST',
    url: '/api/bet/jackpot',
    payload: body as object,
    headers: { 'idempotency-key': key },
  });
}

/** The open round of a pool (the scheduler must have ticked). */
export async function openRound(app: App, poll: Pool) {
  const round = await app.services.lotto59.rounds.openOf(poll);
  if (!round) throw new Error(`no open round in ${poll}`);
  return round;
}

export async function betRowsOf(t: TestContext, playerId: number) {
  return t.tdb.db
    .selectFrom('lotto59_bets')
    .selectAll()
    .where('player_id', '=', playerId)
    .orderBy('id')
    .execute();
}

export async function expectLedgerBalanced(app: App, db: TestContext['tdb']['db']) {
  const report = await app.services.wallet.reconcile();
  expect(report.unbalanced).toEqual([]);
  expect(report.sumOfBalances).toBe(0);
  expect(report.ok).toBe(true);
  // Each transfer records both balances after it: replaying the transfers in order must land on them
  // (batched writes compute these rather than read them back).
  const transfers = await db.selectFrom('transfers').selectAll().orderBy('id').execute();
  const running = new Map<number, number>();
  const wrong: string[] = [];
  for (const t of transfers) {
    const from = (running.get(t.from_account_id) ?? 0) - t.amount;
    const to = (running.get(t.to_account_id) ?? 0) + t.amount;
    running.set(t.from_account_id, from).set(t.to_account_id, to);
    if (from !== t.from_balance_after || to !== t.to_balance_after) wrong.push(t.idempotency_key);
  }
  expect(wrong).toEqual([]);
}

export function expectRefusal(res: LightMyRequestResponse, status: number, code: string, message: string) {
  expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { code, message } });
}

/**
 * A second app on the same database, as a restarted (or second) server process would build it: its own
 * connection pool, its own scheduler, the same clock.
 */
export async function buildAppOn(
  t: TestContext,
  clock: ReturnType<typeof fakeClock>,
  env: Record<string, string> = {},
) {
  const config = loadConfig({
    NODE_ENV: 'test',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    WEB_DIST_DIR: '/nonexistent',
    LOTTO_SCHEDULER: 'false',
    ...t.tdb.env,
    ...env,
  });
  const { openDatabase } = await import('../src/db/create-db');
  const handle = openDatabase(config);
  const app = await buildApp({ config, db: handle.db, clock });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}
