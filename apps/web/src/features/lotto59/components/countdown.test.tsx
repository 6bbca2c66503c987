import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServerClock } from '../lib/server-clock';
import { Countdown, formatCountdown, secondsLeftOf } from './countdown';

const DEVICE_NOW = Date.parse('2026-11-21T09:00:00.000Z');
/** The phone's clock runs 5 minutes behind the server's. */
const SERVER_AHEAD_MS = 5 * 60_000;

describe('countdown on the server’s clock', () => {
  beforeEach(() => vi.useFakeTimers({ now: DEVICE_NOW }));
  afterEach(() => vi.useRealTimers());

  function serverClockFromAnAnswer() {
    const clock = createServerClock();
    // The answer left at device time −40 ms and came back at +40 ms, carrying the server's time.
    clock.observe(DEVICE_NOW + SERVER_AHEAD_MS, DEVICE_NOW - 40, DEVICE_NOW + 40);
    return clock;
  }

  it('counts down to close_at on the server’s time, not the device’s', () => {
    const clock = serverClockFromAnAnswer();
    expect(clock.offsetMs()).toBe(SERVER_AHEAD_MS);
    const closeAtMs = DEVICE_NOW + SERVER_AHEAD_MS + 42_000;
    render(<Countdown closeAtMs={closeAtMs} clock={clock} />);
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('00:42');
    expect(screen.getByTestId('countdown').dataset.secondsLeft).toBe('42');

    act(() => vi.advanceTimersByTime(2_000));
    expect(timer.textContent).toBe('00:40');
    act(() => vi.advanceTimersByTime(35_000));
    expect(timer.textContent).toBe('00:05');
    expect(timer.className).toContain('text-amber-300');
  });

  it('says betting is closed at close_at, even though the device thinks there are minutes left', () => {
    const clock = serverClockFromAnAnswer();
    render(<Countdown closeAtMs={DEVICE_NOW + SERVER_AHEAD_MS + 3_000} clock={clock} />);
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByTestId('countdown').dataset.secondsLeft).toBe('0');
    expect(screen.getByRole('timer').getAttribute('aria-label')).toBe('បិទការភ្នាល់');
  });

  it('a device clock ahead of the server does not close betting early', () => {
    const clock = createServerClock();
    clock.observe(DEVICE_NOW - 90_000, DEVICE_NOW - 10, DEVICE_NOW + 10);
    render(<Countdown closeAtMs={DEVICE_NOW - 90_000 + 20_000} clock={clock} />);
    expect(screen.getByRole('timer').textContent).toBe('00:20');
  });
});

describe('server clock', () => {
  it('trusts the answer that spent the least time on the wire', () => {
    let device = 1_000_000;
    const clock = createServerClock(() => device);
    clock.observe(2_000_000, 999_000, 1_001_000); // 2 s round trip: offset ~1,000,000
    clock.observe(2_000_400, 999_950, 1_000_050); // 100 ms round trip: offset 1,000,400
    clock.observe(1_990_000, 998_000, 1_002_000); // slow again: ignored
    expect(clock.offsetMs()).toBe(1_000_400);
    device += 500;
    expect(clock.now()).toBe(1_000_500 + 1_000_400);
  });

  it('ignores answers it cannot use', () => {
    const clock = createServerClock(() => 0);
    clock.observe(Number.NaN, 0, 10);
    clock.observe(5_000, 10, 5); // came back before it left
    expect(clock.offsetMs()).toBe(0);
  });

  it('formats seconds as mm:ss and never goes below zero', () => {
    expect(formatCountdown(75)).toBe('01:15');
    expect(formatCountdown(0)).toBe('00:00');
    expect(secondsLeftOf(10_000, 9_001)).toBe(1);
    expect(secondsLeftOf(10_000, 10_000)).toBe(0);
    expect(secondsLeftOf(10_000, 12_000)).toBe(0);
  });
});
