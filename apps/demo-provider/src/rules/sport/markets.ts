import { assertRule } from '../result';
import { scoreMatrix } from './poisson';

/*
 * Demo League's markets and prices (providers.md §7.4). Lines are integers of quarter goals (−1.25 → −5), so a
 * quarter line's two halves are the neighbouring half and whole lines, and every outcome is integer arithmetic on
 * the score. Odds are integers of hundredths (2.02 → 202). Probabilities are floats; the odds they produce are
 * published in the fixture commitment, and settlement never touches a float again.
 */

export const LEG_OUTCOMES = ['WIN', 'HALF_WIN', 'PUSH', 'HALF_LOSS', 'LOSS', 'VOID'] as const;
export type LegOutcome = (typeof LEG_OUTCOMES)[number];

export const MARKETS = ['1X2', 'AH', 'OU'] as const;
export type Market = (typeof MARKETS)[number];

export type Selection =
  | { readonly market: '1X2'; readonly pick: 'HOME' | 'DRAW' | 'AWAY' }
  /** lineQuarters is the home side's handicap in quarter goals; the away side takes its opposite. */
  | { readonly market: 'AH'; readonly pick: 'HOME' | 'AWAY'; readonly lineQuarters: number }
  | { readonly market: 'OU'; readonly pick: 'OVER' | 'UNDER'; readonly lineQuarters: number };

export interface Score {
  readonly home: number;
  readonly away: number;
}

/** Home AH lines −3..+3 and O/U lines 1.5..4.5, step 0.25, in quarters. */
export const HANDICAP_LINES = Array.from({ length: 25 }, (_, i) => i - 12);
export const TOTAL_LINES = Array.from({ length: 13 }, (_, i) => i + 6);

/** Target return per unit staked: 95 % on 1X2, 96 % on the Asian lines (proportional overround). */
export interface Margins {
  readonly oneXTwo: number;
  readonly handicap: number;
  readonly total: number;
}
export const DEMO_LEAGUE_MARGINS: Margins = { oneXTwo: 0.95, handicap: 0.96, total: 0.96 };

/** The lowest odds ever offered, in hundredths. */
export const MIN_ODDS = 101;

const sign = (x: number) => (x > 0 ? 1 : x < 0 ? -1 : 0);

/**
 * The outcome of a bet whose margin over its line, in quarter goals, is m: a whole or half line (m even) wins,
 * pushes or loses on the sign of m; a quarter line (m odd) is two half stakes on m − 1 and m + 1.
 */
export function quarterLineOutcome(marginQuarters: number): Exclude<LegOutcome, 'VOID'> {
  assertRule(Number.isInteger(marginQuarters), 'margins are whole quarter goals');
  if (marginQuarters % 2 === 0) return (['LOSS', 'PUSH', 'WIN'] as const)[sign(marginQuarters) + 1]!;
  const halves = sign(marginQuarters - 1) + sign(marginQuarters + 1);
  // Two halves 0.5 apart can never split into a win and a loss, so the sum names the outcome.
  return (['LOSS', 'HALF_LOSS', 'PUSH', 'HALF_WIN', 'WIN'] as const)[halves + 2]!;
}

export function selectionOutcome(selection: Selection, score: Score): Exclude<LegOutcome, 'VOID'> {
  const diff = score.home - score.away;
  const total = score.home + score.away;
  switch (selection.market) {
    case '1X2': {
      const result = diff > 0 ? 'HOME' : diff < 0 ? 'AWAY' : 'DRAW';
      return result === selection.pick ? 'WIN' : 'LOSS';
    }
    case 'AH':
      return quarterLineOutcome(
        selection.pick === 'HOME' ? 4 * diff + selection.lineQuarters : -4 * diff - selection.lineQuarters,
      );
    case 'OU':
      return quarterLineOutcome(
        selection.pick === 'OVER' ? 4 * total - selection.lineQuarters : selection.lineQuarters - 4 * total,
      );
  }
}

/** A leg's outcome once its fixture is over: the score decides, and a voided fixture (null) voids the leg. */
export function legOutcome(selection: Selection, score: Score | null): LegOutcome {
  return score === null ? 'VOID' : selectionOutcome(selection, score);
}

/** Expected value of a selection per unit staked at odds o is a·o + b (providers.md §7.4). */
export interface SelectionPrice {
  /** P(win) + P(half win)/2 */
  readonly a: number;
  /** P(half win)/2 + P(push) + P(half loss)/2 */
  readonly b: number;
}

export function selectionPrice(selection: Selection, matrix: readonly (readonly number[])[]): SelectionPrice {
  const p = { WIN: 0, HALF_WIN: 0, PUSH: 0, HALF_LOSS: 0, LOSS: 0 };
  matrix.forEach((row, home) =>
    row.forEach((q, away) => (p[selectionOutcome(selection, { home, away })] += q)),
  );
  return { a: p.WIN + p.HALF_WIN / 2, b: p.HALF_WIN / 2 + p.PUSH + p.HALF_LOSS / 2 };
}

