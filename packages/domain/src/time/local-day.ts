import { err, ok, type Result } from '../control/control';

/** A calendar date `YYYY-MM-DD` in the operator's time zone (report and history filters use these). */
export type LocalDate = string & { readonly __brand: 'local-date' };

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parseLocalDate(value: string): Result<LocalDate> {
  const m = LOCAL_DATE.exec(value);
  if (!m) return err('date must be YYYY-MM-DD');
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d) {
    return err('date does not exist');
  }
  return ok(value as LocalDate);
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** Offset of `timeZone` from UTC at the instant `atMs`, asked of Intl each time (a few µs a call). */
export function uncachedTimeZoneOffsetMs(atMs: number, timeZone: string): number {
  let f = offsetFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormatters.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(atMs)).map((x) => [x.type, Number(x.value)]));
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(atMs / 1000) * 1000;
}

/**
 * Offsets are remembered per quarter hour of UTC: a report asks the local day of dozens of instants per
 * request, most of them asked by other requests before. Since 1970 every zone's offset is a whole number
 * of quarter hours and changes on a quarter hour, so one quarter hour has one offset; a quarter hour whose
 * two ends disagree (local mean time, before standard offsets) is not remembered and always asks Intl.
 */
const OFFSET_SLOT_MS = 900_000;
const MAX_REMEMBERED_SLOTS = 100_000;
const offsetSlots = new Map<string, Map<number, number>>();

/** Offset of `timeZone` from UTC at the instant `atMs`, in milliseconds (positive east of Greenwich). */
export function timeZoneOffsetMs(atMs: number, timeZone: string): number {
  const slot = Math.floor(atMs / OFFSET_SLOT_MS);
  let slots = offsetSlots.get(timeZone);
  const known = slots?.get(slot);
  if (known !== undefined) return known;
  const offset = uncachedTimeZoneOffsetMs(atMs, timeZone);
  const start = slot * OFFSET_SLOT_MS;
  if (
    uncachedTimeZoneOffsetMs(start, timeZone) === offset &&
    uncachedTimeZoneOffsetMs(start + OFFSET_SLOT_MS - 1, timeZone) === offset
  ) {
    if (!slots || slots.size >= MAX_REMEMBERED_SLOTS) offsetSlots.set(timeZone, (slots = new Map()));
    slots.set(slot, offset);
  }
  return offset;
}

/** The UTC instant at which `date` begins in `timeZone`. */
export function localDayStartMs(date: LocalDate, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(y, m - 1, d);
  const first = naive - timeZoneOffsetMs(naive, timeZone);
  // A second pass settles days on which the offset changes (daylight saving zones).
  return naive - timeZoneOffsetMs(first, timeZone);
}

/** The local date of an instant in `timeZone`. */
export function localDateOf(atMs: number, timeZone: string): LocalDate {
  const shifted = new Date(atMs + timeZoneOffsetMs(atMs, timeZone));
  return shifted.toISOString().slice(0, 10) as LocalDate;
}

/** The UTC instant at which the day after `date` begins in `timeZone` (the end of `date`, excluded). */
export function localDayEndMs(date: LocalDate, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const dayAfter = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10) as LocalDate;
  return localDayStartMs(dayAfter, timeZone);
}

/** Half-open UTC range `[fromMs, toMs)` covering the local days `from` … `to`, both included. */
export function localDaysRangeMs(
  from: LocalDate,
  to: LocalDate,
  timeZone: string,
): { fromMs: number; toMs: number } {
  return { fromMs: localDayStartMs(from, timeZone), toMs: localDayEndMs(to, timeZone) };
}
