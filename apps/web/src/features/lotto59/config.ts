import { DEFAULT_BET_LIMITS, DEFAULT_JACKPOT_RULES, DEFAULT_RATES_HUNDREDTHS } from '@lotto59/domain';

/**
 * What the board shows of the game's configuration. The server has no call that publishes its rates,
 * limits and jackpot stake, so the screens show the defaults of @lotto59/domain (the server's defaults too);
 * the server stays the judge: its refusals carry the real limits (seed §5 messages).
 */
export const BOARD_RATES = DEFAULT_RATES_HUNDREDTHS;
export const BOARD_LIMITS = DEFAULT_BET_LIMITS;
export const BOARD_JACKPOT = DEFAULT_JACKPOT_RULES;

/** Amount chips under the amount field (whole riel): a tap sets the amount. */
export const AMOUNT_CHIPS_RIEL = [500, 1_000, 5_000, 10_000, 50_000, 100_000] as const;

/** The countdown re-reads the server clock this often (four times a second keeps the seconds exact). */
export const COUNTDOWN_TICK_MS = 250;

/** `920` → `9.20`: rates are kept in hundredths (decisions §2). */
export function formatRate(rateHundredths: number): string {
  return `${Math.trunc(rateHundredths / 100)}.${String(rateHundredths % 100).padStart(2, '0')}`;
}
