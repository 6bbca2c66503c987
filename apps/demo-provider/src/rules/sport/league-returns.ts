import { type Club, DEMO_LEAGUE_CLUBS, expectedGoalsMillionths } from './clubs';
import {
  DEMO_LEAGUE_MARGINS,
  expectedReturn,
  type Margins,
  type Market,
  offeredSelections,
  priceFixture,
  selectionPrice,
} from './markets';
import { scoreMatrix } from './poisson';

export interface MarketReturns {
  readonly selections: number;
  /** Expected return per unit staked at the offered odds, over every selection of every ordered pairing. */
  readonly mean: number;
  readonly min: number;
  readonly max: number;
}

/**
 * What the league's prices return, market by market, over all ordered pairings of the clubs (56 for 8): the
 * figure the operator publishes as the sportsbook's RTP (providers.md §7.4).
 */
export function leagueReturns(
  clubs: readonly Club[] = DEMO_LEAGUE_CLUBS,
  margins: Margins = DEMO_LEAGUE_MARGINS,
): Record<Market, MarketReturns> {
  const returns: Record<Market, number[]> = { '1X2': [], AH: [], OU: [] };
  for (const home of clubs)
    for (const away of clubs) {
      if (home === away) continue;
      const lambda = expectedGoalsMillionths(home, away);
      const matrix = scoreMatrix(lambda.home / 1e6, lambda.away / 1e6);
      for (const { selection, odds } of offeredSelections(priceFixture(lambda.home, lambda.away, margins)))
        returns[selection.market].push(expectedReturn(selectionPrice(selection, matrix), odds));
    }
  const summary = (values: number[]): MarketReturns => ({
    selections: values.length,
    mean: values.reduce((s, x) => s + x, 0) / values.length,
    min: Math.min(...values),
    max: Math.max(...values),
  });
  return { '1X2': summary(returns['1X2']), AH: summary(returns.AH), OU: summary(returns.OU) };
}
