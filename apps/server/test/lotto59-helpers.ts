import { createHash, randomUUID } from 'node:crypto';
import { drawNumbers, type Pool } from '@lotto59/domain';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { BET_RECORD_SELECTION, betsWithRound } from '../src/modules/lotto59/bets/bet-outcome.repository';
import type { fakeClock } from '../src/platform/clock';
import { SeededRandom } from './seeded-random';
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

/** A round's numbers from its stored seed by the domain's draw: what the release will store and settle on. */
export function drawOf(round: { id: number; server_seed: string }): number[] {
  return drawNumbers(round.server_seed, round.id);
}

/**
 * The first of a fixed list of candidate seeds (SHA-256 of `pinned:<round id>:<i>`) whose draw for round
 * `roundId` satisfies `wanted`. Found with the domain's own draw, so a test states the outcome it needs
 * and gets it on every run; a wish no draw can meet fails here, not later by chance.
 */
export function seedWhoseDraw(roundId: number, wanted: (numbers: number[]) => boolean): string {
  for (let i = 0; i < 10_000; i++) {
    const seed = createHash('sha256').update(`pinned:${roundId}:${i}`).digest('hex');
    if (wanted(drawNumbers(seed, roundId))) return seed;
  }
  throw new Error(`no candidate seed gives round ${roundId} the wanted draw`);
}

/** The id the database gives the next round it stores (nothing else inserts rounds meanwhile). */
async function nextRoundId(t: TestContext): Promise<number> {
  const { db, dialect } = t.tdb;
  if (dialect === 'postgres') {
    const { rows } = await sql<{ last_value: string | number; is_called: boolean }>`
      select last_value, is_called from lotto59_rounds_id_seq`.execute(db);
    const seq = rows[0]!;
    return seq.is_called ? Number(seq.last_value) + 1 : Number(seq.last_value);
  }
  // AUTOINCREMENT: one more than the largest id ever given, kept in sqlite_sequence.
  const { rows } = await sql<{ seq: number }>`
    select seq from sqlite_sequence where name = 'lotto59_rounds'`.execute(db);
  return (rows[0]?.seq ?? 0) + 1;
}

/**
 * Pins the draws of the next `count` rounds the app opens (in the order it opens them, ids taken as the
 * next ones of the table) to seeds whose draws satisfy `wanted`. Returns the ids the seeds were chosen
 * for; the test checks the stored rounds afterwards (`drawOf`), so a wrong guess fails loudly on every
 * run instead of by luck.
 */
export async function pinNextDraws(
  t: TestContext,
  count: number,
  wanted: (numbers: number[]) => boolean,
): Promise<number[]> {
  const first = await nextRoundId(t);
  const ids = Array.from({ length: count }, (_, i) => first + i);
  t.random.pinNextSeeds(...ids.map((id) => seedWhoseDraw(id, wanted)));
  return ids;
}

/** A player's bets as every reader shows them: the outcome read from the round (decision 0027). */
export async function betRowsOf(t: TestContext, playerId: number) {
  return betsWithRound(t.tdb.db)
    .select(BET_RECORD_SELECTION)
    .where('b.player_id', '=', playerId)
    .orderBy('b.id')
    .execute();
}

/** A round's bets as every reader shows them. */
export async function betRowsOfRound(t: TestContext, roundId: number) {
  return betsWithRound(t.tdb.db)
    .select(BET_RECORD_SELECTION)
    .where('b.round_id', '=', roundId)
    .orderBy('b.id')
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

/** How many more apps each test context has built, so that each gets its own fixed random stream. */
const processesBuilt = new WeakMap<TestContext, number>();

/**
 * A second app on the same database, as a restarted (or second) server process would build it: its own
 * connection pool, its own scheduler, the same clock, and its own seeded random source (fixed, as in the
 * first app, but another stream: a real second process would not repeat the first one's seeds).
 */
export async function buildAppOn(
  t: TestContext,
  clock: ReturnType<typeof fakeClock>,
  env: Record<string, string> = {},
) {
  const built = (processesBuilt.get(t) ?? 0) + 1;
  processesBuilt.set(t, built);
  const random = new SeededRandom(`${t.random.label}/process-${built + 1}`);
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
  const app = await buildApp({ config, db: handle.db, clock, random });
  await app.ready();
  return {
    random,
    app,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}
