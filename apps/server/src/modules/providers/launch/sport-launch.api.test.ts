import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../../test/databases';
import { ProviderWalletClient, uuid } from '../../../../test/provider-wallet-client';
import { createTestApp, TestBrowser, type TestContext } from '../../../../test/test-app';

const SECRET_SPORT = 'c3'.repeat(32);
const SECRET_3 = 'a1'.repeat(32);

describe.each(TEST_DIALECTS)('GET /api/sport/login on %s (providers.md §5)', (dialect) => {
  let t: TestContext;
  let sport: ProviderWalletClient;
  let slots: ProviderWalletClient;

  beforeAll(async () => {
    t = await createTestApp(dialect, { PROVIDER_SPORT_SECRET: SECRET_SPORT, PROVIDER_3_SECRET: SECRET_3 });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const base = `http://127.0.0.1:${address.port}`;
    sport = new ProviderWalletClient(base, 'sport', SECRET_SPORT, () => t.clock.nowMs());
    slots = new ProviderWalletClient(base, '3', SECRET_3, () => t.clock.nowMs());
  });
  afterAll(() => t.close());

  async function player(balance = 40_000) {
    const p = await t.newPlayer({ balance });
    const browser = new TestBrowser(t.app);
    expect((await browser.login(p.username, p.password)).statusCode).toBe(200);
    return { p, browser, user: String(p.id) };
  }
  const balance = (client: ProviderWalletClient, token: string, user: string, game = 'demo-league') =>
    client.call('balance', { request_uuid: uuid(), token, user, game_code: game });

  it('answers {url, token, expires_at} for the sportsbook, never cached, and needs a session', async () => {
    const { browser } = await player();
    const res = await browser.get('/api/sport/login?lang=en&platform=desktop');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data as { url: string; token: string; expires_at: string };
    expect(Object.keys(data).sort()).toEqual(['expires_at', 'token', 'url']);
    const url = new URL(data.url, 'http://x');
    expect(url.pathname).toBe('/provider/demo/demo-league/');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      provider: 'sport',
      lang: 'en',
      platform: 'desktop',
    });
    expect(url.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // 30 minutes without a wallet call end the session.
    expect(Date.parse(data.expires_at)).toBe(t.clock.nowMs() + 30 * 60_000);
    // Defaults as the other launches: Khmer, mobile.
    const plain = new URL((await browser.get('/api/sport/login')).json().data.url as string, 'http://x');
    expect(plain.searchParams.get('lang')).toBe('km');
    expect(plain.searchParams.get('platform')).toBe('mobile');

    const anonymous = new TestBrowser(t.app);
    expect((await anonymous.get('/api/sport/login')).statusCode).toBe(401);
    expect((await browser.get('/api/sport/login?game_code=baccarat')).statusCode).toBe(422);
    expect((await browser.get('/api/sport/login?platform=tv')).statusCode).toBe(422);
  });

  it('binds the token to the player, provider sport and game demo-league', async () => {
    const { browser, user } = await player(40_000);
    const { url, token } = (await browser.get('/api/sport/login')).json().data as {
      url: string;
      token: string;
    };
    const code = new URL(url, 'http://x').searchParams.get('code');
    // The game page's one-time code is exchanged by the sportsbook's server for the same token.
    const session = await sport.call('session', { request_uuid: uuid(), code });
    expect(session).toMatchObject({
      status: 'RS_OK',
      token,
      user,
      game_code: 'demo-league',
      currency: 'KHR',
    });
    expect(await balance(sport, token, user)).toMatchObject({ status: 'RS_OK', balance: 40_000 });
    // Another provider, another game or another user cannot use it.
    expect((await balance(slots, token, user, 'angkor-fortune')).status).toBe('RS_ERROR_INVALID_TOKEN');
    expect((await balance(sport, token, user, 'baccarat')).status).not.toBe('RS_OK');
    const other = await player();
    expect((await balance(sport, token, other.user)).status).toBe('RS_ERROR_INVALID_TOKEN');
  });

  it("a new launch retires the player's older sportsbook token, not another game's", async () => {
    const { browser, user } = await player();
    const first = (await browser.get('/api/sport/login')).json().data as { url: string; token: string };
    const slot = (await browser.get('/api/external/3/url')).json().data as { token: string };
    const second = (await browser.get('/api/sport/login')).json().data as { url: string; token: string };
    expect(second.token).not.toBe(first.token);
    expect((await balance(sport, first.token, user)).status).toBe('RS_ERROR_INVALID_TOKEN');
    // The old launch code died with its token.
    const oldCode = new URL(first.url, 'http://x').searchParams.get('code');
    expect((await sport.call('session', { request_uuid: uuid(), code: oldCode })).status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    expect(await balance(sport, second.token, user)).toMatchObject({ status: 'RS_OK' });
    expect((await balance(slots, slot.token, user, 'angkor-fortune')).status).toBe('RS_OK');
  });
});
