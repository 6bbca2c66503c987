import { randomBytes, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { riel } from '@lotto59/domain';
import { expect } from 'vitest';
import { loadConfig } from '../src/config';
import { type DbHandle } from '../src/db/create-db';
import { betPayout, betStatus, betsWithRound } from '../src/modules/lotto59/bets/bet-outcome.repository';
import { systemClock } from '../src/platform/clock';
import { createServices } from '../src/services';
import { Client } from './cluster-harness';
import { type SeededRandom } from './seeded-random';
import { SERVER_BUNDLE } from './built-server';

/*
 * The chaos test's harness (test/chaos-embedded.test.ts and test/chaos-cluster.test.ts, two files so that
 * Vitest runs the two scenarios side by side). The chaos test (issue 15): 20 SIGKILLs of API processes at random moments under bet load, on SQLite
 * (one embedded process, restarted on the same file) and on the cluster (`npm run start:cluster`, 2 API
 * processes behind HAProxy, which starts a killed process again). At the end: every bet that got a 2xx
 * is stored exactly once with the answer it got, replaying its key moves no money, every player's
 * balance is the deposit less the stakes plus the payouts, the ledger reconciles, and no round is stuck.
 * The moments and the victims come from a seeded random source (CHAOS_SEED picks another run).
 */

export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// The bundle `npm start` runs, built once for the run by the global setup (test/built-server.ts).
export const SERVER = SERVER_BUNDLE;
export const SEED = process.env.CHAOS_SEED ?? 'chaos-1';
export const KILLS = Number(process.env.CHAOS_KILLS ?? 20);
export const PLAYERS = 3;
export const CLIENTS_PER_PLAYER = 2;
export const DEPOSIT = 50_000_000;
export const STAKE = 1000;
export const PASSWORD = 'chaos password';
export const BET_TYPES = [
  'RANGE_1',
  'RANGE_2',
  'RANGE_3',
  'RANGE_4',
  'RANGE_5',
  'RANGE_6',
  'RANGE_7',
] as const;

/** Fast rounds, so that rounds close, draw and settle many times while processes die. */
export const FAST_ROUNDS = {
  LOTTO_OPEN_SECONDS_POLL_1: '5',
  LOTTO_OPEN_SECONDS_POLL_2: '3',
  LOTTO_RELEASE_DELAY_SECONDS: '0.2',
  LOTTO_RELEASE_BALL_SECONDS: '0.1',
  LOTTO_RELEASE_TOTAL_SECONDS: '1.5',
  LOTTO_TICK_MS: '50',
  ARGON2_MEMORY_KIB: '1024',
  ARGON2_TIME_COST: '1',
  // Nine clients bet far faster than people: the rate limits are not what is under test here.
  RATE_LIMIT_SCALE: '1000',
  SLOW_REQUEST_MS: '60000',
};

/** A uniform number in [0, 1) from the seeded stream. */
export const uniform = (rng: SeededRandom) => rng.bytes(4).readUInt32BE(0) / 2 ** 32;
export const between = (rng: SeededRandom, lo: number, hi: number) =>
  Math.floor(lo + uniform(rng) * (hi - lo));
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface BetBody {
  poll: 'POLL_2';
  result_id: number;
  bets: { type: (typeof BET_TYPES)[number]; amount: number }[];
}
export interface Sent {
  key: string;
  player: number;
  body: BetBody;
  /** The 2xx answer, when one came. */
  answer?: { groupId: number; balance: number };
}
export interface Player {
  id: number;
  username: string;
  client: Client;
}

/** What the clients saw, per kind of answer. */
export class Tally {
  readonly sent = new Map<string, Sent>();
  accepted = 0;
  /** No answer, or the proxy's / a closing process's 5xx: the bet may or may not be stored. */
  unknown = 0;
  /** The round had closed (BETTING_CLOSED, ROUND_NOT_OPEN): refused, never stored. */
  closed = 0;
  relogins = 0;
  readonly unexpected: string[] = [];
}

export async function login(player: Player): Promise<void> {
  await player.client.request('GET', '/sanctum/csrf-cookie');
  const res = await player.client.request('POST', '/login', {
    username: player.username,
    password: PASSWORD,
  });
  if (res.status !== 200) throw new Error(`login ${res.status} ${JSON.stringify(res.json)}`);
}

/** The open round of the fast pool, from the API (undefined while no process answers). */
export async function openRound(client: Client): Promise<number | undefined> {
  const res = await client.request('GET', '/api/v1/result/playing?poll=POLL_2');
  return (res.json as { data?: { round: { id: number } | null } } | null)?.data?.round?.id ?? undefined;
}

/**
 * Bet load: CLIENTS_PER_PLAYER loops per player, each placing the next bet 0–40 ms after the last is
 * answered, each bet with a fresh Idempotency-Key, until `stop()`. A failure to connect is chaos, not an
 * error: the loop waits a little and goes on with a new key (as a player who gives up on that bet).
 */
export function betLoad(players: Player[], rng: SeededRandom, tally: Tally) {
  let running = true;
  let round: number | undefined;
  let refreshing: Promise<void> | undefined;
  const refreshRound = (client: Client) =>
    (refreshing ??= (async () => {
      round = await openRound(client).catch(() => undefined);
      if (round === undefined) await sleep(100);
    })().finally(() => (refreshing = undefined)));

  const loop = async (index: number) => {
    const p = players[index]!;
    while (running) {
      if (round === undefined) {
        await refreshRound(p.client);
        continue;
      }
      const body: BetBody = {
        poll: 'POLL_2',
        result_id: round,
        bets: [{ type: BET_TYPES[between(rng, 0, BET_TYPES.length)]!, amount: STAKE }],
      };
      const sent: Sent = { key: randomUUID(), player: index, body };
      tally.sent.set(sent.key, sent);
      let res: Awaited<ReturnType<Client['request']>>;
      try {
        res = await p.client.request('POST', '/api/bet', body, { 'idempotency-key': sent.key });
      } catch {
        // Refused or cut. Never taken as "not stored": the harness's client sends a request again on a new
        // connection when its keep-alive one was cut, so a refusal may follow a bet that was written.
        tally.unknown += 1;
        await sleep(100);
        continue;
      }
      const code = (res.json as { code?: string } | null)?.code;
      if (res.status >= 200 && res.status < 300) {
        const data = (res.json as { data: { group_id: number; balance: number } }).data;
        sent.answer = { groupId: data.group_id, balance: data.balance };
        tally.accepted += 1;
        // A short pause: steady load, and a number of bets the end checks replay in bounded time.
        await sleep(between(rng, 0, 40));
      } else if (res.status >= 500) {
        tally.unknown += 1;
        await sleep(100);
      } else if (code === 'BETTING_CLOSED' || code === 'ROUND_NOT_OPEN') {
        tally.closed += 1;
        if (body.result_id === round) await refreshRound(p.client);
      } else if (res.status === 401 || res.status === 419) {
        // A session is stored in the database, so it outlives a killed process; this is a note, not chaos.
        tally.relogins += 1;
        tally.unknown += 1;
        await login(p).catch(() => sleep(100));
      } else {
        tally.unexpected.push(`${res.status} ${JSON.stringify(res.json)}`);
        await sleep(50);
      }
    }
  };
  const loops = players.flatMap((_, index) => Array.from({ length: CLIENTS_PER_PLAYER }, () => loop(index)));
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/**
 * The end checks on the database the processes wrote, with the API (at `client`s) up again: rounds
 * settle and the pool moves on, every 2xx bet stored once with its answer, replays move nothing,
 * balances add up, the ledger reconciles.
 */
export async function endChecks(
  handle: DbHandle,
  dbEnv: Record<string, string>,
  players: Player[],
  tally: Tally,
) {
  const { db } = handle;
  const services = await createServices({
    config: loadConfig({ ...dbEnv, LOTTO_SCHEDULER: 'false' }),
    db,
    clock: systemClock,
  });
  const ids = players.map((p) => p.id);
  const rounds = async () =>
    db.selectFrom('lotto59_rounds').select(['id', 'poll', 'status', 'close_at_ms', 'settle_at_ms']).execute();

  // No round is stuck: every bet placed settles, and the fast pool opens new rounds.
  const until = Date.now() + 30_000;
  for (;;) {
    // A rated bet's row stays PENDING; its outcome is read from its round (decision 0027).
    const pending = await betsWithRound(db)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('b.player_id', 'in', ids)
      .where(betStatus, '=', 'PENDING')
      .executeTakeFirstOrThrow();
    if (Number(pending.n) === 0) break;
    if (Date.now() > until) {
      const late = (await rounds()).filter((r) => r.status !== 'SETTLED').slice(-10);
      throw new Error(
        `${pending.n} bets still PENDING 30 s after the last kill; rounds ${JSON.stringify(late)}`,
      );
    }
    await sleep(200);
  }
  const openBefore = Math.max(
    ...(await rounds()).filter((r) => r.poll === 'POLL_2' && r.status === 'OPEN').map((r) => r.id),
  );
  for (const deadline = Date.now() + 15_000; ;) {
    const now = (await rounds()).filter((r) => r.poll === 'POLL_2' && r.status === 'OPEN');
    if (now.some((r) => r.id > openBefore)) break;
    if (Date.now() > deadline) throw new Error(`POLL_2 did not move past round ${openBefore}`);
    await sleep(200);
  }
  const nowMs = Date.now();
  const stuck = (await rounds()).filter(
    (r) =>
      (r.status === 'OPEN' && r.close_at_ms < nowMs - 3000) ||
      (r.status === 'RELEASING' && r.settle_at_ms < nowMs - 3000),
  );
  expect(stuck).toEqual([]);
  // At most one open round per pool.
  const open = (await rounds()).filter((r) => r.status === 'OPEN').map((r) => r.poll);
  expect(open.length).toBe(new Set(open).size);

  // Every bet that got a 2xx is stored exactly once, as answered; nothing stored was never sent.
  const groups = await db
    .selectFrom('lotto59_bet_groups')
    .select(['id', 'idempotency_key', 'player_id', 'amount', 'balance_after'])
    .where('player_id', 'in', ids)
    .execute();
  const byKey = new Map<string, typeof groups>();
  for (const g of groups) byKey.set(g.idempotency_key, [...(byKey.get(g.idempotency_key) ?? []), g]);
  const answered = [...tally.sent.values()].filter((s) => s.answer);
  expect(answered.length).toBe(tally.accepted);
  const wrong: string[] = [];
  for (const s of answered) {
    const stored = byKey.get(s.key) ?? [];
    if (stored.length !== 1) wrong.push(`${s.key}: stored ${stored.length} times`);
    else if (stored[0]!.id !== s.answer!.groupId || Number(stored[0]!.balance_after) !== s.answer!.balance)
      wrong.push(`${s.key}: answered ${JSON.stringify(s.answer)}, stored ${JSON.stringify(stored[0])}`);
  }
  for (const [key, list] of byKey) {
    if (!tally.sent.has(key)) wrong.push(`${key}: stored, never sent`);
    if (list.length !== 1) wrong.push(`${key}: ${list.length} groups`);
  }
  expect(wrong).toEqual([]);
  const betRows = await betsWithRound(db)
    .select(['b.group_id', 'b.round_id', 'b.jackpot_win_amount', 'b.player_id', betPayout.as('payout')])
    .where('b.player_id', 'in', ids)
    .execute();
  expect(betRows.length).toBe(groups.length);

  // Each balance is the deposit less the stakes plus the payouts: nothing paid or taken twice.
  const balances = async () => Promise.all(ids.map((id) => services.wallet.playerBalance(id).then(Number)));
  const before = await balances();
  const expected = ids.map(
    (id) =>
      DEPOSIT -
      groups.filter((g) => g.player_id === id).reduce((sum, g) => sum + Number(g.amount), 0) +
      betRows
        .filter((b) => b.player_id === id)
        .reduce((sum, b) => sum + Number(b.payout) + Number(b.jackpot_win_amount), 0),
  );
  expect(before).toEqual(expected);

  // Replaying every key stored (each 2xx among them) answers what is stored and moves nothing; so does
  // replaying keys sent and never stored (the first 300: they answer the round is closed).
  const replayWrong: string[] = [];
  const sentAll = [...tally.sent.values()];
  const queue = [
    ...sentAll.filter((s) => byKey.has(s.key)),
    ...sentAll.filter((s) => !byKey.has(s.key)).slice(0, 300),
  ];
  const worker = async () => {
    for (let s = queue.pop(); s; s = queue.pop()) {
      const p = players[s.player]!;
      const res = await p.client.request('POST', '/api/bet', s.body, { 'idempotency-key': s.key });
      const stored = byKey.get(s.key)?.[0];
      const data = (res.json as { data?: { group_id: number; balance: number } } | null)?.data;
      const code = (res.json as { code?: string } | null)?.code;
      if (stored) {
        if (
          res.status !== 200 ||
          data?.group_id !== stored.id ||
          data.balance !== Number(stored.balance_after)
        )
          replayWrong.push(`${s.key}: ${res.status} ${JSON.stringify(res.json)} for group ${stored.id}`);
      } else if (code !== 'ROUND_NOT_OPEN' && code !== 'BETTING_CLOSED') {
        replayWrong.push(`${s.key} (never stored): ${res.status} ${JSON.stringify(res.json)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  expect(replayWrong.slice(0, 10)).toEqual([]);
  expect(await balances()).toEqual(before);
  const groupsAfter = await db
    .selectFrom('lotto59_bet_groups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('player_id', 'in', ids)
    .executeTakeFirstOrThrow();
  expect(Number(groupsAfter.n)).toBe(groups.length);

  const report = await services.wallet.reconcile();
  expect(report.unbalanced).toEqual([]);
  expect(report.ok).toBe(true);
  return { groups: groups.length, rounds: new Set(betRows.map((b) => b.round_id)).size };
}

/** Players with a deposit, created straight in the database the processes use. */
export async function createPlayers(handle: DbHandle, dbEnv: Record<string, string>, base: string) {
  const services = await createServices({ config: loadConfig(dbEnv), db: handle.db, clock: systemClock });
  const players: Player[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const username = `chaos_${i}_${randomBytes(3).toString('hex')}`;
    const { id } = await services.players.create({ username, password: PASSWORD });
    await services.cashier.deposit({
      playerId: id,
      amount: riel(DEPOSIT),
      idempotencyKey: `chaos-seed-${id}`,
    });
    players.push({ id, username, client: new Client(base) });
  }
  return players;
}
