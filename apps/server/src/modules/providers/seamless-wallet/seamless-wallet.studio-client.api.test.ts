import { randomUUID } from 'node:crypto';
import { WalletClient } from '@lotto59/demo-provider/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../../../test/databases';
import { createTestApp, TestBrowser, type TestContext } from '../../../../test/test-app';

const SECRET_3 = 'c3'.repeat(32);

/**
 * The protocol as the demo studio itself speaks it (issue 12): its own `WalletClient` (apps/demo-provider,
 * the code its games run), over real HTTP, against our wallet. seamless-wallet.api.test.ts covers each rule
 * with an independent client that can also send what a studio never would (bad signatures, tampered bodies);
 * this file shows the studio's real client and our wallet agree on every case the studio depends on.
 */
describe.each(TEST_DIALECTS)('the demo studio’s wallet client against our wallet on %s', (dialect) => {
  let t: TestContext;
  let studio: WalletClient;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { PROVIDER_3_SECRET: SECRET_3 });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    base = `http://127.0.0.1:${address.port}`;
    // The studio's 5 s call timeout would turn a loaded 2-core machine's slow answers into unknown fates;
    // these tests are about the wallet's answers, not the studio's patience.
    studio = new WalletClient({
      baseUrl: base,
      secrets: { '3': SECRET_3 },
      clock: () => t.clock.nowMs(),
      timeoutMs: 60_000,
    });
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await t.app.services.wallet.reconcile()).toMatchObject({ ok: true });
  });

  /** A logged-in player who launched the slot; the studio trades the launch code as its page would. */
  async function seat(balance: number) {
    const player = await t.newPlayer({ balance });
    const browser = new TestBrowser(t.app);
    expect((await browser.login(player.username, player.password)).statusCode).toBe(200);
    const launched = await browser.get('/api/external/3/url?lang=km&platform=mobile');
    const { url } = launched.json().data as { url: string };
    const code = new URL(url, base).searchParams.get('code')!;
    const session = await studio.session('3', code);
    if (session.kind !== 'ok') throw new Error(`session: ${JSON.stringify(session)}`);
    return {
      player,
      ref: { token: session.body.token, user: String(player.id), game_code: 'angkor-fortune' },
    };
  }
  type Ref = Awaited<ReturnType<typeof seat>>['ref'];
  const spin = (ref: Ref, amount: number) => ({
    ...ref,
    round_id: `spin-${randomUUID()}`,
    transaction_uuid: randomUUID(),
    amount,
    meta: { stops: [1, 2, 3, 4, 5] },
  });
  const winOf = (placed: ReturnType<typeof spin>, amount: number) =>
    WalletClient.winBody({
      ...placed,
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: placed.transaction_uuid,
      amount,
      round_closed: true,
      meta: { lines: [], scatter: 0 },
    });
  const rollbackOf = (placed: ReturnType<typeof spin>) =>
    WalletClient.rollbackBody({
      token: placed.token,
      user: placed.user,
      game_code: placed.game_code,
      round_id: placed.round_id,
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: placed.transaction_uuid,
    });
  const balanceOf = (playerId: number) => t.app.services.wallet.playerBalance(playerId);

  it('a spin’s bet and win, each sent twice as the studio retries: the first answer again, money moved once', async () => {
    const { player, ref } = await seat(20_000);
    expect(await studio.balance('3', ref)).toMatchObject({ kind: 'ok', body: { balance: 20_000 } });
    const placed = spin(ref, 2_000);
    const bet = await studio.bet('3', placed);
    expect(bet).toMatchObject({ kind: 'ok', body: { balance: 18_000 } });
    expect(await studio.bet('3', placed)).toEqual(bet);
    const win = winOf(placed, 7_000);
    const paid = await studio.send('3', 'win', win);
    expect(paid).toMatchObject({ kind: 'ok', body: { balance: 25_000 } });
    expect(await studio.send('3', 'win', win)).toEqual(paid);
    expect(await balanceOf(player.id)).toBe(25_000);
  });

  it('the same transaction id with another amount is refused as a duplicate and moves nothing', async () => {
    const { player, ref } = await seat(10_000);
    const placed = spin(ref, 1_000);
    await studio.bet('3', placed);
    expect(await studio.bet('3', { ...placed, amount: 5_000 })).toMatchObject({
      kind: 'refused',
      status: 'RS_ERROR_DUPLICATE_TRANSACTION',
    });
    expect(await balanceOf(player.id)).toBe(9_000);
  });

  it('a rollback returns the stake once (replayed: the same answer); the win that follows is refused', async () => {
    const { player, ref } = await seat(10_000);
    const placed = spin(ref, 4_000);
    await studio.bet('3', placed);
    const back = rollbackOf(placed);
    const first = await studio.send('3', 'rollback', back);
    expect(first).toMatchObject({ kind: 'ok', body: { balance: 10_000 } });
    expect(await studio.send('3', 'rollback', back)).toEqual(first);
    expect(await studio.send('3', 'win', winOf(placed, 9_000))).toMatchObject({
      kind: 'refused',
      status: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
    });
    expect(await balanceOf(player.id)).toBe(10_000);
  });

  it('a rollback sent before its bet (the bet timed out on the way) leaves a tombstone: the late bet is refused', async () => {
    const { player, ref } = await seat(10_000);
    const late = spin(ref, 3_000);
    expect(await studio.send('3', 'rollback', rollbackOf(late))).toMatchObject({
      kind: 'ok',
      body: { balance: 10_000 },
    });
    expect(await studio.bet('3', late)).toMatchObject({
      kind: 'refused',
      status: 'RS_ERROR_TRANSACTION_ROLLED_BACK',
    });
    expect(await balanceOf(player.id)).toBe(10_000);
  });

  it('a win sent after the player left (token expired) is paid; a new bet is refused', async () => {
    const { player, ref } = await seat(10_000);
    const placed = spin(ref, 1_000);
    await studio.bet('3', placed);
    t.clock.advanceMs(31 * 60_000);
    expect(await studio.bet('3', spin(ref, 1_000))).toMatchObject({
      kind: 'refused',
      status: 'RS_ERROR_TOKEN_EXPIRED',
    });
    expect(await studio.send('3', 'win', winOf(placed, 6_000))).toMatchObject({
      kind: 'ok',
      body: { balance: 15_000 },
    });
    expect(await balanceOf(player.id)).toBe(15_000);
  });

  it('50 bets at once against a balance covering 20: exactly 20 accepted, the rest NOT_ENOUGH_MONEY', async () => {
    const { player, ref } = await seat(20_000);
    const outcomes = await Promise.all(Array.from({ length: 50 }, () => studio.bet('3', spin(ref, 1_000))));
    expect(outcomes.filter((o) => o.kind === 'ok')).toHaveLength(20);
    const refused = outcomes.filter((o) => o.kind === 'refused');
    expect(refused).toHaveLength(30);
    for (const o of refused) expect(o).toMatchObject({ status: 'RS_ERROR_NOT_ENOUGH_MONEY' });
    expect(await balanceOf(player.id)).toBe(0);
  });

  it('a studio holding the wrong secret is not believed and not answered in a way it can trust; nothing moves', async () => {
    const { player, ref } = await seat(10_000);
    const impostor = new WalletClient({
      baseUrl: base,
      secrets: { '3': 'd4'.repeat(32) },
      clock: () => t.clock.nowMs(),
    });
    // Our wallet refuses the signature and signs its answer with the real secret, which the impostor cannot check.
    expect(await impostor.bet('3', spin(ref, 5_000))).toMatchObject({ kind: 'failed' });
    expect(await balanceOf(player.id)).toBe(10_000);
  });
});
