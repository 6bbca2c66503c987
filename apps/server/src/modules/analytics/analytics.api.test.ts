import { ANALYTICS_BATCH_MAX } from '@lotto59/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../test/databases';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/test-app';

const screenView = (name: string, atMs = 1_700_000_000_000) => ({
  type: 'screen_view',
  name,
  path: name,
  at_ms: atMs,
});

describe.each(TEST_DIALECTS)('analytics events on %s', (dialect) => {
  let t: TestContext;
  let alice: { id: number; username: string; password: string };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    alice = await t.newPlayer();
  });
  afterAll(() => t.close());

  it("stores a signed-in player's batch with the player's id, readable newest first", async () => {
    const browser = new TestBrowser(t.app);
    await browser.login(alice.username, alice.password);

    const res = await browser.post('/api/analytics/events', {
      events: [
        screenView('/game/lotto/59'),
        {
          type: 'http_error',
          name: 'GET /api/transaction/list 500',
          path: '/transaction/deposit',
          detail: 'Server error.',
          at_ms: 1_700_000_000_500,
        },
      ],
    });

    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { accepted: 2 } });
    const rows = await t.app.services.analytics.list({ limit: 10, playerId: alice.id });
    expect(rows.map((r) => [r.type, r.name, r.path, r.detail, r.client_at_ms])).toEqual([
      [
        'http_error',
        'GET /api/transaction/list 500',
        '/transaction/deposit',
        'Server error.',
        1_700_000_000_500,
      ],
      ['screen_view', '/game/lotto/59', '/game/lotto/59', null, 1_700_000_000_000],
    ]);
    expect(rows[0]!.received_at_ms).toBe(t.clock.nowMs());
  });

  it('accepts a visitor with the anonymous XSRF token and stores no player', async () => {
    const visitor = new TestBrowser(t.app);
    await visitor.get('/sanctum/csrf-cookie');

    const res = await visitor.post('/api/analytics/events', { events: [screenView('/login/visitor')] });

    expect(res.statusCode).toBe(202);
    const [row] = await t.app.services.analytics.list({ limit: 1, type: 'screen_view' });
    expect(row).toMatchObject({ name: '/login/visitor', player_id: null });
  });

  it('treats an ended session as a visitor, never as a 411', async () => {
    const first = new TestBrowser(t.app);
    await first.login(alice.username, alice.password);
    await new TestBrowser(t.app).login(alice.username, alice.password); // ends the first session

    const res = await first.post('/api/analytics/events', { events: [screenView('/after/replaced')] });

    expect(res.statusCode).toBe(202);
    const [row] = await t.app.services.analytics.list({ limit: 1 });
    expect(row).toMatchObject({ name: '/after/replaced', player_id: null });
  });

  it('refuses a state change without the XSRF token with 419, storing nothing', async () => {
    const browser = new TestBrowser(t.app);
    await browser.get('/sanctum/csrf-cookie');
    browser.sendXsrf = false;
    const before = (await t.app.services.analytics.list({ limit: 1000 })).length;

    const res = await browser.post('/api/analytics/events', { events: [screenView('/no/xsrf')] });

    expect(res.statusCode).toBe(419);
    expect((await t.app.services.analytics.list({ limit: 1000 })).length).toBe(before);
  });

  it('refuses oversized, empty and malformed batches with 422 per field, storing nothing', async () => {
    const browser = new TestBrowser(t.app);
    await browser.get('/sanctum/csrf-cookie');
    const before = (await t.app.services.analytics.list({ limit: 1000 })).length;

    const tooMany = await browser.post('/api/analytics/events', {
      events: Array.from({ length: ANALYTICS_BATCH_MAX + 1 }, (_, i) => screenView(`/s/${i}`)),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.events).toBeDefined();

    const empty = await browser.post('/api/analytics/events', { events: [] });
    expect(empty.statusCode).toBe(422);

    const bad = await browser.post('/api/analytics/events', {
      events: [{ type: 'purchase', name: 'x'.repeat(201), at_ms: -1, player_id: 1 }],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'events.0.at_ms',
      'events.0.name',
      'events.0.player_id',
      'events.0.type',
    ]);
    expect((await t.app.services.analytics.list({ limit: 1000 })).length).toBe(before);
  });
});
