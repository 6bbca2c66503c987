import { assert, err, ok, type Result } from '../control/control';
import { timeZoneOffsetMs, type LocalDate } from '../time/local-day';
import type { LotteryGameType, SheetLayout } from './constants';

/*
 * The draw schedule of lottery.md §1 as data, and the pure arithmetic the scheduler needs: a day's draws with
 * their cut-offs, and the fast TN schedule for tests and demos. Time is always a parameter here.
 */

export const LOTTERY_TIME_ZONE = 'Asia/Phnom_Penh';

export const LOTTERY_WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
export type LotteryWeekday = (typeof LOTTERY_WEEKDAYS)[number];

/** One line of `LOTTERY_SCHEDULE`: a draw at `drawTime` (local, `HH:MM`) on the listed weekdays. */
export interface LotteryScheduleEntry {
  /** Draw code prefix: `VN-S`, `KH-4`, `TN`. */
  readonly code: string;
  readonly type: LotteryGameType;
  readonly layout: SheetLayout;
  readonly drawTime: string;
  readonly cutoffMinutes: number;
  readonly weekdays: readonly LotteryWeekday[];
}

const EVERY_DAY = LOTTERY_WEEKDAYS;
const TN_HOURS = [9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21] as const;

export const DEFAULT_LOTTERY_SCHEDULE: readonly LotteryScheduleEntry[] = [
  { code: 'VN-S', type: 'VN', layout: 'VN_SOUTH', drawTime: '16:15', cutoffMinutes: 10, weekdays: EVERY_DAY },
  { code: 'VN-C', type: 'VN', layout: 'VN_SOUTH', drawTime: '17:15', cutoffMinutes: 10, weekdays: EVERY_DAY },
  { code: 'VN-N', type: 'VN', layout: 'VN_NORTH', drawTime: '18:15', cutoffMinutes: 10, weekdays: EVERY_DAY },
  { code: 'KH-4', type: 'KH', layout: 'KH', drawTime: '16:30', cutoffMinutes: 10, weekdays: EVERY_DAY },
  { code: 'KH-5', type: 'KH', layout: 'KH', drawTime: '17:30', cutoffMinutes: 10, weekdays: EVERY_DAY },
  { code: 'KH-6', type: 'KH', layout: 'KH', drawTime: '18:30', cutoffMinutes: 10, weekdays: EVERY_DAY },
  ...TN_HOURS.map((hour) => ({
    code: 'TN',
    type: 'TN' as const,
    layout: 'TN' as const,
    drawTime: `${String(hour).padStart(2, '0')}:00`,
    cutoffMinutes: 3,
    weekdays: EVERY_DAY,
  })),
];

/** Which layouts a game type may draw on. */
const LAYOUTS_OF_TYPE: Readonly<Record<LotteryGameType, readonly SheetLayout[]>> = {
  VN: ['VN_SOUTH', 'VN_NORTH'],
  KH: ['KH'],
  TN: ['TN'],
};

const DRAW_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const CODE = /^[A-Z0-9]+(?:-[A-Z0-9]+)*$/;

function minutesOf(drawTime: string): number {
  const m = DRAW_TIME.exec(drawTime);
  assert(m, `draw time must be HH:MM: ${drawTime}`);
  return Number(m[1]) * 60 + Number(m[2]);
}

/**
 * `<code>-<YYYYMMDD>` for VN and KH (one draw a day per code), `<code>-<YYYYMMDD>-<HHMM>` for TN (many a day).
 * The fast TN schedule names its draws `TN-<id>` from the database id instead.
 */
export function lotteryDrawCode(entry: LotteryScheduleEntry, date: LocalDate): string {
  const day = date.replaceAll('-', '');
  return entry.type === 'TN'
    ? `${entry.code}-${day}-${entry.drawTime.replace(':', '')}`
    : `${entry.code}-${day}`;
}

/** A configured schedule is usable: codes, times, cut-offs and layouts valid, and no draw code twice a day. */
export function checkLotterySchedule(entries: readonly LotteryScheduleEntry[]): Result<null, string> {
  const codes = new Set<string>();
  for (const entry of entries) {
    const name = `${entry.code} ${entry.drawTime}`;
    if (!CODE.test(entry.code)) return err(`${name}: the code must be capitals, digits and dashes`);
    if (!LAYOUTS_OF_TYPE[entry.type].includes(entry.layout)) {
      return err(`${name}: type ${entry.type} cannot draw on layout ${entry.layout}`);
    }
    if (!DRAW_TIME.test(entry.drawTime)) return err(`${name}: the draw time must be HH:MM`);
    if (!Number.isInteger(entry.cutoffMinutes) || entry.cutoffMinutes < 0) {
      return err(`${name}: cut-off minutes must be a whole number ≥ 0`);
    }
    // A cut-off before the local midnight would belong to the previous day's listing; no market needs that.
    if (entry.cutoffMinutes > minutesOf(entry.drawTime))
      return err(`${name}: the cut-off falls on the day before`);
    if (entry.weekdays.length === 0 || entry.weekdays.some((d) => !LOTTERY_WEEKDAYS.includes(d))) {
      return err(`${name}: weekdays must be a non-empty list of ${LOTTERY_WEEKDAYS.join(', ')}`);
    }
    const code = lotteryDrawCode(entry, '2000-01-01' as LocalDate);
    if (codes.has(code)) return err(`${name}: two draws would share the code ${entry.code} on one day`);
    codes.add(code);
  }
  return ok(null);
}