/** The odds at which the selection returns exactly the stake on average: a·o + b = 1. */
export function fairOdds({ a, b }: SelectionPrice): number {
  return a > 0 ? (1 - b) / a : Number.POSITIVE_INFINITY;
}

/**
 * Offered odds in hundredths: floor₂((r − b)/a), at least 1.01. The 1e-9 absorbs the float error of a quotient
 * that is mathematically a whole number of hundredths (it is far below any probability's own precision).
 */
export function offeredOdds({ a, b }: SelectionPrice, targetReturn: number): number {
  assertRule(a > 0, 'a selection that cannot win is not offered');
  return Math.max(MIN_ODDS, Math.floor(((targetReturn - b) / a) * 100 + 1e-9));
}

/** What a selection returns per unit staked at the offered odds: a·o + b. */
export function expectedReturn(price: SelectionPrice, oddsHundredths: number): number {
  return (price.a * oddsHundredths) / 100 + price.b;
}

/** The line whose first side's fair odds are closest to 2.00; a tie goes to the lower line. */
export function chooseMainLine(lines: readonly number[], fairOf: (line: number) => number): number {
  let best = lines[0]!;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const line of lines) {
    const distance = Math.abs(fairOf(line) - 2);
    // Lines ascend, so a strictly smaller distance is needed to move up: ties stay on the lower line. The 1e-12
    // makes two lines equally close in exact arithmetic count as a tie despite float noise.
    if (distance < bestDistance - 1e-12) {
      best = line;
      bestDistance = distance;
    }
  }
  return best;
}

export interface FixtureOdds {
  readonly oneXTwo: { readonly home: number; readonly draw: number; readonly away: number };
  readonly handicap: { readonly lineQuarters: number; readonly home: number; readonly away: number };
  readonly total: { readonly lineQuarters: number; readonly over: number; readonly under: number };
}

/** Prices a fixture from its λs (in millionths, as committed). */
export function priceFixture(
  lambdaHomeMillionths: number,
  lambdaAwayMillionths: number,
  margins: Margins = DEMO_LEAGUE_MARGINS,
): FixtureOdds {
  const matrix = scoreMatrix(lambdaHomeMillionths / 1e6, lambdaAwayMillionths / 1e6);
  const price = (selection: Selection) => selectionPrice(selection, matrix);
  const odds = (selection: Selection, r: number) => offeredOdds(price(selection), r);
  const ah = chooseMainLine(HANDICAP_LINES, (lineQuarters) =>
    fairOdds(price({ market: 'AH', pick: 'HOME', lineQuarters })),
  );
  const ou = chooseMainLine(TOTAL_LINES, (lineQuarters) =>
    fairOdds(price({ market: 'OU', pick: 'OVER', lineQuarters })),
  );
  return {
    oneXTwo: {
      home: odds({ market: '1X2', pick: 'HOME' }, margins.oneXTwo),
      draw: odds({ market: '1X2', pick: 'DRAW' }, margins.oneXTwo),
      away: odds({ market: '1X2', pick: 'AWAY' }, margins.oneXTwo),
    },
    handicap: {
      lineQuarters: ah,
      home: odds({ market: 'AH', pick: 'HOME', lineQuarters: ah }, margins.handicap),
      away: odds({ market: 'AH', pick: 'AWAY', lineQuarters: ah }, margins.handicap),
    },
    total: {
      lineQuarters: ou,
      over: odds({ market: 'OU', pick: 'OVER', lineQuarters: ou }, margins.total),
      under: odds({ market: 'OU', pick: 'UNDER', lineQuarters: ou }, margins.total),
    },
  };
}

/** The offered selections of a priced fixture with their odds, in a fixed order (1X2, AH, O/U). */
export function offeredSelections(odds: FixtureOdds): { selection: Selection; odds: number }[] {
  const ah = odds.handicap.lineQuarters;
  const ou = odds.total.lineQuarters;
  return [
    { selection: { market: '1X2', pick: 'HOME' }, odds: odds.oneXTwo.home },
    { selection: { market: '1X2', pick: 'DRAW' }, odds: odds.oneXTwo.draw },
    { selection: { market: '1X2', pick: 'AWAY' }, odds: odds.oneXTwo.away },
    { selection: { market: 'AH', pick: 'HOME', lineQuarters: ah }, odds: odds.handicap.home },
    { selection: { market: 'AH', pick: 'AWAY', lineQuarters: ah }, odds: odds.handicap.away },
    { selection: { market: 'OU', pick: 'OVER', lineQuarters: ou }, odds: odds.total.over },
    { selection: { market: 'OU', pick: 'UNDER', lineQuarters: ou }, odds: odds.total.under },
  ];
}

export function sameSelection(x: Selection, y: Selection): boolean {
  if (x.market !== y.market || x.pick !== y.pick) return false;
  return x.market === '1X2' || x.lineQuarters === (y as { lineQuarters: number }).lineQuarters;
}
