import { describe, expect, it } from 'vitest';
import { ANGKOR_FORTUNE, SLOT_SYMBOLS, type SlotMachine } from './machine';
import { fraction } from '../fraction';
import { enumerateSlot, slotRtp, slotStandardDeviation } from './par-sheet';
import { evaluateLine, evaluateSpin } from './spin';

describe('Angkor Fortune PAR sheet by full enumeration (providers.md §7.1)', () => {
  const sheet = enumerateSlot();

  it('enumerates all 32^5 stop combinations', () => {
    expect(sheet.combinations).toBe(33_554_432);
    expect(sheet.lineCount).toBe(20);
  });

  it('RTP is exactly 32,415,175 / 33,554,432 (96.6047 %)', () => {
    expect(slotRtp(sheet)).toEqual({ numerator: 32_415_175n, denominator: 33_554_432n });
  });

  it('lines return 92.2012 % and scatters 4.4035 %, adding up to the whole', () => {
    const totalBets = sheet.combinations * sheet.lineCount;
    expect(sheet.lineUnits + sheet.scatterUnits).toBe(sheet.winUnits);
    expect(((sheet.lineUnits / totalBets) * 100).toFixed(4)).toBe('92.2012');
    expect(((sheet.scatterUnits / totalBets) * 100).toFixed(4)).toBe('4.4035');
  });

  it('hit frequency 49.47 % (1 in 2.02), largest win 218.5 × total bet, SD 2.65 total bets', () => {
    expect(((sheet.hits / sheet.combinations) * 100).toFixed(2)).toBe('49.47');
    expect((sheet.combinations / sheet.hits).toFixed(2)).toBe('2.02');
    expect(sheet.maxWinUnits / sheet.lineCount).toBe(218.5);
    expect(slotStandardDeviation(sheet).toFixed(2)).toBe('2.65');
  });

  it('the line part agrees with a second method: each line sees independent uniform strip symbols', () => {
    // The symbol under a fixed row of a uniform stop is uniform over the strip, so one line's expectation is a
    // sum over symbol 5-tuples weighted by how often each symbol appears on each strip.
    const counts = ANGKOR_FORTUNE.strips.map((strip) =>
      SLOT_SYMBOLS.map((s) => strip.filter((x) => x === s).length),
    );
    let oneLine = 0;
    const tuple = [0, 0, 0, 0, 0];
    const visit = (reel: number, weight: number): void => {
      if (weight === 0) return;
      if (reel === 5) {
        oneLine += weight * (evaluateLine(tuple.map((i) => SLOT_SYMBOLS[i]!))?.multiple ?? 0);
        return;
      }
      for (let s = 0; s < SLOT_SYMBOLS.length; s++) {
        tuple[reel] = s;
        visit(reel + 1, weight * counts[reel]![s]!);
      }
    };
    visit(0, 1);
    expect(sheet.lineUnits).toBe(20 * oneLine);
  });

  it('the scatter part agrees with the binomial count: one S per strip, seen by 3 stops of 32', () => {
    const choose = (n: number, k: number): number => (k === 0 ? 1 : (choose(n - 1, k - 1) * n) / k);
    const pays: Record<number, number> = { 3: 5, 4: 25, 5: 200 };
    const ways = [3, 4, 5].reduce((sum, k) => sum + choose(5, k) * 3 ** k * 29 ** (5 - k) * pays[k]!, 0);
    expect(ways).toBe(1_477_575);
    expect(sheet.scatterUnits).toBe(20 * ways);
  });

  it('the fast enumeration equals spin-by-spin evaluateSpin on a small machine with wilds and scatters', () => {
    const small: SlotMachine = {
      ...ANGKOR_FORTUNE,
      strips: [
        ['S', 'H1', 'K', 'W', 'K'],
        ['W', 'K', 'H1', 'S'],
        ['K', 'W', 'S', 'H1', 'T'],
        ['W', 'S', 'K', 'K'],
        ['H1', 'W', 'S', 'K', 'T', 'W'],
      ],
    };
    let win = 0;
    let squares = 0;
    let lines = 0;
    let scatters = 0;
    let hits = 0;
    let max = 0;
    let combinations = 0;
    for (let a = 0; a < 5; a++)
      for (let b = 0; b < 4; b++)
        for (let c = 0; c < 5; c++)
          for (let d = 0; d < 4; d++)
            for (let e = 0; e < 6; e++) {
              const spin = evaluateSpin([a, b, c, d, e], 1, small);
              combinations += 1;
              win += spin.totalWin;
              squares += spin.totalWin ** 2;
              lines += spin.lineWins.reduce((sum, w) => sum + w.win, 0);
              scatters += spin.scatter.win;
              if (spin.totalWin > 0) hits += 1;
              max = Math.max(max, spin.totalWin);
            }
    expect(hits).toBeGreaterThan(0);
    expect(scatters).toBeGreaterThan(0);
    expect(enumerateSlot(small)).toEqual({
      combinations,
      lineCount: 20,
      lineUnits: lines,
      scatterUnits: scatters,
      winUnits: win,
      winUnitsSquared: squares,
      hits,
      maxWinUnits: max,
    });
  });

  it('reduces fractions', () => {
    expect(fraction(648_303_500n, 671_088_640n)).toEqual({
      numerator: 32_415_175n,
      denominator: 33_554_432n,
    });
  });
});
