import { createHash, createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  PlaceSlipReply,
  SessionReply,
  SlipLegRequest,
  SlipView,
  SportBoard,
  SportFixture,
} from '../api/game-api';
import { selectionOutcome, type Selection } from '../rules';
import { openStudioOperator } from '../server';
import { DIALECTS, openDb, startStudio, testDb, type RunningStudio, type TestDb } from './studio';
import { TestWallet } from './test-wallet';

/*
 * Demo League through its HTTP API and the signed test wallet (providers.md §7.4, §3, §8): publication and
 * commitments, re-derivation of a result by an outside verifier, slip placement and its refusals, settlement of
 * every leg outcome to the riel, voids (automatic and the operator's) and the rollback of a failed placement.
 */

// Each test places slips and waits for the wallet (one of them for a 5 s timeout): beyond the 5 s default on a
// loaded machine.
vi.setConfig({ testTimeout: 60_000 });

const SECRET_SPORT = 'c3'.repeat(32);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
// 07:55 in Phnom Penh (UTC+7): the day's first round kicks off at 08:00.
const START = Date.parse('2026-11-23T00:55:00.000Z');
const MINUTE = 60_000;

/** The verifier's side, written apart from the studio: Node's HMAC and a scan of the published tables. */
function rederive(seed: string, fixtureJson: string, id: string) {
  const published = JSON.parse(fixtureJson) as { homeThresholds: number[]; awayThresholds: number[] };
  const digest = createHmac('sha256', Buffer.from(seed, 'ascii')).update(`fixture:${id}:0`).digest();
  const goals = (u: number, table: number[]) => table.findIndex((t) => u < t);
  return {
    home: goals(digest.readUInt32BE(0), published.homeThresholds),
    away: goals(digest.readUInt32BE(4), published.awayThresholds),
  };
}

