import { useEffect, useState } from 'react';

/*
 * Draw times are ISO-8601 with the +07:00 offset (lottery.md §6) and are shown as Phnom Penh wall time, whatever
 * the device's zone: the offset is in the text, so the wall time is read from it, not from the device.
 */

/** `2025-06-01T16:15:00.000+07:00` → `16:15`. */
export const wallTime = (iso: string): string => iso.slice(11, 16);

/** `2025-06-01T16:15:00.000+07:00` → `01-06-2025` (the seed's date order). */
export const wallDate = (iso: string): string => iso.slice(0, 10).split('-').reverse().join('-');

/** `YYYY-MM-DD` of the text, the Phnom Penh day. */
export const wallDay = (iso: string): string => iso.slice(0, 10);

const KHMER_ZERO = 0x17e0;
const KHMER_DIGIT = /[\u17e0-\u17e9]/g;

/**
 * `ទិញឈ្នះ ១០:០៣` → `ទិញឈ្នះ 10:03`. The server's Khmer names of draws and prize lines carry Khmer digits, while
 * every time, number and amount of the app is written in Latin digits: a line that holds both would mix two
 * numeral systems (issue 26, item 7), so the names are shown with Latin digits too.
 */
export const latinDigits = (text: string): string =>
  text.replace(KHMER_DIGIT, (digit) => String(digit.charCodeAt(0) - KHMER_ZERO));

/** The device's clock, ticking once a second while mounted. */
export function useNow(periodMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), periodMs);
    return () => clearInterval(timer);
  }, [periodMs]);
  return now;
}

/** `3725` → `1:02:05`, `65` → `01:05`. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return h > 0 ? `${String(h)}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

/**
 * How far the server's clock is ahead of the device's (ms): `server_time` of a `result/time` answer against the
 * device's clock when it arrived. Server now = `Date.now() + offset`, however wrong the phone's clock is.
 */
export const serverOffsetMs = (serverTime: string, receivedAtMs: number): number =>
  Date.parse(serverTime) - receivedAtMs;
