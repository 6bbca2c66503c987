import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderWalletClient, uuid } from '../../../../test/provider-wallet-client';
import { createTestApp, type TestContext } from '../../../../test/test-app';

const SECRET_2 = '2c'.repeat(32);
const SECRET_3 = '3d'.repeat(32);

/** The wallet's own rate-limit class (per provider), its body cap, and its metrics (issue 10). */
describe('wallet calls: rate limit per provider, body cap, metrics', () => {
  let t: TestContext;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite', {
      PROVIDER_2_SECRET: SECRET_2,
      PROVIDER_3_SECRET: SECRET_3,
      RATE_LIMIT_WALLET: '5',
      METRICS_PORT: '0',
      HOST: '127.0.0.1',
    });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  const balanceBody = () =>
    JSON.stringify({ request_uuid: uuid(), token: 'x'.repeat(43), user: '1', game_code: 'angkor-fortune' });

  it('counts calls per provider, so that one studio cannot use up another’s budget', async () => {
    const slots = new ProviderWalletClient(base, '3', SECRET_3, () => t.clock.nowMs());
    const casino = new ProviderWalletClient(base, '2', SECRET_2, () => t.clock.nowMs());
    for (let i = 0; i < 5; i++) expect((await slots.raw('balance', balanceBody())).httpStatus).toBe(200);
    // Past the budget: the usual 429 error body, not a wallet reply.
    const over = await slots.raw('balance', balanceBody());
    expect(over.httpStatus).toBe(429);
    expect(over.reply).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await casino.raw('balance', balanceBody())).reply.status).toBe('RS_ERROR_INVALID_TOKEN');
  });

  it('caps a body at 32 KiB and answers the scraper by action and status', async () => {
    const res = await fetch(`${base}/wallet/sport/bet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ meta: 'x'.repeat(40 * 1024) }),
    });
    expect(res.status).toBe(413);
    const text = await (await fetch(`${t.app.metricsAddress()}/metrics`)).text();
    expect(text).toContain(
      'provider_wallet_calls_total{provider="3",action="balance",status="RS_ERROR_INVALID_TOKEN"} 5',
    );
    expect(text).toContain(
      'provider_wallet_calls_total{provider="2",action="balance",status="RS_ERROR_INVALID_TOKEN"} 1',
    );
  });
});
