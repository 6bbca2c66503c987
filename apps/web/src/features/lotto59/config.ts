import {
  DEFAULT_BET_LIMITS,
  DEFAULT_JACKPOT_RULES,
  DEFAULT_RATES_HUNDREDTHS,
  type JackpotRules,
  type RateTable,
} from '@lotto59/domain';

/** What the board and the rules page show of the game's configuration (`useLottoConfig`). */
export interface BoardConfig {
  rates: RateTable;
  limits: { minRiel: number; maxRiel: number };
  jackpot: JackpotRules;
}

/** The domain's defaults (the server's defaults too), shown until the server's configuration arrives. */
export const BOARD_DEFAULTS: BoardConfig = {
  rates: DEFAULT_RATES_HUNDREDTHS,
  limits: DEFAULT_BET_LIMITS,
  jackpot: DEFAULT_JACKPOT_RULES,
};

/** Amount chips under the amount field (whole riel): a tap sets the amount. */
export const AMOUNT_CHIPS_RIEL = [500, 1_000, 5_000, 10_000, 50_000, 100_000] as const;

/** The countdown re-reads the server clock this often (four times a second keeps the seconds exact). */
export const COUNTDOWN_TICK_MS = 250;

/** `920` → `9.20`: rates are kept in hundredths (decisions §2). */
export function formatRate(rateHundredths: number): string {
  return `${Math.trunc(rateHundredths / 100)}.${String(rateHundredths % 100).padStart(2, '0')}`;
}
