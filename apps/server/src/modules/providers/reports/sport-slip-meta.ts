import {
  SPORT_LEG_RESULTS,
  SPORT_SLIP_STATUSES,
  SPORT_SLIP_TYPES,
  type SportLeg,
  type SportLegResult,
  type SportSlipStatus,
  type SportSlipType,
} from '@lotto59/contract';

// Reading a slip out of the seamless wallet's stored meta (providers.md §8, decision 0025): the bet carries
// `{slip_no, type, legs, odds}`, the win `{status, legs:[{result, score}]}` with its legs in the bet's order.
// The sportsbook is another party (a real studio could replace the demo one), so a field it sent in another
// shape gives an empty cell, never a failed report: the money columns come from the ledger-backed round.

export interface SlipView {
  slip_no: string;
  type: SportSlipType;
  legs: SportLeg[];
  odds: string;
  /** The win meta's status; undefined when there is no win or it names none this report knows. */
  status: Exclude<SportSlipStatus, 'PENDING'> | undefined;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseObject(text: string | null): Json {
  if (text === null) return {};
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : {};
  } catch {
    return {};
  }
}

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  typeof value === 'string' && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** Seed §9: ticket numbers are padded to 7 digits. */
export function slipNumber(value: unknown): string {
  const text = typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : value;
  return typeof text === 'string' && /^\d{1,16}$/.test(text) ? text.padStart(7, '0') : '0000000';
}

/**
 * Odds in hundredths from what the sportsbook sent. Decimal odds ("1.43" or 1.43) are the report's unit;
 * the demo league prices in hundredths internally (143). A single selection's decimal odds never reach
 * 101 (the league's longest price is far below), so a whole number ≥ 101 on a leg is hundredths; the slip's
 * combined odds are read in the unit its legs used (an 8-leg parlay can pass 101 in decimal).
 */
function legHundredths(value: unknown): { hundredths: number; inHundredths: boolean } | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 101) {
    return { hundredths: value, inHundredths: true };
  }
  const decimal = decimalHundredths(value);
  return decimal === undefined ? undefined : { hundredths: decimal, inHundredths: false };
}

function decimalHundredths(value: unknown): number | undefined {
  if (typeof value === 'string' && /^\d{1,9}(\.\d{1,2})?$/.test(value))
    return Math.round(Number(value) * 100);
  if (typeof value === 'number' && Number.isFinite(value) && value >= 1 && value < 1e9) {
    return Math.round(value * 100);
  }
  return undefined;
}

/** Hundredths as the report's two-decimal text: 143 → "1.43", 250 → "2.50". */
export const oddsText = (hundredths: number) =>
  `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

function fixtureName(value: unknown): string {
  if (isObject(value) && typeof value.home === 'string' && typeof value.away === 'string') {
    return `${value.home} v ${value.away}`;
  }
  return text(value);
}

function kickoff(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0)
    return new Date(value).toISOString();
  if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
  return null;
}

function lineText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value !== '') return value;
  return null;
}

function scoreText(value: unknown): string | null {
  if (typeof value === 'string' && /^\d{1,2}\s*[-:]\s*\d{1,2}$/.test(value))
    return value.replace(/\s*[-:]\s*/, '-');
  if (isObject(value) && Number.isSafeInteger(value.home) && Number.isSafeInteger(value.away)) {
    return `${String(value.home)}-${String(value.away)}`;
  }
  if (Array.isArray(value) && value.length === 2 && value.every((n) => Number.isSafeInteger(n))) {
    return `${String(value[0])}-${String(value[1])}`;
  }
  return null;
}

export function readSlip(betMetaText: string | null, winMetaText: string | null): SlipView {
  const bet = parseObject(betMetaText);
  const win = parseObject(winMetaText);
  const betLegs = Array.isArray(bet.legs) ? bet.legs.filter(isObject) : [];
  const winLegs = Array.isArray(win.legs) ? win.legs : [];
  const prices = betLegs.map((leg) => legHundredths(leg.odds));
  const legs = betLegs.map((leg, i): SportLeg => {
    const settled = winLegs[i];
    const result: SportLegResult | undefined = isObject(settled)
      ? oneOf(SPORT_LEG_RESULTS, settled.result)
      : undefined;
    const price = prices[i];
    return {
      fixture: fixtureName(leg.fixture),
      kickoff_at: kickoff(leg.kickoff_at),
      market: text(leg.market),
      selection: text(leg.selection),
      line: lineText(leg.line),
      odds: price === undefined ? '0.00' : oddsText(price.hundredths),
      result: result ?? null,
      score: isObject(settled) ? scoreText(settled.score) : null,
    };
  });
  const legsInHundredths = prices.length > 0 && prices.every((p) => p?.inHundredths === true);
  const combined =
    legsInHundredths && typeof bet.odds === 'number' && Number.isSafeInteger(bet.odds)
      ? bet.odds
      : decimalHundredths(bet.odds);
  const status = oneOf(SPORT_SLIP_STATUSES, win.status);
  return {
    slip_no: slipNumber(bet.slip_no),
    type: oneOf(SPORT_SLIP_TYPES, bet.type) ?? (legs.length > 1 ? 'PARLAY' : 'SINGLE'),
    legs,
    odds:
      combined === undefined
        ? prices.length === 1 && prices[0]
          ? oddsText(prices[0].hundredths)
          : '0.00'
        : oddsText(combined),
    status: status === 'PENDING' ? undefined : status,
  };
}

/**
 * A settled slip's status when the win's meta names none: from the money alone (nothing back: LOST; the
 * stake back: PUSH; more: WON; part: HALF_LOST). VOID and HALF_WON cannot be told apart this way.
 */
export function statusFromMoney(stake: number, payout: number): Exclude<SportSlipStatus, 'PENDING'> {
  if (payout === 0) return 'LOST';
  if (payout === stake) return 'PUSH';
  return payout > stake ? 'WON' : 'HALF_LOST';
}
