import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { riel } from '@lotto59/domain';
import { TEST_DIALECTS } from '../../../../test/databases';
import { createTestApp, TestBrowser, type TestContext } from '../../../../test/test-app';
import type { ProviderCode, ProviderRoundStatus } from '../providers.table';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const SLOT_WIN = {
  stops: [3, 17, 8, 22, 5],
  lines: [{ line: 4, symbol: 'APSARA', count: 3, win: 1_500 }],
  scatter: { count: 0, win: 0 },
};
const BACCARAT_WIN = {
  bets: [{ type: 'PLAYER', amount: 5_000, payout: 0 }],
  player_cards: [0, 13],
  banker_cards: [7, 60, 2],
  player_score: 1,
  banker_score: 9,
};

describe.each(TEST_DIALECTS)('casino report on %s', (dialect) => {
  let t: TestContext;
  let alice: TestBrowser;
  let bob: TestBrowser;

  /** Rounds as the provider wallet writes them (the report only reads the table). */
  async function round(
    playerId: number,
    r: {
      provider: ProviderCode;
      id: string;
      game: string;
      stake: number;
      payout: number;
      status: ProviderRoundStatus;
      winMeta?: unknown;
      atMs: number;
    },
  ) {
    await t.tdb.db
      .insertInto('provider_rounds')
      .values({
        provider: r.provider,
        round_id: r.id,
        player_id: playerId,
        game_code: r.game,
        stake: riel(r.stake),
        payout: riel(r.payout),
        status: r.status,
        bet_meta: null,
        win_meta: r.winMeta === undefined ? null : JSON.stringify(r.winMeta),
        created_at_ms: r.atMs,
        closed_at_ms: r.status === 'OPEN' ? null : r.atMs,
      })
      .execute();
  }

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const a = await t.newPlayer();
    const b = await t.newPlayer();
    // The fake clock reads 2026-11-21 12:00 in Phnom Penh.
    const now = t.clock.nowMs();
    const base = { atMs: now };
    await round(a.id, {
      ...base,
      provider: '3',
      id: 's-1',
      game: 'angkor-fortune',
      stake: 1_000,
      payout: 1_500,
      status: 'CLOSED',
      winMeta: SLOT_WIN,
      atMs: now - 2 * HOUR,
    });
    await round(a.id, {
      ...base,
      provider: '2',
      id: 'b-1',
      game: 'baccarat',
      stake: 5_000,
      payout: 0,
      status: 'CLOSED',
      winMeta: BACCARAT_WIN,
      atMs: now - HOUR,
    });
    await round(a.id, {
      ...base,
      provider: '2',
      id: 'b-2',
      game: 'baccarat',
      stake: 2_000,
      payout: 0,
      status: 'OPEN',
    });
    await round(a.id, {
      ...base,
      provider: '3',
      id: 's-2',
      game: 'angkor-fortune',
      stake: 0,
      payout: 0,
      status: 'ROLLED_BACK',
      atMs: now - DAY,
    });
    await round(a.id, {
      ...base,
      provider: '3',
      id: 's-old',
      game: 'angkor-fortune',
      stake: 9_000,
      payout: 0,
      status: 'CLOSED',
      winMeta: SLOT_WIN,
      atMs: now - 40 * DAY,
    });
    // Fishing is another report: never a casino row.
    await round(a.id, {
      ...base,
      provider: '4',
      id: 'f-1',
      game: 'ocean-dragon',
      stake: 300,
      payout: 0,
      status: 'CLOSED',
    });
    await round(b.id, {
      ...base,
      provider: '3',
      id: 'bob-1',
      game: 'angkor-fortune',
      stake: 777,
      payout: 0,
      status: 'CLOSED',
      winMeta: SLOT_WIN,
    });
    alice = new TestBrowser(t.app, '10.7.0.1');
    bob = new TestBrowser(t.app, '10.7.0.2');
    await alice.login(a.username, a.password);
    await bob.login(b.username, b.password);
  });
  afterAll(() => t.close());

  it("lists the caller's baccarat and slot rounds of the last 7 days, newest first, with detail", async () => {
    const res = await alice.get('/api/report/casino');
    expect(res.statusCode).toBe(200);
    const { items, meta } = res.json().data;
    expect(items.map((i: { round_id: string }) => i.round_id)).toEqual(['b-2', 'b-1', 's-1', 's-2']);
    expect(meta).toEqual({ current_page: 1, per_page: 20, total: 4, last_page: 1 });
    expect(items[0]).toMatchObject({
      provider: 2,
      status: 'OPEN',
      detail: null,
      stake: 2_000,
      win_lose: -2_000,
    });
    expect(items[1]).toEqual({
      round_id: 'b-1',
      provider: 2,
      game_code: 'baccarat',
      game_name: 'Baccarat',
      created_at: new Date(t.clock.nowMs() - HOUR).toISOString(),
      detail: { kind: 'baccarat', ...BACCARAT_WIN },
      stake: 5_000,
      payout: 0,
      win_lose: -5_000,
      status: 'CLOSED',
    });
    expect(items[2]).toMatchObject({
      provider: 3,
      game_name: 'Angkor Fortune',
      detail: { kind: 'slot', ...SLOT_WIN },
      win_lose: 500,
    });
    expect(items[3]).toMatchObject({ status: 'ROLLED_BACK', stake: 0, payout: 0, win_lose: 0, detail: null });
  });

  it('sums in integers over the whole filter, not the page', async () => {
    const total = (await alice.get('/api/report/casino/total?per_page=1&page=3')).json().data;
    expect(total).toEqual({ count: 4, stake: 8_000, payout: 1_500, win_lose: -6_500 });
    const page = (await alice.get('/api/report/casino?per_page=1&page=3')).json().data;
    expect(page.items.map((i: { round_id: string }) => i.round_id)).toEqual(['s-1']);
    expect(page.meta).toEqual({ current_page: 3, per_page: 1, total: 4, last_page: 4 });
  });

  it('filters by status, game code and Phnom Penh days', async () => {
    const closed = (await alice.get('/api/report/casino?status=CLOSED')).json().data;
    expect(closed.items.map((i: { round_id: string }) => i.round_id)).toEqual(['b-1', 's-1']);
    const slots = (await alice.get('/api/report/casino/total?game_code=angkor-fortune')).json().data;
    expect(slots).toEqual({ count: 2, stake: 1_000, payout: 1_500, win_lose: 500 });
    const yesterday = (await alice.get('/api/report/casino?from=2026-11-20&to=2026-11-20')).json().data;
    expect(yesterday.items.map((i: { round_id: string }) => i.round_id)).toEqual(['s-2']);
    const old = (await alice.get('/api/report/casino/total?from=2026-10-12&to=2026-10-12')).json().data;
    expect(old).toEqual({ count: 1, stake: 9_000, payout: 0, win_lose: -9_000 });
  });

  it('refuses a range longer than 31 days and bad filters with 422', async () => {
    for (const url of [
      '/api/report/casino?from=2026-10-01&to=2026-11-21',
      '/api/report/casino/total?from=2026-10-01&to=2026-11-21',
      '/api/report/casino?status=WON',
      '/api/report/casino?per_page=101',
      '/api/report/casino?to=2026-11-01&from=2026-11-02',
    ]) {
      const res = await alice.get(url);
      expect(res.statusCode, url).toBe(422);
    }
    expect((await alice.get('/api/report/casino?from=2026-10-22&to=2026-11-21')).statusCode).toBe(200);
  });

  it("never shows another player's rounds, and needs a session", async () => {
    const bobs = (await bob.get('/api/report/casino')).json().data;
    expect(bobs.items.map((i: { round_id: string }) => i.round_id)).toEqual(['bob-1']);
    expect((await bob.get('/api/report/casino/total')).json().data).toEqual({
      count: 1,
      stake: 777,
      payout: 0,
      win_lose: -777,
    });
    const anonymous = new TestBrowser(t.app, '10.7.0.3');
    expect((await anonymous.get('/api/report/casino')).statusCode).toBe(401);
  });
});
