import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/test-app';

describe('the lotto 59 configuration call', () => {
  let t: TestContext;
  beforeAll(async () => {
    // An operator's own rate, limits and timings must reach the player's board unchanged.
    t = await createTestApp('sqlite', {
      LOTTO_RATE_RANGE_1: '9.18',
      BET_MIN_RIEL: '1000',
      BET_MAX_RIEL: '500000',
      LOTTO_OPEN_SECONDS_POLL_2: '30',
      LOTTO_RELEASE_BALL_SECONDS: '2.5',
    });
  });
  afterAll(() => t.close());

  it('publishes the rates, limits, jackpot rules and timings the server applies', async () => {
    const p = await t.newPlayer();
    const browser = new TestBrowser(t.app);
    await browser.login(p.username, p.password);
    const res = await browser.get('/api/v1/lotto59/config');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.rates).toMatchObject({ RANGE_1: 918, RANGE_3: 230, NUMBER: 5000 });
    expect(data.limits).toEqual({ minRiel: 1000, maxRiel: 500_000 });
    expect(data.jackpot).toMatchObject({ stakeRiel: 1000, linesPerPlayerRoundMax: 10 });
    expect(data.timing).toMatchObject({ openSeconds: { POLL_2: 30 }, releaseBallSeconds: 2.5 });
  });

  it('needs a session', async () => {
    expect((await new TestBrowser(t.app).get('/api/v1/lotto59/config')).statusCode).toBe(401);
  });
});
