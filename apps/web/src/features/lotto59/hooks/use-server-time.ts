import { useEffect, useRef, useState } from 'react';
import { serverClock, type ServerClock } from '../lib/server-clock';

/** The server's time, re-read every `intervalMs` while mounted (the countdown's tick). */
export function useServerNow(intervalMs: number, clock: ServerClock = serverClock): number {
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(clock.now()), intervalMs);
    return () => clearInterval(timer);
  }, [clock, intervalMs]);
  return now;
}

/** Calls `action` once when the server's clock reaches `atMs` (at once if it already has); null = never. */
export function useAtServerTime(
  atMs: number | null,
  action: () => void,
  clock: ServerClock = serverClock,
): void {
  const actionRef = useRef(action);
  useEffect(() => {
    actionRef.current = action;
  }, [action]);
  useEffect(() => {
    if (atMs === null) return;
    const timer = setTimeout(() => actionRef.current(), Math.max(0, atMs - clock.now()));
    return () => clearTimeout(timer);
  }, [atMs, clock]);
}
