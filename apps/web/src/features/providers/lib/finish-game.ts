/*
 * The leave handshake with a fishing game page in our frame (decision 0033). Before the web app closes a
 * provider-5 session it asks the game to finish: the game settles its open magazine (the wallet's `win`, payouts
 * and unfired bullets) and answers once that is done, so the balance the web app reads next already holds it.
 * Without the handshake the game settles on `pagehide`, racing the web app's refetch of /api/user.
 */

/** What the web app posts to the game, and what the game answers (apps/demo-provider/web/src/fishing/main.ts). */
export const FINISH_GAME_MESSAGE = 'fishing:exit';
export const GAME_FINISHED_MESSAGE = 'fishing:exited';

/** How long the web app waits for the game's answer: past it, it closes anyway (the game settles on pagehide). */
export const FINISH_GAME_TIMEOUT_MS = 5_000;

/** The game's window and where it comes from: the frame's `contentWindow` and the origin of its `src`. */
export interface GameWindow {
  target: Pick<Window, 'postMessage'>;
  origin: string;
}

export function gameWindowOf(frame: HTMLIFrameElement | null): GameWindow | undefined {
  const target = frame?.contentWindow;
  if (!frame || !target || !frame.src) return undefined;
  return { target, origin: new URL(frame.src, window.location.href).origin };
}

/**
 * Asks the game to finish and resolves when it says it has (true), or after `timeoutMs` without an answer or
 * without a game (false). Only an answer from that window and origin counts.
 */
export function finishGame(
  game: GameWindow | undefined,
  timeoutMs = FINISH_GAME_TIMEOUT_MS,
): Promise<boolean> {
  if (!game) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (finished: boolean) => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
      resolve(finished);
    };
    const onMessage = (event: MessageEvent) => {
      const type = (event.data as { type?: unknown } | null)?.type;
      if (event.source === game.target && event.origin === game.origin && type === GAME_FINISHED_MESSAGE)
        done(true);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    window.addEventListener('message', onMessage);
    game.target.postMessage({ type: FINISH_GAME_MESSAGE }, game.origin);
  });
}
