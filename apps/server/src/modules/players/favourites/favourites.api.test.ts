import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../../test/databases';
import { createTestApp, TestBrowser, type TestContext } from '../../../../test/test-app';

/** Issue 26, item 5: saved favourite numbers, per player, XSRF-checked, never readable by another player. */
describe.each(TEST_DIALECTS)('favourite numbers on %s', (dialect) => {
  let t: TestContext;
  let alice: TestBrowser;
  let bob: TestBrowser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const a = await t.newPlayer({ balance: 0 });
    const b = await t.newPlayer({ balance: 0 });
    alice = new TestBrowser(t.app);
    bob = new TestBrowser(t.app);
    await alice.login(a.username, a.password);
    await bob.login(b.username, b.password);
  });
  afterAll(() => t.close());

  const empty = { LOTTO59: [], LOTTERY_2D: [], LOTTERY_3D: [] };

  it('starts empty, keeps each game its own list in order without duplicates, and replaces it whole', async () => {
    expect((await alice.get('/api/v1/favourites')).json()).toEqual({ data: empty });
    const saved = await alice.put('/api/v1/favourites/LOTTO59', { numbers: ['59', '7', '07', '1'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.LOTTO59).toEqual(['1', '7', '59']);
    await alice.put('/api/v1/favourites/LOTTERY_2D', { numbers: ['07', '00'] });
    await alice.put('/api/v1/favourites/LOTTERY_3D', { numbers: ['042'] });
    expect((await alice.get('/api/v1/favourites')).json().data).toEqual({
      LOTTO59: ['1', '7', '59'],
      LOTTERY_2D: ['00', '07'],
      LOTTERY_3D: ['042'],
    });
    // The whole list is replaced (an upsert, one row per game).
    await alice.put('/api/v1/favourites/LOTTO59', { numbers: ['9'] });
    expect((await alice.get('/api/v1/favourites')).json().data.LOTTO59).toEqual(['9']);
    await alice.put('/api/v1/favourites/LOTTO59', { numbers: [] });
    expect((await alice.get('/api/v1/favourites')).json().data.LOTTO59).toEqual([]);
  });

  it("never shows or changes another player's lists", async () => {
    await alice.put('/api/v1/favourites/LOTTO59', { numbers: ['3', '33'] });
    expect((await bob.get('/api/v1/favourites')).json()).toEqual({ data: empty });
    await bob.put('/api/v1/favourites/LOTTO59', { numbers: ['58'] });
    expect((await alice.get('/api/v1/favourites')).json().data.LOTTO59).toEqual(['3', '33']);
    expect((await bob.get('/api/v1/favourites')).json().data.LOTTO59).toEqual(['58']);
  });

  it('refuses a number outside the game with 422 VALIDATION_FAILED and keeps the list', async () => {
    for (const [game, numbers] of [
      ['LOTTO59', ['60']],
      ['LOTTERY_2D', ['7']],
      ['LOTTERY_3D', ['1000']],
      ['LOTTO59', Array.from({ length: 21 }, (_, i) => String(i + 1))],
    ] as const) {
      const res = await alice.put(`/api/v1/favourites/${game}`, { numbers });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await alice.get('/api/v1/favourites')).json().data.LOTTO59).toEqual(['3', '33']);
    expect((await alice.put('/api/v1/favourites/KENO', { numbers: [] })).statusCode).toBe(422);
  });

  it('refuses a write without the XSRF token (419) and a caller without a session (401)', async () => {
    alice.sendXsrf = false;
    try {
      const res = await alice.put('/api/v1/favourites/LOTTO59', { numbers: ['1'] });
      expect(res.statusCode).toBe(419);
    } finally {
      alice.sendXsrf = true;
    }
    expect((await alice.get('/api/v1/favourites')).json().data.LOTTO59).toEqual(['3', '33']);
    expect((await new TestBrowser(t.app).get('/api/v1/favourites')).statusCode).toBe(401);
  });
});
