import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { openRound, placeBet } from './lotto59-helpers';
import { createTestApp, TestBrowser, type TestContext } from './test-app';

/** The value of one sample line of the text format (`name{labels} value`), or undefined. */
function sample(text: string, nameAndLabels: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${nameAndLabels} `));
  return line === undefined ? undefined : Number(line.slice(nameAndLabels.length + 1));
}

describe('Prometheus metrics on their own port', () => {
  let t: TestContext;
  let playerUrl: string;
  let metricsUrl: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { METRICS_PORT: '0', HOST: '127.0.0.1' });
    playerUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    metricsUrl = `${t.app.metricsAddress()}/metrics`;
    await t.app.services.lotto59.scheduler.tick();
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await fetch(metricsUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it('is not served on the player port', async () => {
    expect(t.app.metricsAddress()).not.toBe(playerUrl);
    const res = await fetch(`${playerUrl}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('serves every series: requests by route pattern, bets, settlement, queue, sockets, process', async () => {
    const rich = await t.newPlayer({ balance: 100_000 });
    const poor = await t.newPlayer({ balance: 100 });
    const richBrowser = new TestBrowser(t.app);
    const poorBrowser = new TestBrowser(t.app);
    await richBrowser.login(rich.username, rich.password);
    await poorBrowser.login(poor.username, poor.password);
    const round = await openRound(t.app, 'POLL_2');
    const body = {
      poll: 'POLL_2',
      result_id: round.id,
      bets: [
        { type: 'RANGE_6', amount: 500 },
        { type: 'RANGE_7', amount: 500 },
      ],
    };
    expect((await placeBet(richBrowser, body)).statusCode).toBe(200);
    const refused = await placeBet(poorBrowser, body);
    expect(refused.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect((await placeBet(new TestBrowser(t.app), body)).statusCode).toBe(419);
    // Two raw URLs of one route, and a path that matches no route.
    await richBrowser.get('/api/v1/result/history?page=2');
    await richBrowser.get('/api/v1/result/history?poll=POLL_2&page=3');
    await t.app.inject({ method: 'GET', url: '/api/nothing/here/42' });
    // The round runs to its settlement.
    const r = await t.app.services.lotto59.rounds.byId(round.id);
    t.clock.advanceMs(r.close_at_ms - t.clock.nowMs());
    await t.app.services.lotto59.scheduler.tick();
    t.clock.advanceMs(r.settle_at_ms - t.clock.nowMs());
    await t.app.services.lotto59.scheduler.tick();
    // One WebSocket connected while scraping.
    const cookie = [...richBrowser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const socket = new WebSocket(`${playerUrl.replace('http', 'ws')}/ws`, { headers: { cookie } });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));

    const text = await scrape();
    socket.close();

    expect(sample(text, 'bets_placed_total')).toBe(2);
    expect(sample(text, 'bets_refused_total{code="INSUFFICIENT_FUNDS"}')).toBe(1);
    expect(sample(text, 'bets_refused_total{code="CSRF_TOKEN_MISMATCH"}')).toBe(1);
    expect(sample(text, 'settlement_duration_seconds_count')).toBe(1);
    // The transfer wallet's alert counter exists from the start (an alert rule needs the series).
    expect(sample(text, 'provider_transfers_parked_total')).toBe(0);
    expect(sample(text, 'write_queue_depth')).toBe(0);
    expect(sample(text, 'websocket_connections')).toBe(1);
    const betCount = 'http_request_duration_seconds_count{route="/api/bet",method="POST",status_code="200"}';
    expect(sample(text, betCount)).toBe(1);
    // The route pattern, never the raw URL: the label set stays bounded.
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{route="/api/v1/result/history",method="GET",status_code="200"}',
      ),
    ).toBe(2);
    expect(text).not.toContain('page=');
    expect(text).not.toContain('/api/nothing/here/42');
    expect(
      sample(text, 'http_request_duration_seconds_count{route="unmatched",method="GET",status_code="404"}'),
    ).toBeGreaterThanOrEqual(1);
    // prom-client's default process series.
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'process_cpu_seconds_total',
    ]) {
      expect(sample(text, name), name).toBeGreaterThanOrEqual(0);
    }
  });

  it('names the Node.js the process runs on (nodejs_version_info), never on a public route', async () => {
    const text = await scrape();
    const info = text.split('\n').find((l) => l.startsWith('nodejs_version_info{'));
    expect(info).toContain(`version="${process.version}"`);
    // The project brings Node 24 LTS with its own install (decision 0044): tests and servers run on it.
    expect(info).toMatch(/major="24"/);
    const pub = await fetch(`${playerUrl}/healthz`);
    expect(await pub.text()).not.toContain(process.version);
  });

  it('reads the write queue depth while submissions wait in it', async () => {
    const p = await t.newPlayer({ balance: 100_000 });
    const browser = new TestBrowser(t.app);
    await browser.login(p.username, p.password);
    const round = await openRound(t.app, 'POLL_2');
    const body = { poll: 'POLL_2', result_id: round.id, bets: [{ type: 'RANGE_6', amount: 500 }] };
    // The depth, read on every turn of the event loop while the submissions are in flight.
    let finished = false;
    const all = Promise.all([1, 2, 3, 4].map(() => placeBet(browser, body))).finally(() => (finished = true));
    let deepest = 0;
    while (!finished) {
      deepest = Math.max(deepest, t.app.services.lotto59.writeQueueDepth());
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await all).map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(deepest).toBeGreaterThan(0);
    expect(sample(await scrape(), 'write_queue_depth')).toBe(0);
  });
});

describe('without METRICS_PORT', () => {
  it('opens no metrics port', async () => {
    const t = await createTestApp('sqlite');
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      expect(t.app.metricsAddress()).toBe('');
    } finally {
      await t.close();
    }
  });
});
