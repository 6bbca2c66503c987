import { afterEach, describe, expect, it, vi } from 'vitest';
import { finishGame, GAME_FINISHED_MESSAGE, gameWindowOf } from './finish-game';

const ORIGIN = 'http://studio.test';

function gameFrame(): { frame: HTMLIFrameElement; game: Window } {
  const frame = document.createElement('iframe');
  frame.src = `${ORIGIN}/provider/demo/ocean-dragon/?provider=5`;
  document.body.append(frame);
  return { frame, game: frame.contentWindow! };
}

const answer = (source: Window, origin = ORIGIN, type = GAME_FINISHED_MESSAGE) =>
  window.dispatchEvent(new MessageEvent('message', { data: { type }, origin, source }));

describe('the fishing leave handshake (decision 0033)', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.body.replaceChildren();
  });

  it("asks the game at its frame's origin and resolves on its answer, from that window and origin only", async () => {
    const { frame, game } = gameFrame();
    const post = vi.spyOn(game, 'postMessage').mockImplementation(() => undefined);
    let finished: boolean | undefined;
    const done = finishGame(gameWindowOf(frame), 1_000).then((value) => {
      finished = value;
    });
    expect(post).toHaveBeenCalledWith({ type: 'fishing:exit' }, ORIGIN);

    // Another origin, another window, another message: not the game's answer.
    answer(game, 'http://elsewhere.test');
    answer(gameFrame().game);
    answer(game, ORIGIN, 'something-else');
    await Promise.resolve();
    expect(finished).toBeUndefined();

    answer(game);
    await done;
    expect(finished).toBe(true);
  });

  it('gives up after the timeout without an answer, and at once without a game', async () => {
    vi.useFakeTimers();
    const { frame, game } = gameFrame();
    vi.spyOn(game, 'postMessage').mockImplementation(() => undefined);
    const silent = finishGame(gameWindowOf(frame), 5_000);
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(silent).resolves.toBe(false);
    await expect(finishGame(gameWindowOf(null))).resolves.toBe(false);
  });
});
