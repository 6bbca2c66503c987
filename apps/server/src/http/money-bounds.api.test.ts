import { createHmac, randomUUID } from 'node:crypto';
import { RIEL_RANGE_MESSAGE } from '@lotto59/contract';
import { RIEL_MAX } from '@lotto59/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test/databases';
import { betBody, lotteryPlayer, nextDraw, postBet } from '../../test/lottery-helpers';
import { openRound, placeBet } from '../../test/lotto59-helpers';
import { createTestApp, TestBrowser, type TestContext } from '../../test/test-app';

/**
 * Money at the edges (issue 21 item 7, docs/decisions/0043): every money field of the contract is bounded by
 * the domain's riel (±10^15), not by what JSON can carry (±2^53 − 1). An amount between the two once got
 * past the schema and made the domain's `riel()` throw inside a handler: HTTP 500 on `POST /api/bet` and
 * on the seamless wallet's win. Now it is refused like any malformed field: 422 naming the field on the
 * player API, `RS_ERROR_UNKNOWN` (HTTP 200, providers.md §2–3) on the wallet protocol. Nothing moves.
 */
const PAST_RIEL = [Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, RIEL_MAX + 1, -(RIEL_MAX + 1)] as const;

const WALLET_SECRET = 'e5'.repeat(32);

describe.each(TEST_DIALECTS)('money past the domain riel on %s', (dialect) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestApp(dialect, { PROVIDER_3_SECRET: WALLET_SECRET });
    await t.app.services.lotto59.scheduler.tick();
    await t.app.services.lottery.scheduler.tick();
  });
  afterAll(() => t.close());

  const balanceOf = (playerId: number) => t.app.services.wallet.playerBalance(playerId);

  async function signedIn(balance: number) {
    const p = await t.newPlayer({ balance });
    const browser = new TestBrowser(t.app);
    expect((await browser.login(p.username, p.password)).statusCode).toBe(200);
    return { ...p, browser };
  }

  /** The answer must be 422 VALIDATION_FAILED with `field` among the errors. */
  function expectFieldRefused(res: { statusCode: number; json(): unknown }, field: string, where: string) {
    expect(res.statusCode, where).toBe(422);
    const body = res.json() as { code: string; errors?: Record<string, string[]> };
    expect(body.code, where).toBe('VALIDATION_FAILED');
    expect(body.errors?.[field], where).toContain(RIEL_RANGE_MESSAGE);
  }

  it('POST /api/bet: a RANGE or NUMBER amount past the domain riel is 422 on bets.0.amount', async () => {
    const p = await signedIn(100_000);
    const round = await openRound(t.app, 'POLL_2');
    for (const amount of PAST_RIEL) {
      for (const item of [
        { type: 'RANGE_3', amount },
        { type: 'NUMBER', posts: ['A'], numbers: '7', amount },
      ]) {
        const res = await placeBet(p.browser, { poll: 'POLL_2', result_id: round.id, bets: [item] });
        expectFieldRefused(res, 'bets.0.amount', `${item.type} ${amount}`);
      }
    }
    // The largest riel itself passes the schema and meets the configured maximum (seed §5 message).
    const atMax = await placeBet(p.browser, {
      poll: 'POLL_2',
      result_id: round.id,
      bets: [{ type: 'RANGE_3', amount: RIEL_MAX }],
    });
    expect(atMax.statusCode).toBe(422);
    expect(atMax.json()).toMatchObject({ code: 'BET_AMOUNT_TOO_HIGH' });
    expect(await balanceOf(p.id)).toBe(100_000);
  });

  it('POST /api/lottery/ticket/bet: an amount past the domain riel is 422 on items.0.amount', async () => {
    const p = await lotteryPlayer(t, 100_000);
    const draw = await nextDraw(t.app, 'KH-5');
    for (const amount of PAST_RIEL) {
      const res = await postBet(
        p.browser,
        betBody(draw.id, 'KH', [{ bet_type: '2D', posts: ['A'], numbers: '07', amount }]),
      );
      expectFieldRefused(res, 'items.0.amount', String(amount));
    }
    // A fraction is still the lottery's own refusal (lottery.md §5).
    const fraction = await postBet(
      p.browser,
      betBody(draw.id, 'KH', [{ bet_type: '2D', posts: ['A'], numbers: '07', amount: 10.5 }]),
    );
    expect(fraction.json()).toMatchObject({ code: 'INVALID_AMOUNT' });
    expect(await balanceOf(p.id)).toBe(100_000);
  });

  it('POST /api/fishing/settoken: a transfer amount past the domain riel is 422 on amount', async () => {
    const p = await signedIn(100_000);
    for (const amount of PAST_RIEL) {
      const res = await p.browser.post('/api/fishing/settoken', { provider: 4, amount });
      expectFieldRefused(res, 'amount', String(amount));
    }
    expect(await balanceOf(p.id)).toBe(100_000);
  });

  it('the seamless wallet answers RS_ERROR_UNKNOWN, never a 5xx, to a bet or win past the domain riel', async () => {
    const p = await signedIn(100_000);
    const launched = (await p.browser.get('/api/external/3/url?lang=en&platform=desktop')).json().data as {
      url: string;
      token: string;
    };
    const code = new URL(launched.url, 'http://x').searchParams.get('code');
    const call = async (action: string, body: Record<string, unknown>) => {
      const text = JSON.stringify(body);
      const timestamp = String(t.clock.nowMs());
      const signature = createHmac('sha256', Buffer.from(WALLET_SECRET, 'ascii'))
        .update(`${timestamp}.${text}`)
        .digest('hex');
      const res = await t.app.inject({
        method: 'POST',
        url: `/wallet/3/${action}`,
        headers: {
          'content-type': 'application/json',
          'x-provider': '3',
          'x-timestamp': timestamp,
          'x-signature': signature,
        },
        payload: text,
      });
      return { httpStatus: res.statusCode, reply: res.json<{ status: string; balance?: number }>() };
    };
    expect((await call('session', { request_uuid: randomUUID(), code })).reply.status).toBe('RS_OK');
    const seat = { token: launched.token, user: String(p.id), game_code: 'angkor-fortune' };
    const roundId = `spin-${randomUUID()}`;
    const bet = (amount: number) => ({
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      ...seat,
      round_id: roundId,
      amount,
      currency: 'KHR',
    });
    const placed = bet(1_000);
    expect(await call('bet', placed)).toMatchObject({ httpStatus: 200, reply: { status: 'RS_OK' } });
    const win = (amount: number) => ({
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: placed.transaction_uuid,
      ...seat,
      round_id: roundId,
      amount,
      round_closed: true,
      currency: 'KHR',
    });
    for (const amount of PAST_RIEL) {
      for (const [action, body] of [
        ['win', win(amount)],
        ['bet', bet(amount)],
      ] as const) {
        const answer = await call(action, body);
        expect(answer, `${action} ${amount}`).toMatchObject({
          httpStatus: 200,
          reply: { status: 'RS_ERROR_UNKNOWN' },
        });
      }
    }
    expect(await balanceOf(p.id)).toBe(99_000);
    // The round is still open to a win of a sane amount.
    expect(await call('win', win(2_500))).toMatchObject({ reply: { status: 'RS_OK', balance: 101_500 } });
  });
});