/** The UTC instant of a local wall-clock time; a second pass settles days on which the offset changes. */
function localTimeMs(date: LocalDate, minutes: number, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(y, m - 1, d) + minutes * 60_000;
  const first = naive - timeZoneOffsetMs(naive, timeZone);
  return naive - timeZoneOffsetMs(first, timeZone);
}

export interface ScheduledDraw {
  readonly code: string;
  readonly type: LotteryGameType;
  readonly layout: SheetLayout;
  readonly drawAtMs: number;
  readonly cutoffAtMs: number;
}

/** The draws of a local day (Asia/Phnom_Penh unless told), in draw-time order. */
export function lotteryDrawsOfDay(
  date: LocalDate,
  schedule: readonly LotteryScheduleEntry[] = DEFAULT_LOTTERY_SCHEDULE,
  timeZone: string = LOTTERY_TIME_ZONE,
): ScheduledDraw[] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = LOTTERY_WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
  return schedule
    .filter((entry) => entry.weekdays.includes(weekday))
    .map((entry) => {
      const drawAtMs = localTimeMs(date, minutesOf(entry.drawTime), timeZone);
      return {
        code: lotteryDrawCode(entry, date),
        type: entry.type,
        layout: entry.layout,
        drawAtMs,
        cutoffAtMs: drawAtMs - entry.cutoffMinutes * 60_000,
      };
    })
    .sort((a, b) => a.drawAtMs - b.drawAtMs || a.code.localeCompare(b.code));
}

/** `LOTTERY_TN_EVERY_SECONDS` (decimals allowed) and `LOTTERY_TN_CUTOFF_SECONDS` (default 3). */
export interface FastTnSchedule {
  readonly everySeconds: number;
  readonly cutoffSeconds: number;
}

export const DEFAULT_FAST_TN_CUTOFF_SECONDS = 3;

/** The fast schedule in whole milliseconds, or why it cannot run (no betting window, or not a positive period). */
export function fastTnPeriod(
  schedule: FastTnSchedule,
): Result<{ everyMs: number; cutoffMs: number }, string> {
  const everyMs = Math.round(schedule.everySeconds * 1000);
  const cutoffMs = Math.round(schedule.cutoffSeconds * 1000);
  if (!Number.isSafeInteger(everyMs) || everyMs <= 0) return err('LOTTERY_TN_EVERY_SECONDS must be positive');
  if (!Number.isSafeInteger(cutoffMs) || cutoffMs < 0) return err('LOTTERY_TN_CUTOFF_SECONDS must be ≥ 0');
  if (cutoffMs >= everyMs) {
    return err('LOTTERY_TN_CUTOFF_SECONDS must be shorter than LOTTERY_TN_EVERY_SECONDS (no betting window)');
  }
  return ok({ everyMs, cutoffMs });
}

/**
 * The next `count` fast TN draws strictly after `afterMs`, around the clock. Draws fall on whole multiples of the
 * period since the Unix epoch, so every server process computes the same instants without sharing state.
 */
export function fastTnDrawsAfter(
  schedule: FastTnSchedule,
  afterMs: number,
  count: number,
): { drawAtMs: number; cutoffAtMs: number }[] {
  const period = fastTnPeriod(schedule);
  assert(period.ok, period.ok ? '' : period.error);
  const { everyMs, cutoffMs } = period.value;
  const first = Math.floor(afterMs / everyMs) + 1;
  return Array.from({ length: count }, (_, i) => {
    const drawAtMs = (first + i) * everyMs;
    return { drawAtMs, cutoffAtMs: drawAtMs - cutoffMs };
  });
}

/** `seconds_left` of `result/timeout`: whole seconds to the cut-off, never negative. */
export function secondsToCutoff(nowMs: number, cutoffAtMs: number): number {
  return Math.max(0, Math.floor((cutoffAtMs - nowMs) / 1000));
}

/** ISO-8601 with the zone's offset (`2025-06-01T16:15:00.000+07:00`), the form of every lottery time (§6). */
export function isoInTimeZone(atMs: number, timeZone: string = LOTTERY_TIME_ZONE): string {
  const offsetMs = timeZoneOffsetMs(atMs, timeZone);
  const local = new Date(atMs + offsetMs).toISOString().slice(0, -1);
  const sign = offsetMs < 0 ? '-' : '+';
  const minutes = Math.abs(offsetMs) / 60_000;
  return `${local}${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
