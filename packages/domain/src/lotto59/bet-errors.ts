import { exhaustiveSwitchError } from '../control/control';

/*
 * Seed §5: the server's bet-placement messages and how the client maps them to user messages. The server sends
 * these exact texts (decisions §3 keeps the "enought" spelling: it is the wire message the client maps), so both
 * sides build and read them here.
 */

/** The server's wire messages (exact text). */
export const BET_MESSAGES = {
  minAmount: (n: number) => `The amount must be at least ${String(n)}.`,
  maxAmount: (n: number) => `The amount must not be greater than ${String(n)}.`,
  notEnoughMoney: 'Not enought money.',
  requestTimeout: 'Request timeout.',
  jackpotOverLimit: (x: number) => `Bet jackpot is over limit ${String(x)}`,
} as const;

export const BET_ERROR_KEYS = [
  'min_amount',
  'max_amount',
  'not_enough_money',
  'betting_time_over',
  'jackpot_limit',
  'bet_failed',
] as const;
export type BetErrorKey = (typeof BET_ERROR_KEYS)[number];

/** Seed §5 in table order: the first row that matches decides. */
const ROWS: readonly (
  | { key: BetErrorKey; match: 'contains'; phrase: string }
  | { key: BetErrorKey; match: 'exact'; message: string }
)[] = [
  { key: 'min_amount', match: 'contains', phrase: 'The amount must be at least ' },
  { key: 'max_amount', match: 'contains', phrase: 'The amount must not be greater than ' },
  { key: 'not_enough_money', match: 'exact', message: BET_MESSAGES.notEnoughMoney },
  { key: 'betting_time_over', match: 'exact', message: BET_MESSAGES.requestTimeout },
  { key: 'jackpot_limit', match: 'contains', phrase: 'Bet jackpot is over limit ' },
];

// Digits with optional thousands separators, in case a server formats the amount.
const LEADING_NUMBER = /^\d{1,3}(?:,\d{3})+(?!\d)|^\d+/;

/**
 * Seed §5 table: server message → which user message, with its number (min/max amount, jackpot limit) when
 * present. "contains" rows match anywhere in the message (a prefix such as "Error: " is allowed) and read the
 * number that follows the phrase; the money and timeout rows must match the whole message, as the seed writes
 * them without "contains"; anything else is "your bet failed".
 */
export function mapBetError(serverMessage: string): { key: BetErrorKey; value?: number } {
  for (const row of ROWS) {
    switch (row.match) {
      case 'exact':
        if (serverMessage === row.message) return { key: row.key };
        break;
      case 'contains': {
        const at = serverMessage.indexOf(row.phrase);
        if (at < 0) break;
        const digits = LEADING_NUMBER.exec(serverMessage.slice(at + row.phrase.length))?.[0];
        return digits === undefined
          ? { key: row.key }
          : { key: row.key, value: Number(digits.replaceAll(',', '')) };
      }
      default:
        return exhaustiveSwitchError(row);
    }
  }
  return { key: 'bet_failed' };
}