describe.each(DIALECTS)('Demo League, the sportsbook (%s)', (dialect) => {
  let db: TestDb;
  let wallet: TestWallet;
  let studio: RunningStudio;
  let now: number;
  const clock = () => now;

  beforeEach(async () => {
    now = START;
    db = testDb(dialect);
    wallet = await new TestWallet({ sport: SECRET_SPORT }, clock).start();
    studio = await startStudio(db, wallet.url, {
      secrets: { sport: SECRET_SPORT },
      clock,
      // Generous: on a loaded machine a short timeout turns a slow answer into a rollback.
      walletTimeoutMs: 5_000,
      sport: { pollMs: 0, roundMs: 30 * MINUTE, matchMs: 10 * MINUTE },
    });
    await studio.provider.sportTick();
  });
  afterEach(async () => {
    await studio.close();
    await wallet.close();
    await db.drop();
  });

  const inject = (method: 'GET' | 'POST', url: string, bearer?: string, payload?: object) =>
    studio.app.inject({
      method,
      url: `/provider/demo${url}`,
      ...(payload ? { payload } : {}),
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    });

  async function session(user = '42', balance = 10_000_000): Promise<string> {
    const code = `code-sport-${user}-${Math.random().toString(36).slice(2)}`;
    wallet.issueCode(code, user, 'demo-league', balance, 24 * 60 * MINUTE);
    const res = await inject('POST', '/api/session', undefined, { provider: 'sport', code });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SessionReply>().session;
  }

  const board = async (bearer: string) =>
    (await inject('GET', '/api/sport/fixtures', bearer)).json<SportBoard>();

  let requestNo = 0;
  const place = (bearer: string, type: 'SINGLE' | 'PARLAY', stake: number, legs: SlipLegRequest[]) =>
    inject('POST', '/api/sport/slips', bearer, { request_id: `r${(requestNo += 1)}`, type, stake, legs });

  /** The offered selections of a fixture as slip legs, in the order 1X2 H/D/A, AH H/A, O/U over/under. */
  function legsOf(f: SportFixture): SlipLegRequest[] {
    const { oneXTwo, handicap, total } = f.odds;
    return [
      { fixture_id: f.id, market: '1X2', pick: 'HOME', odds: oneXTwo.home },
      { fixture_id: f.id, market: '1X2', pick: 'DRAW', odds: oneXTwo.draw },
      { fixture_id: f.id, market: '1X2', pick: 'AWAY', odds: oneXTwo.away },
      {
        fixture_id: f.id,
        market: 'AH',
        pick: 'HOME',
        line_quarters: handicap.lineQuarters,
        odds: handicap.home,
      },
      {
        fixture_id: f.id,
        market: 'AH',
        pick: 'AWAY',
        line_quarters: handicap.lineQuarters,
        odds: handicap.away,
      },
      { fixture_id: f.id, market: 'OU', pick: 'OVER', line_quarters: total.lineQuarters, odds: total.over },
      { fixture_id: f.id, market: 'OU', pick: 'UNDER', line_quarters: total.lineQuarters, odds: total.under },
    ];
  }

  const selectionOfLeg = (leg: SlipLegRequest): Selection =>
    leg.market === '1X2'
      ? { market: '1X2', pick: leg.pick as 'HOME' }
      : leg.market === 'AH'
        ? { market: 'AH', pick: leg.pick as 'HOME', lineQuarters: leg.line_quarters! }
        : { market: 'OU', pick: leg.pick as 'OVER', lineQuarters: leg.line_quarters! };

  /** A score that gives this leg the wanted outcome (found by the rules' own outcome function). */
  function scoreFor(leg: SlipLegRequest, outcome: string): { home: number; away: number } | undefined {
    for (let home = 0; home <= 6; home++)
      for (let away = 0; away <= 6; away++)
        if (selectionOutcome(selectionOfLeg(leg), { home, away }) === outcome) return { home, away };
    return undefined;
  }

  /** Ends a fixture with a chosen score, as the worker does with the derived one (settlement is what is tested). */
  async function finishWith(fixtureId: string, score: { home: number; away: number }) {
    const handle = await openDb(db);
    await handle.db
      .updateTable('sport_fixtures')
      .set({ state: 'FINISHED', home_goals: score.home, away_goals: score.away, closed_at: now })
      .where('id', '=', fixtureId)
      .execute();
    await handle.close();
  }

  it('publishes 8 rounds of 4 ahead from 08:00 Phnom Penh, each club once a round, with SHA-256 commitments', async () => {
    const bearer = await session();
    const { open } = await board(bearer);
    expect(open).toHaveLength(32);
    expect(open[0]!.id).toBe('20261123-0800-1');
    expect(open[0]!.kickoff_at).toBe('2026-11-23T01:00:00.000Z');
    expect(open.at(-1)!.kickoff_at).toBe('2026-11-23T04:30:00.000Z');
    for (let round = 0; round < 8; round++) {
      const clubs = open.slice(round * 4, round * 4 + 4).flatMap((f) => [f.home.code, f.away.code]);
      expect(new Set(clubs).size).toBe(8);
    }
    const verify = (await inject('GET', `/api/sport/verify/${open[0]!.id}`)).json<Record<string, unknown>>();
    expect(verify).toMatchObject({ state: 'SCHEDULED', seed: null, fixture_hash: open[0]!.fixture_hash });
    expect(sha256(verify.fixture_json as string)).toBe(open[0]!.fixture_hash);
    // Nothing new to publish until the clock moves; a round later, one more round appears.
    expect((await studio.provider.sportTick()).published).toBe(0);
    now += 30 * MINUTE;
    expect((await studio.provider.sportTick()).published).toBe(4);
  });

  it('derives each result at kick-off + 10 min from the seed, reveals the seed, and anyone can re-derive it', async () => {
    now = Date.parse('2026-11-23T01:09:59.999Z');
    expect((await studio.provider.sportTick()).finished).toBe(0);
    now = Date.parse('2026-11-23T01:10:00.000Z');
    expect((await studio.provider.sportTick()).finished).toBe(4);
    for (let match = 1; match <= 4; match++) {
      const res = await inject('GET', `/api/sport/verify/20261123-0800-${match}`);
      const v = res.json<{
        seed: string;
        seed_hash: string;
        fixture_hash: string;
        fixture_json: string;
        score: unknown;
      }>();
      expect(v.seed).toMatch(/^[0-9a-f]{64}$/);
      expect(sha256(v.seed)).toBe(v.seed_hash);
      expect(sha256(v.fixture_json)).toBe(v.fixture_hash);
      expect(v.score).toEqual(rederive(v.seed, v.fixture_json, `20261123-0800-${match}`));
    }
    expect((await inject('GET', '/api/sport/verify/nope')).statusCode).toBe(404);
  });

  it('places a single as one wallet bet (round = slip id, meta {slip_no, type, legs, odds}); refuses changed odds, closed fixtures and bad slips', async () => {
    const bearer = await session('7', 100_000);
    const [first, second] = (await board(bearer)).open;
    const home = legsOf(first!)[0]!;

    const changed = await place(bearer, 'SINGLE', 10_000, [{ ...home, odds: home.odds + 1 }]);
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({
      code: 'ODDS_CHANGED',
      changes: [{ leg: 0, shown: home.odds + 1, current: home.odds }],
    });
    expect(wallet.callsOf('bet')).toHaveLength(0);

    const res = await place(bearer, 'SINGLE', 10_000, [home]);
    expect(res.statusCode, res.body).toBe(200);
    const { slip, balance } = res.json<PlaceSlipReply>();
    expect(balance).toBe(90_000);
    expect(slip).toMatchObject({ type: 'SINGLE', stake: 10_000, odds: home.odds, status: 'PENDING' });
    expect(slip.slip_no).toMatch(/^\d{7}$/);
    expect(slip.potential_payout).toBe(Math.floor((10_000 * home.odds) / 100));
    const [bet] = wallet.callsOf('bet');
    expect(bet!.body).toMatchObject({
      round_id: slip.slip_id,
      amount: 10_000,
      game_code: 'demo-league',
      meta: {
        slip_no: slip.slip_no,
        type: 'SINGLE',
        odds: home.odds / 100,
        legs: [
          {
            fixture_id: first!.id,
            fixture: `${first!.home.name} v ${first!.away.name}`,
            kickoff_at: first!.kickoff_at,
            market: '1X2',
            selection: 'HOME',
            line: null,
            odds: home.odds / 100,
          },
        ],
      },
    });
    const open = (await inject('GET', '/api/sport/slips?status=open', bearer)).json<SlipView[]>();
    expect(open.map((s) => s.slip_no)).toEqual([slip.slip_no]);

    const bad = async (type: 'SINGLE' | 'PARLAY', stake: number, legs: SlipLegRequest[]) => {
      const r = await place(bearer, type, stake, legs);
      expect(r.statusCode, r.body).toBe(422);
      expect(r.json()).toMatchObject({ code: 'INVALID_BET' });
    };
    await bad('SINGLE', 999, [home]);
    await bad('SINGLE', 2_000_001, [home]);
    await bad('PARLAY', 10_000, [home]); // one leg
    await bad('PARLAY', 10_000, [home, legsOf(first!)[5]!]); // same fixture
    await bad('SINGLE', 10_000, [home, legsOf(second!)[0]!]); // a single has one leg
    await bad('SINGLE', 10_000, [{ ...home, pick: 'OVER' }]); // no such selection
    // Potential payout over 50,000,000: eight away wins at 2,000,000 riel.
    const aways = (await board(bearer)).open.filter((_, i) => i % 4 === 0).map((f) => legsOf(f)[2]!);
    await bad('PARLAY', 2_000_000, aways.slice(0, 8));
    expect(wallet.callsOf('bet')).toHaveLength(1);

    // Betting closes at kick-off.
    now = Date.parse(first!.kickoff_at);
    const closed = await place(bearer, 'SINGLE', 10_000, [legsOf(first!)[1]!]);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: 'BETTING_CLOSED' });
    expect((await place(bearer, 'SINGLE', 10_000, [legsOf(second!)[1]!])).statusCode).toBe(409);
  });

  it('settles win, half win, push, half loss and loss to the riel with one win each, round closed', async () => {
    const bearer = await session('8', 10_000_000);
    const fixtures = (await board(bearer)).open;
    const stake = 10_000;
    const wanted = [
      ['WIN', (o: number) => Math.floor((stake * o) / 100)],
      ['HALF_WIN', (o: number) => Math.floor((stake * (o + 100)) / 200)],
      ['PUSH', () => stake],
      ['HALF_LOSS', () => stake / 2],
      ['LOSS', () => 0],
    ] as const;
    const used = new Set<string>();
    const cases: {
      slip: SlipView;
      expected: number;
      outcome: string;
      score: { home: number; away: number };
    }[] = [];
    for (const [outcome, pays] of wanted) {
      // The first unused fixture with a selection that this outcome can happen to (quarter lines for halves).
      const found = fixtures
        .filter((f) => !used.has(f.id))
        .flatMap((f) =>
          legsOf(f)
            .slice(3)
            .map((leg) => ({ f, leg, score: scoreFor(leg, outcome) })),
        )
        .find((c) => c.score !== undefined);
      expect(found, `a fixture where ${outcome} can happen`).toBeDefined();
      used.add(found!.f.id);
      const res = await place(bearer, 'SINGLE', stake, [found!.leg]);
      expect(res.statusCode, res.body).toBe(200);
      cases.push({
        slip: res.json<PlaceSlipReply>().slip,
        expected: pays(found!.leg.odds),
        outcome,
        score: found!.score!,
      });
      await finishWith(found!.f.id, found!.score!);
    }
    const before = wallet.balances.get('8')!;
    expect((await studio.provider.sportTick()).settled).toBe(5);
    const wins = wallet.callsOf('win');
    expect(wins).toHaveLength(5);
    for (const c of cases) {
      const win = wins.find((w) => w.body.round_id === c.slip.slip_id)!;
      expect(win.body).toMatchObject({
        amount: c.expected,
        round_closed: true,
        meta: {
          status: { WIN: 'WON', HALF_WIN: 'HALF_WON', PUSH: 'PUSH', HALF_LOSS: 'HALF_LOST', LOSS: 'LOST' }[
            c.outcome
          ],
          legs: [{ result: c.outcome, score: `${c.score.home}-${c.score.away}` }],
        },
      });
    }
    expect(wallet.balances.get('8')).toBe(before + cases.reduce((s, c) => s + c.expected, 0));
    const settled = (await inject('GET', '/api/sport/slips?status=settled', bearer)).json<SlipView[]>();
    expect(settled).toHaveLength(5);
    expect((await studio.provider.sportTick()).settled).toBe(0);
    expect(wallet.callsOf('win')).toHaveLength(5);
  });

  it('operator void: audited; a single on it is refunded, and a void parlay leg counts 1.00', async () => {
    const bearer = await session('9', 10_000_000);
    const [a, b, c] = (await board(bearer)).open;
    const legA = legsOf(a!)[0]!;
    const legB = legsOf(b!)[0]!;
    const legC = legsOf(c!)[0]!;
    const parlay = (await place(bearer, 'PARLAY', 20_000, [legA, legB, legC])).json<PlaceSlipReply>().slip;
    expect(parlay.odds).toBe(Number((BigInt(legA.odds) * BigInt(legB.odds) * BigInt(legC.odds)) / 10_000n));
    const single = (await place(bearer, 'SINGLE', 5_000, [legB])).json<PlaceSlipReply>().slip;

    const operator = await openStudioOperator({
      database: db.options,
      secrets: {},
      walletBaseUrl: wallet.url,
      clock,
    });
    expect(await operator.voidFixture(b!.id, 'floodlights failed', 'cli:test')).toEqual({
      outcome: 'voided',
      openSlips: 2,
    });
    expect(await operator.voidFixture(b!.id, 'again', 'cli:test')).toEqual({
      outcome: 'already-closed',
      state: 'VOID',
    });
    expect(await operator.voidFixture('nope', 'x', 'cli:test')).toEqual({ outcome: 'not-found' });
    await operator.close();
    const handle = await openDb(db);
    const audit = await handle.db.selectFrom('sport_audit').selectAll().execute();
    await handle.close();
    expect(audit).toMatchObject([
      { actor: 'cli:test', action: 'VOID_FIXTURE', fixture_id: b!.id, reason: 'floodlights failed' },
    ]);

    // The single is refunded at once (its only fixture is over); the parlay waits for a and c.
    expect((await studio.provider.sportTick()).settled).toBe(1);
    expect(wallet.callsOf('win').at(-1)!.body).toMatchObject({
      round_id: single.slip_id,
      amount: 5_000,
      meta: { status: 'VOID', legs: [{ result: 'VOID', score: null }] },
    });
    await finishWith(a!.id, scoreFor(legA, 'WIN')!);
    await finishWith(c!.id, scoreFor(legC, 'WIN')!);
    expect((await studio.provider.sportTick()).settled).toBe(1);
    const expected = Math.floor((20_000 * legA.odds * legC.odds) / 10_000);
    expect(wallet.callsOf('win').at(-1)!.body).toMatchObject({
      round_id: parlay.slip_id,
      amount: expected,
      meta: { status: 'WON', legs: [{ result: 'WIN' }, { result: 'VOID', score: null }, { result: 'WIN' }] },
    });
  });

  it('a lost parlay leg pays 0, sent as a closing win', async () => {
    const bearer = await session('10', 1_000_000);
    const [a, b] = (await board(bearer)).open;
    const legA = legsOf(a!)[0]!;
    const legB = legsOf(b!)[0]!;
    const parlay = (await place(bearer, 'PARLAY', 1_000, [legA, legB])).json<PlaceSlipReply>().slip;
    await finishWith(a!.id, scoreFor(legA, 'WIN')!);
    await finishWith(b!.id, scoreFor(legB, 'LOSS')!);
    await studio.provider.sportTick();
    expect(wallet.callsOf('win').at(-1)!.body).toMatchObject({
      round_id: parlay.slip_id,
      amount: 0,
      round_closed: true,
      meta: { status: 'LOST', legs: [{ result: 'WIN' }, { result: 'LOSS' }] },
    });
  });

  it('auto-voids a fixture still without a result 48 h after kick-off and refunds its singles', async () => {
    const bearer = await session('11', 1_000_000);
    const [first] = (await board(bearer)).open;
    const slip = (await place(bearer, 'SINGLE', 3_000, [legsOf(first!)[2]!])).json<PlaceSlipReply>().slip;
    // The worker was down from before kick-off until 48 h after it.
    now = Date.parse(first!.kickoff_at) + 48 * 60 * MINUTE;
    const tick = await studio.provider.sportTick();
    expect(tick.voided).toBe(4);
    expect(tick.finished).toBeGreaterThan(0);
    const v = (await inject('GET', `/api/sport/verify/${first!.id}`)).json<{
      state: string;
      score: unknown;
    }>();
    expect(v).toMatchObject({ state: 'VOID', score: null });
    expect(wallet.callsOf('win').at(-1)!.body).toMatchObject({
      round_id: slip.slip_id,
      amount: 3_000,
      meta: { status: 'VOID' },
    });
    expect(wallet.balances.get('11')).toBe(1_000_000);
    const handle = await openDb(db);
    const audit = await handle.db
      .selectFrom('sport_audit')
      .selectAll()
      .where('fixture_id', '=', first!.id)
      .execute();
    await handle.close();
    expect(audit).toMatchObject([{ actor: 'system:auto-void', action: 'VOID_FIXTURE' }]);
  });

  it('takes concurrent twins of one request_id as one slip and one bet', async () => {
    const bearer = await session('13', 100_000);
    const [first] = (await board(bearer)).open;
    const body = { request_id: 'twin-1', type: 'SINGLE', stake: 5_000, legs: [legsOf(first!)[1]!] };
    const [x, y] = await Promise.all([
      inject('POST', '/api/sport/slips', bearer, body),
      inject('POST', '/api/sport/slips', bearer, body),
    ]);
    const ok = [x, y].filter((r) => r.statusCode === 200).map((r) => r.json<PlaceSlipReply>().slip.slip_id);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok).size).toBe(1);
    expect(wallet.callsOf('bet')).toHaveLength(1);
    const again = await inject('POST', '/api/sport/slips', bearer, body);
    expect(again.json<PlaceSlipReply>().slip.slip_id).toBe(ok[0]);
    expect(wallet.balances.get('13')).toBe(95_000);
  });

  it('rolls back a bet whose answer is lost after the debit', async () => {
    const bearer = await session('12', 50_000);
    const [first] = (await board(bearer)).open;
    wallet.failures.set('bet', ['applyThenHang']);
    const res = await place(bearer, 'SINGLE', 10_000, [legsOf(first!)[0]!]);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'WALLET_UNAVAILABLE' });
    await wallet.waitForCall('rollback');
    expect(wallet.callsOf('rollback')[0]!.body).toMatchObject({
      reference_transaction_uuid: wallet.callsOf('bet')[0]!.body.transaction_uuid,
    });
    expect(wallet.balances.get('12')).toBe(50_000);
    const handle = await openDb(db);
    const rows = await handle.db.selectFrom('sport_slips').select('state').execute();
    const owed = await handle.db.selectFrom('outbox').selectAll().execute();
    await handle.close();
    expect(rows).toEqual([{ state: 'ROLLED_BACK' }]);
    expect(owed).toEqual([]);
    wallet.releaseHanging();
  });
});
