/**
 * The seed's `DD-MM-YYYY`, as people type it and as the API wants it (`YYYY-MM-DD`). Typed dates may use `-`,
 * `/`, `.` or spaces between the parts, one-digit days and months, eight digits without separators, and Khmer
 * digits (០–៩) from a Khmer keyboard.
 */
const KHMER_ZERO = 0x17e0;

function westernDigits(text: string): string {
  return text.replace(/[\u17E0-\u17E9]/g, (digit) => String(digit.charCodeAt(0) - KHMER_ZERO));
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** `YYYY-MM-DD` of a typed `DD-MM-YYYY`; null when it is not a real calendar day. Empty stays empty. */
export function parseDayMonthYear(typed: string): string | null {
  const text = westernDigits(typed).trim();
  if (text === '') return '';
  const parts =
    /^(\d{1,2})[-/.\s]+(\d{1,2})[-/.\s]+(\d{4})$/.exec(text) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(text);
  if (!parts) return null;
  const [day, month, year] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= 1900 ? `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}` : null;
}

/** `DD-MM-YYYY` of the API's `YYYY-MM-DD` (anything else is shown as it is). */
export function formatDayMonthYear(iso: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return parts ? `${parts[3]}-${parts[2]}-${parts[1]}` : iso;
}
