import { afterEach, describe, expect, it, vi } from 'vitest';
import { GameApi, GameApiFailure } from './api';
import { STAKE_REFUSED_MESSAGE } from './host';

function answering(status: number, body: unknown): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

describe("a stake the wallet refused by the player's account (responsible-gaming.md §5)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is told to the page framing the game, with the stake, and still refused here', async () => {
    answering(409, { code: 'LIMIT_REACHED', message: 'This bet is over your limit.', amount: 20_000 });
    const host = { postMessage: vi.fn() };
    const api = new GameApi('/provider/demo/', host);
    await expect(api.spin({ line_bet: 1_000, request_id: 'r1' })).rejects.toMatchObject({
      code: 'LIMIT_REACHED',
    });
    expect(host.postMessage).toHaveBeenCalledExactlyOnceWith(
      { type: STAKE_REFUSED_MESSAGE, code: 'LIMIT_REACHED', amount: 20_000 },
      '*',
    );
  });

  it('a disabled account is told too; other refusals, and a game open on its own, tell nobody', async () => {
    const host = { postMessage: vi.fn() };
    answering(403, { code: 'USER_DISABLED', message: 'x', amount: 5_000 });
    await expect(
      new GameApi('/provider/demo/', host).deal({ bets: [], request_id: 'r2' }),
    ).rejects.toBeInstanceOf(GameApiFailure);
    expect(host.postMessage).toHaveBeenLastCalledWith(
      { type: STAKE_REFUSED_MESSAGE, code: 'USER_DISABLED', amount: 5_000 },
      '*',
    );

    host.postMessage.mockClear();
    answering(409, { code: 'NOT_ENOUGH_MONEY', message: 'x' });
    await expect(
      new GameApi('/provider/demo/', host).spin({ line_bet: 50, request_id: 'r3' }),
    ).rejects.toThrow();
    answering(409, { code: 'LIMIT_REACHED', message: 'x' }); // no stake named: nothing to say
    await expect(
      new GameApi('/provider/demo/', host).spin({ line_bet: 50, request_id: 'r4' }),
    ).rejects.toThrow();
    expect(host.postMessage).not.toHaveBeenCalled();

    answering(409, { code: 'LIMIT_REACHED', message: 'x', amount: 1_000 });
    await expect(
      new GameApi('/provider/demo/', null).spin({ line_bet: 50, request_id: 'r5' }),
    ).rejects.toThrow();
  });
});
