import { expect } from 'vitest';
import { ProviderWalletClient, uuid } from './provider-wallet-client';
import { TestBrowser, type TestContext } from './test-app';

/*
 * A provider's calls as the seamless-wallet tests make them: a player seated at a launched game (its code
 * exchanged for the session token as the game page does), and the bodies of bet, win and rollback.
 */

export interface Seat {
  player: { id: number; username: string; password: string };
  token: string;
  user: string;
  gameCode: string;
}

export const GAME_OF = { '2': 'baccarat', '3': 'angkor-fortune' } as const;

/** A wallet client for one provider of a listening test app. */
export function walletClient(t: TestContext, provider: '2' | '3', secret: string): ProviderWalletClient {
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return new ProviderWalletClient(`http://127.0.0.1:${address.port}`, provider, secret, () =>
    t.clock.nowMs(),
  );
}

export async function seat(t: TestContext, client: ProviderWalletClient, balance: number): Promise<Seat> {
  const provider = client.provider as '2' | '3';
  const player = await t.newPlayer({ balance });
  const browser = new TestBrowser(t.app);
  expect((await browser.login(player.username, player.password)).statusCode).toBe(200);
  const launched = await browser.get(`/api/external/${provider}/url?lang=en&platform=desktop`);
  expect(launched.statusCode).toBe(200);
  const { url, token } = launched.json().data as { url: string; token: string };
  const code = new URL(url, 'http://x').searchParams.get('code')!;
  expect(await client.call('session', { request_uuid: uuid(), code })).toMatchObject({ status: 'RS_OK' });
  return { player, token, user: String(player.id), gameCode: GAME_OF[provider] };
}

export function betBody(s: Seat, amount: number, roundId = `round-${uuid()}`) {
  return {
    request_uuid: uuid(),
    transaction_uuid: uuid(),
    token: s.token,
    user: s.user,
    game_code: s.gameCode,
    round_id: roundId,
    amount,
    currency: 'KHR',
  };
}

export function winBody(
  s: Seat,
  placed: ReturnType<typeof betBody>,
  amount: number,
  roundClosed = true,
): Record<string, unknown> {
  return {
    request_uuid: uuid(),
    transaction_uuid: uuid(),
    reference_transaction_uuid: placed.transaction_uuid,
    token: s.token,
    user: s.user,
    game_code: s.gameCode,
    round_id: placed.round_id,
    amount,
    round_closed: roundClosed,
    currency: 'KHR',
  };
}
