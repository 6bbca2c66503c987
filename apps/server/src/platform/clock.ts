/** The one source of time for the server; tests pass a fake one. */
export interface Clock {
  nowMs(): number;
}

export const systemClock: Clock = { nowMs: () => Date.now() };

/** A clock that only moves when told to (tests). */
export function fakeClock(startMs = Date.UTC(2026, 10, 21, 5, 0)): Clock & { advanceMs(ms: number): void } {
  let now = startMs;
  return {
    nowMs: () => now,
    advanceMs: (ms: number) => {
      now += ms;
    },
  };
}
