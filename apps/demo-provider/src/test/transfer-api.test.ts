import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, openDb, startStudio, testDb, type RunningStudio, type TestDb } from './studio';
import { TestWallet } from './test-wallet';

/*
 * The transfer wallet, provider side (providers.md §4): our casino as the caller, signed as in §2. The signing
 * here is written apart from the studio's (node:crypto directly), so a mistake in one is not mirrored.
 */

export const SECRET_4 = 'c4'.repeat(32);
const hmac = (secret: string, ts: string, raw: string) =>
  createHmac('sha256', Buffer.from(secret, 'ascii')).update(`${ts}.${raw}`).digest('hex');

describe.each(DIALECTS)('provider 4 transfer endpoints (%s)', (dialect) => {
  let db: TestDb;
  let wallet: TestWallet;
  let studio: RunningStudio;
  let now = 1_800_000_000_000;

  beforeEach(async () => {
    now = 1_800_000_000_000;
    db = testDb(dialect);
    wallet = await new TestWallet({}).start();
    studio = await startStudio(db, wallet.url, { secrets: { '4': SECRET_4 }, clock: () => now });
  });
  afterEach(async () => {
    await studio.close();
    await wallet.close();
    await db.drop();
  });

  async function call(
    action: string,
    body: unknown,
    opts: { secret?: string; provider?: string; ts?: number; tamper?: boolean } = {},
  ) {
    const raw = JSON.stringify(body);
    const ts = String(opts.ts ?? now);
    const signature = hmac(opts.secret ?? SECRET_4, ts, raw);
    const res = await studio.app.inject({
      method: 'POST',
      url: `/provider/demo/transfer/${action}`,
      headers: {
        'content-type': 'application/json',
        'x-provider': opts.provider ?? '4',
        'x-timestamp': ts,
        'x-signature': signature,
      },
      // A tampered body: same signature, one byte changed (a space the JSON parser would not care about).
      payload: opts.tamper ? `${raw} ` : raw,
    });
    expect(res.statusCode).toBe(200);
    // Every answer is signed with provider 4's secret over its exact bytes.
    expect(res.headers['x-signature']).toBe(hmac(SECRET_4, String(res.headers['x-timestamp']), res.body));
    return res.json<Record<string, unknown>>();
  }

  const deposit = (transfer_id: string, amount: number, user = '42') =>
    call('deposit', { request_uuid: `r-${transfer_id}`, transfer_id, user, amount, currency: 'KHR' });

  it('deposits, shows the balance, withdraws all with the session summary, and zeroes the summary', async () => {
    expect(await deposit('t-1', 50_000)).toEqual({
      status: 'RS_OK',
      request_uuid: 'r-t-1',
      transfer_id: 't-1',
      amount: 50_000,
      provider_balance: 50_000,
    });
    expect(await deposit('t-2', 2_000)).toMatchObject({ status: 'RS_OK', provider_balance: 52_000 });
    expect(await call('balance', { request_uuid: 'q', user: '42' })).toEqual({
      status: 'RS_OK',
      request_uuid: 'q',
      user: '42',
      provider_balance: 52_000,
      last_shot_at: null,
    });
    expect(await call('balance', { request_uuid: 'q', user: 'nobody' })).toMatchObject({
      provider_balance: 0,
    });

    // Shots played meanwhile (what the fishing session records on the in-game balance).
    const handle = await openDb(db);
    await handle.db
      .updateTable('transfer_wallets')
      .set({ balance: 49_100, shots: 12, stake: 4_800, payout: 1_900 })
      .where('user_id', '=', '42')
      .execute();
    await handle.close();

    const out = await call('withdraw', { request_uuid: 'r-3', transfer_id: 't-3', user: '42', all: true });
    expect(out).toEqual({
      status: 'RS_OK',
      request_uuid: 'r-3',
      transfer_id: 't-3',
      amount: 49_100,
      provider_balance: 0,
      summary: { shots: 12, stake: 4_800, payout: 1_900 },
    });
    // A casino whose withdraw answer was lost learns the session's play from status too.
    expect(await call('status', { request_uuid: 'q', transfer_id: 't-3' })).toEqual({
      status: 'RS_OK',
      request_uuid: 'q',
      transfer_id: 't-3',
      state: 'COMPLETED',
      direction: 'OUT',
      amount: 49_100,
      summary: { shots: 12, stake: 4_800, payout: 1_900 },
    });
    expect(await call('status', { request_uuid: 'q', transfer_id: 't-1' })).toMatchObject({
      state: 'COMPLETED',
      direction: 'IN',
      amount: 50_000,
    });
    // The next session's summary starts from zero.
    await deposit('t-4', 1_000);
    expect(
      await call('withdraw', { request_uuid: 'r-5', transfer_id: 't-5', user: '42', all: true }),
    ).toMatchObject({ amount: 1_000, summary: { shots: 0, stake: 0, payout: 0 } });
  });

  it('withdraws a part, and refuses more than the balance as FAILED (nothing moves)', async () => {
    await deposit('t-1', 10_000);
    expect(
      await call('withdraw', { request_uuid: 'r-2', transfer_id: 't-2', user: '42', amount: 4_000 }),
    ).toMatchObject({ status: 'RS_OK', amount: 4_000, provider_balance: 6_000 });
    expect(
      await call('withdraw', { request_uuid: 'r-3', transfer_id: 't-3', user: '42', amount: 6_001 }),
    ).toEqual({
      status: 'RS_ERROR_NOT_ENOUGH_MONEY',
      request_uuid: 'r-3',
      transfer_id: 't-3',
      provider_balance: 6_000,
    });
    expect(await call('status', { request_uuid: 'q', transfer_id: 't-3' })).toMatchObject({
      state: 'FAILED',
      amount: 0,
    });
    expect(await call('balance', { request_uuid: 'q', user: '42' })).toMatchObject({
      provider_balance: 6_000,
    });
  });

  it('replays a transfer_id: the stored answer, money moved once; other fields under it are refused', async () => {
    const first = await deposit('t-1', 10_000);
    // A retry carries a new request_uuid; the business fields are the same. The stored answer comes back,
    // naming the retry it answers (decision 0041).
    const again = await call('deposit', {
      request_uuid: 'retry',
      transfer_id: 't-1',
      user: '42',
      amount: 10_000,
      currency: 'KHR',
    });
    expect(again).toEqual({ ...first, request_uuid: 'retry' });
    expect(await call('balance', { request_uuid: 'q', user: '42' })).toMatchObject({
      provider_balance: 10_000,
    });
    expect(await deposit('t-1', 20_000)).toMatchObject({ status: 'RS_ERROR_DUPLICATE_TRANSACTION' });
    expect(
      await call('withdraw', { request_uuid: 'x', transfer_id: 't-1', user: '42', all: true }),
    ).toMatchObject({ status: 'RS_ERROR_DUPLICATE_TRANSACTION' });

    const out = await call('withdraw', { request_uuid: 'o1', transfer_id: 'o-1', user: '42', all: true });
    const outAgain = await call('withdraw', {
      request_uuid: 'o2',
      transfer_id: 'o-1',
      user: '42',
      all: true,
    });
    expect(outAgain).toEqual({ ...out, request_uuid: 'o2' });
    expect(out).toMatchObject({ amount: 10_000, provider_balance: 0 });
    expect(await call('balance', { request_uuid: 'q', user: '42' })).toMatchObject({ provider_balance: 0 });
  });

  it('twin deposits racing with one transfer_id credit once and answer alike', async () => {
    const answers = await Promise.all([
      deposit('race', 7_000),
      deposit('race', 7_000),
      deposit('race', 7_000),
    ]);
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(await call('balance', { request_uuid: 'q', user: '42' })).toMatchObject({
      provider_balance: 7_000,
    });
  });

  it('a status of an unknown id writes a tombstone: NOT_FOUND now and for good', async () => {
    expect(await call('status', { request_uuid: 'q', transfer_id: 'lost-1' })).toEqual({
      status: 'RS_OK',
      request_uuid: 'q',
      transfer_id: 'lost-1',
      state: 'NOT_FOUND',
      direction: null,
      amount: 0,
    });
    // The deposit that was in flight arrives late: refused, nothing credited.
    expect(await deposit('lost-1', 5_000)).toMatchObject({ status: 'RS_ERROR_TRANSACTION_ROLLED_BACK' });
    expect(await call('balance', { request_uuid: 'q', user: '42' })).toMatchObject({ provider_balance: 0 });
    expect(await call('status', { request_uuid: 'q', transfer_id: 'lost-1' })).toMatchObject({
      state: 'NOT_FOUND',
    });

    await deposit('t-2', 3_000);
    await call('status', { request_uuid: 'q', transfer_id: 'lost-2' });
    expect(
      await call('withdraw', { request_uuid: 'w', transfer_id: 'lost-2', user: '42', all: true }),
    ).toMatchObject({ status: 'RS_ERROR_TRANSACTION_ROLLED_BACK' });
    expect(await call('balance', { request_uuid: 'q', user: '42' })).toMatchObject({
      provider_balance: 3_000,
    });
  });

  it('refuses a bad signature, a wrong key, another provider, a stale timestamp and a tampered body', async () => {
    const body = { request_uuid: 'r', transfer_id: 't', user: '42', amount: 1_000, currency: 'KHR' };
    // The refusal names the request it refuses (read from the body, trusted for nothing else).
    const refused = { status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: 'r' };
    expect(await call('deposit', body, { secret: 'd5'.repeat(32) })).toEqual(refused);
    expect(await call('deposit', body, { provider: '5' })).toEqual(refused);
    expect(await call('deposit', body, { ts: now - 300_001 })).toEqual(refused);
    expect(await call('deposit', body, { tamper: true })).toEqual(refused);
    expect(await call('balance', { request_uuid: 'q', user: '42' })).toMatchObject({ provider_balance: 0 });
    // A refused call leaves no trace either: the id is still free.
    expect(await call('deposit', body, { ts: now - 299_000 })).toMatchObject({ status: 'RS_OK' });
  });

  it('answers malformed bodies and a wrong currency with a status, not a crash', async () => {
    expect(await call('deposit', { transfer_id: 't', user: '42', amount: -5 })).toMatchObject({
      status: 'RS_ERROR_UNKNOWN',
    });
    expect(
      await call('deposit', {
        request_uuid: 'r',
        transfer_id: 't',
        user: '42',
        amount: 1.5,
        currency: 'KHR',
      }),
    ).toMatchObject({ status: 'RS_ERROR_UNKNOWN' });
    expect(
      await call('deposit', {
        request_uuid: 'r',
        transfer_id: 't',
        user: '42',
        amount: 100,
        currency: 'USD',
      }),
    ).toMatchObject({ status: 'RS_ERROR_WRONG_CURRENCY' });
    expect(await call('withdraw', { request_uuid: 'r', transfer_id: 't', user: '42' })).toMatchObject({
      status: 'RS_ERROR_UNKNOWN',
    });
    expect(await call('status', {})).toMatchObject({ status: 'RS_ERROR_UNKNOWN' });
  });

  it('names the request it answers in every signed answer: replays, refusals, status and balance (decision 0041)', async () => {
    // A status or balance question without its own id gets no answer that could be replayed as another's,
    // and a status refused so leaves no tombstone.
    expect(await call('status', { transfer_id: 't-1' })).toEqual({
      status: 'RS_ERROR_UNKNOWN',
      message: expect.any(String) as string,
    });
    expect(await call('balance', { user: '42' })).toMatchObject({ status: 'RS_ERROR_UNKNOWN' });
    expect(await deposit('t-1', 4_000)).toMatchObject({ status: 'RS_OK', request_uuid: 'r-t-1' });
    // Each question about the same transfer gets an answer bound to that question only.
    const asked = await call('status', { request_uuid: 'ask-1', transfer_id: 't-1' });
    const askedAgain = await call('status', { request_uuid: 'ask-2', transfer_id: 't-1' });
    expect(asked).toMatchObject({ request_uuid: 'ask-1', transfer_id: 't-1', state: 'COMPLETED' });
    expect(askedAgain).toEqual({ ...asked, request_uuid: 'ask-2' });
    // Refusals too: a duplicate id, a tombstoned id, a bad signature (the id is read, nothing else is).
    expect(
      await call('deposit', {
        request_uuid: 'dup',
        transfer_id: 't-1',
        user: '42',
        amount: 1,
        currency: 'KHR',
      }),
    ).toMatchObject({ status: 'RS_ERROR_DUPLICATE_TRANSACTION', request_uuid: 'dup' });
    await call('status', { request_uuid: 'tomb', transfer_id: 'gone' });
    expect(
      await call('withdraw', { request_uuid: 'late', transfer_id: 'gone', user: '42', all: true }),
    ).toMatchObject({ status: 'RS_ERROR_TRANSACTION_ROLLED_BACK', request_uuid: 'late' });
    expect(
      await call('balance', { request_uuid: 'forged', user: '42' }, { secret: 'd5'.repeat(32) }),
    ).toEqual({ status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: 'forged' });
  });
});
