import { describe, expect, it } from 'vitest';
import { fraction } from '../fraction';
import { cardOf, SHOE_SIZE } from './cards';
import { baccaratBetReturns, enumerateBaccaratOdds } from './odds';

/** A ratio of BigInts as a percentage with 4 decimals, rounded half up (no float on the way). */
function percent4(numerator: bigint, denominator: bigint): string {
  const scaled = (numerator * 10_000_000n) / denominator; // 5 decimals of a percent, truncated
  const rounded = (scaled + (scaled >= 0n ? 5n : -5n)) / 10n;
  const sign = rounded < 0n ? '-' : '';
  const abs = rounded < 0n ? -rounded : rounded;
  return `${sign}${abs / 10_000n}.${(abs % 10_000n).toString().padStart(4, '0')}`;
}

describe('baccarat exact odds by ordered enumeration (providers.md §7.2)', () => {
  const odds = enumerateBaccaratOdds();

  it('counts 416·415·414·413·412·411 ordered deals', () => {
    expect(odds.deals).toBe(4_998_398_275_503_360n);
    expect(odds.deals).toBe(416n * 415n * 414n * 413n * 412n * 411n);
  });

  it('Player 2,230,518,282,592,256, Banker 2,292,252,566,437,888, Tie 475,627,426,473,216', () => {
    expect(odds.player).toBe(2_230_518_282_592_256n);
    expect(odds.banker).toBe(2_292_252_566_437_888n);
    expect(odds.tie).toBe(475_627_426_473_216n);
  });

  it('house edges: PLAYER 1.2351 %, BANKER 1.0579 %, TIE 8:1 14.3596 % (9:1 would be 4.8440 %)', () => {
    const { deals, player, banker, tie } = odds;
    expect(percent4(banker - player, deals)).toBe('1.2351');
    // BANKER wins 0.95: edge = (P − 0.95 B) / N.
    expect(percent4(100n * player - 95n * banker, 100n * deals)).toBe('1.0579');
    expect(percent4(deals - 9n * tie, deals)).toBe('14.3596');
    expect(percent4(deals - 10n * tie, deals)).toBe('4.8440');
  });

  it('the returns per bet kind are the complements of those edges, as exact fractions', () => {
    const returns = baccaratBetReturns(odds);
    const edge = (kind: keyof typeof returns) =>
      percent4(returns[kind].denominator - returns[kind].numerator, returns[kind].denominator);
    expect([edge('PLAYER'), edge('BANKER'), edge('TIE'), edge('PLAYER_PAIR'), edge('BANKER_PAIR')]).toEqual([
      '1.2351',
      '1.0579',
      '14.3596',
      '10.3614',
      '10.3614',
    ]);
    expect(returns.PLAYER_PAIR).toEqual({ numerator: 372n, denominator: 415n });
  });

  it('a pair on either hand is exactly 31/415, edge 10.3614 % at 11:1', () => {
    expect(fraction(odds.playerPair, odds.deals)).toEqual({ numerator: 31n, denominator: 415n });
    expect(fraction(odds.bankerPair, odds.deals)).toEqual({ numerator: 31n, denominator: 415n });
    expect(percent4(415n - 12n * 31n, 415n)).toBe('10.3614');
  });

  it('the pair probability again, card by card: every ordered pair of distinct cards of the shoe', () => {
    let same = 0;
    for (let a = 0; a < SHOE_SIZE; a++)
      for (let b = 0; b < SHOE_SIZE; b++) if (a !== b && cardOf(a).rank === cardOf(b).rank) same += 1;
    expect(fraction(BigInt(same), BigInt(SHOE_SIZE * (SHOE_SIZE - 1)))).toEqual({
      numerator: 31n,
      denominator: 415n,
    });
  });
});
