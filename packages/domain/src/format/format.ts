import type { Riel } from '../money/riel';

/** The riel sign, written after the number (`12,500 ៛`). */
export const RIEL_SIGN = '៛';
/** Ticket ids are shown padded to this many digits (seed §9). */
export const TICKET_ID_DIGITS = 7;
/** Operator's time zone for dates and day boundaries (decisions §2). */
export const DEFAULT_TIME_ZONE = 'Asia/Phnom_Penh';

/** `12500` → `12,500`. Integer-only: riel has no fractions. */
export function formatThousands(value: number): string {
  const sign = value < 0 ? '-' : '';
  return sign + String(Math.trunc(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `12500` → `12,500 ៛`. */
export function formatRiel(amount: Riel | number): string {
  return `${formatThousands(amount)} ${RIEL_SIGN}`;
}

/** The minus of a signed amount shown to a player (U+2212, as wide as the plus), not the hyphen. */
export const MINUS_SIGN = '\u2212';

/**
 * A win, loss or net: `+950 ៛`, `−1,000 ៛`, `0 ៛`. The sign says win or lose, so colour is never the only cue;
 * every screen writes a signed amount through this, so one minus sign is shown everywhere.
 */
export function formatSignedRiel(amount: Riel | number): string {
  const sign = amount > 0 ? '+' : amount < 0 ? MINUS_SIGN : '';
  return `${sign}${formatRiel(Math.abs(amount))}`;
}

const COMPACT_UNITS = [
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
] as const;

/** `1500` → `1.5K`, `2000000` → `2M`, `3000000000` → `3B`; one decimal at most, cut not rounded up. */
export function formatCompact(value: number): string {
  const abs = Math.abs(value);
  for (const { size, suffix } of COMPACT_UNITS) {
    if (abs >= size) {
      const tenths = Math.floor((abs * 10) / size) / 10;
      return `${value < 0 ? '-' : ''}${String(tenths)}${suffix}`;
    }
  }
  return String(value);
}

/** `1234` → `0001234`. */
export function formatTicketId(id: number): string {
  return String(id).padStart(TICKET_ID_DIGITS, '0');
}

const dateParts = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = dateParts.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
      hourCycle: 'h12',
    });
    dateParts.set(timeZone, f);
  }
  return f;
}

/** Seed §9 date format `DD-MM-YYYY hh:mm A`, in the operator's time zone. */
export function formatDateTime(at: Date | number | string, timeZone: string = DEFAULT_TIME_ZONE): string {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  const hour = parts.hour === '00' ? '12' : parts.hour;
  return `${parts.day}-${parts.month}-${parts.year} ${hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()}`;
}
