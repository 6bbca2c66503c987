import { describe, expect, it } from 'vitest';
import { AssertionError } from '../control/control';
import { chiSquareStatistic, chiSquareSurvival, logGamma, regularizedGammaQ } from './chi-square';

// Reference values from SciPy 1.17 (scipy.stats.chi2.sf).
const SCIPY: readonly [x: number, dof: number, p: number][] = [
  [3.841458820694124, 1, 0.04999999999999989],
  [58, 58, 0.4753017281425412],
  [87.1, 58, 0.00801130420566798],
  [40, 58, 0.9656664781059899],
  [200, 58, 1.685867576305346e-17],
  [300, 250, 0.016518273157868715],
  [0.5, 3, 0.9188914116546758],
  [12.3, 7, 0.0911148860003131],
  [1000, 1, 1.7958327848007363e-219],
];

describe('chi-square survival function', () => {
  it.each(SCIPY)('P(χ² ≥ %f | %i dof) matches SciPy', (x, dof, p) => {
    expect(Math.abs(chiSquareSurvival(x, dof) - p) / p).toBeLessThan(1e-9);
  });

  it('is e^(−x/2) for two degrees of freedom', () => {
    for (const x of [0.01, 1, 2.5, 10, 50]) expect(chiSquareSurvival(x, 2)).toBeCloseTo(Math.exp(-x / 2), 14);
  });

  it('is 1 at zero and falls as x grows', () => {
    expect(chiSquareSurvival(0, 58)).toBe(1);
    expect(chiSquareSurvival(1e-3, 58)).toBeCloseTo(1, 14);
    expect(chiSquareSurvival(50, 58)).toBeGreaterThan(chiSquareSurvival(60, 58));
  });

  it('uses an accurate ln Γ', () => {
    expect(logGamma(1)).toBeCloseTo(0, 14);
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 14);
    expect(logGamma(11)).toBeCloseTo(Math.log(3_628_800), 12);
    expect(regularizedGammaQ(1, 3)).toBeCloseTo(Math.exp(-3), 14);
  });

  it('computes Pearson statistics and refuses bad input', () => {
    expect(chiSquareStatistic([12, 8], [10, 10])).toBeCloseTo(0.8, 14);
    expect(() => chiSquareStatistic([1], [1])).toThrow(AssertionError);
    expect(() => chiSquareStatistic([1, 2], [0, 3])).toThrow(AssertionError);
    expect(() => chiSquareSurvival(1, 0)).toThrow(AssertionError);
  });
});
