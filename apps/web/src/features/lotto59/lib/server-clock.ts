/**
 * Server time in the browser. The countdown and the release schedule are the server's (a round closes at its
 * `close_at`), and a phone's clock can be minutes off, so every answer that carries `server_time` tells the
 * clock how far the device is from the server. The answer that took the least time on the wire gives the best
 * estimate (the server read its clock somewhere between sending and receiving; the midpoint is the guess).
 */

/** Recent samples kept; the fastest of them decides, so one slow answer cannot move the clock. */
export const SERVER_CLOCK_SAMPLES_MAX = 5;

export interface ServerClock {
  /** The server's time now, in epoch milliseconds. */
  now(): number;
  /** server − device, in milliseconds. */
  offsetMs(): number;
  /** One answer: the server's time, and the device time the request left and the answer came back. */
  observe(serverTimeMs: number, sentAtMs: number, receivedAtMs: number): void;
}

export function createServerClock(deviceNow: () => number = () => Date.now()): ServerClock {
  let samples: { offsetMs: number; roundTripMs: number }[] = [];
  let offset = 0;
  return {
    now: () => deviceNow() + offset,
    offsetMs: () => offset,
    observe(serverTimeMs, sentAtMs, receivedAtMs) {
      if (!Number.isFinite(serverTimeMs) || !(receivedAtMs >= sentAtMs)) return;
      const sample = {
        offsetMs: serverTimeMs - (sentAtMs + receivedAtMs) / 2,
        roundTripMs: receivedAtMs - sentAtMs,
      };
      samples = [...samples, sample].slice(-SERVER_CLOCK_SAMPLES_MAX);
      offset = samples.reduce((best, s) => (s.roundTripMs <= best.roundTripMs ? s : best)).offsetMs;
    },
  };
}

/** The page's one server clock. */
export const serverClock = createServerClock();

/** Runs a call whose answer carries `server_time` and feeds the clock with it. */
export async function withServerTime<T extends { server_time: string }>(
  call: () => Promise<T>,
  clock: ServerClock = serverClock,
): Promise<T> {
  const sentAtMs = Date.now();
  const answer = await call();
  clock.observe(Date.parse(answer.server_time), sentAtMs, Date.now());
  return answer;
}
