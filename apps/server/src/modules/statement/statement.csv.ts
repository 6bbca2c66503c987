import type {
  StatementCsvLang,
  StatementKind,
  StatementProduct,
  StatementReferenceType,
  StatementRow,
} from '@lotto59/contract';
import { timeZoneOffsetMs } from '@lotto59/domain';

/*
 * The statement as a CSV file (`GET /api/statement.csv`): UTF-8 with a byte-order mark, so that spreadsheet
 * programs read the Khmer as Khmer; headers and names in the page's language (Khmer first); times in the
 * operator's time zone as `YYYY-MM-DD HH:mm:ss` and amounts as plain signed integers, which spreadsheets
 * read as dates and numbers. The same words as the web app's statement screen (apps/web/src/locales).
 */

export const CSV_BOM = '\uFEFF';

interface Labels {
  headers: readonly [string, string, string, string, string, string, string];
  products: Record<StatementProduct, string>;
  kinds: Record<StatementKind, string>;
  references: Record<StatementReferenceType, string>;
}

export const CSV_LABELS: Record<StatementCsvLang, Labels> = {
  km: {
    headers: ['លេខប្រតិបត្តិការ', 'ពេលវេលា', 'ផលិតផល', 'ប្រភេទ', 'ឯកសារយោង', 'ចំនួនទឹកប្រាក់', 'សមតុល្យក្រោយ'],
    products: {
      LOTTO59: 'ឡូតូ 59',
      LOTTERY: 'ឆ្នោត',
      CASINO: 'កាស៊ីណូ',
      SLOT: 'ស្លុត',
      FISHING: 'បាញ់ត្រី',
      SPORT: 'កីឡា',
      CASHIER: 'បេឡា',
      JACKPOT: 'ជេកផត',
    },
    kinds: {
      STAKE: 'ភ្នាល់',
      PAYOUT: 'ឈ្នះ',
      REFUND: 'សងប្រាក់វិញ',
      ROLLBACK: 'លុបចោល',
      DEPOSIT: 'ដាក់ប្រាក់',
      WITHDRAW: 'ដកប្រាក់',
      TRANSFER_IN: 'ផ្ទេរចូលហ្គេម',
      TRANSFER_OUT: 'ផ្ទេរចេញពីហ្គេម',
    },
    references: {
      LOTTO59_TICKET: 'សំបុត្រ',
      LOTTO59_ROUND: 'ជុំ',
      LOTTERY_TICKET: 'សំបុត្រ',
      LOTTERY_DRAW: 'ការចាប់ឆ្នោត',
      PROVIDER_ROUND: 'ជុំ',
      FISHING_TRANSFER: 'ការផ្ទេរ',
    },
  },
  en: {
    headers: ['Transaction', 'Time', 'Product', 'Kind', 'Reference', 'Amount', 'Balance after'],
    products: {
      LOTTO59: 'Lotto 59',
      LOTTERY: 'Lottery',
      CASINO: 'Casino',
      SLOT: 'Slots',
      FISHING: 'Fishing',
      SPORT: 'Sport',
      CASHIER: 'Cashier',
      JACKPOT: 'Jackpot',
    },
    kinds: {
      STAKE: 'Stake',
      PAYOUT: 'Payout',
      REFUND: 'Refund',
      ROLLBACK: 'Rollback',
      DEPOSIT: 'Deposit',
      WITHDRAW: 'Withdrawal',
      TRANSFER_IN: 'Into the game',
      TRANSFER_OUT: 'Out of the game',
    },
    references: {
      LOTTO59_TICKET: 'Ticket',
      LOTTO59_ROUND: 'Round',
      LOTTERY_TICKET: 'Ticket',
      LOTTERY_DRAW: 'Draw',
      PROVIDER_ROUND: 'Round',
      FISHING_TRANSFER: 'Transfer',
    },
  },
};

/**
 * One field: quoted when it holds a comma, quote or line break; a text field a spreadsheet would run as a
 * formula (a provider's round id starting with `=`, `+`, `-`, `@`) is made inert with a leading apostrophe.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

export function csvHeader(lang: StatementCsvLang): string {
  return `${CSV_BOM}${CSV_LABELS[lang].headers.map(csvField).join(',')}\r\n`;
}

export function localTimestamp(atIso: string, timeZone: string): string {
  const at = Date.parse(atIso);
  return new Date(at + timeZoneOffsetMs(at, timeZone)).toISOString().slice(0, 19).replace('T', ' ');
}

export function csvLine(row: StatementRow, lang: StatementCsvLang, timeZone: string): string {
  const l = CSV_LABELS[lang];
  const reference = row.reference ? `${l.references[row.reference.type]} ${row.reference.id}` : '';
  return `${[
    row.id,
    localTimestamp(row.at, timeZone),
    csvField(l.products[row.product]),
    csvField(l.kinds[row.kind]),
    csvField(reference),
    row.amount,
    row.balance_after,
  ].join(',')}\r\n`;
}
