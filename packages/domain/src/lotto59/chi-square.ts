import { assert } from '../control/control';

/*
 * Chi-square tests for the draw audit (scripts/lotto59-stats.ts and the operator's audit command). Written here
 * rather than taken from a package: the domain has no dependencies beyond hashing.
 *
 * Method: the chi-square survival function is the regularized upper incomplete gamma Q(k/2, x/2). Q is computed
 * as in Press, Teukolsky, Vetterling & Flannery, "Numerical Recipes", 3rd ed., §6.2 (gser/gcf): the series for
 * P(a, x) when x < a + 1, otherwise the continued fraction for Q(a, x) evaluated by the modified Lentz method
 * (§5.2). ln Γ is Lanczos' approximation with g = 7, n = 9 (Godfrey's coefficients), accurate to ~1e-15.
 */

const LANCZOS_G = 7;
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
] as const;

/** ln Γ(z) for z > 0. */
export function logGamma(z: number): number {
  assert(z > 0, `logGamma needs z > 0: ${z}`);
  // Reflection keeps the approximation where it is accurate (Re z ≥ 1/2).
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - logGamma(1 - z);
  const x = z - 1;
  let sum = LANCZOS[0];
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i]! / (x + i);
  const t = x + LANCZOS_G + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(sum);
}

const EPSILON = 1e-15;
const ITERATIONS_MAX = 10_000;
const TINY = 1e-300;

// ln of the common factor e^(−x) x^a / Γ(a) of both expansions.
const logPrefactor = (a: number, x: number) => a * Math.log(x) - x - logGamma(a);

/** P(a, x) by its series; converges quickly for x < a + 1. */
function lowerGammaSeries(a: number, x: number): number {
  let term = 1 / a;
  let sum = term;
  for (let n = 1; n < ITERATIONS_MAX; n++) {
    term *= x / (a + n);
    sum += term;
    if (Math.abs(term) < Math.abs(sum) * EPSILON) return sum * Math.exp(logPrefactor(a, x));
  }
  throw new Error('incomplete gamma series did not converge');
}

/** Q(a, x) by its continued fraction (modified Lentz); converges quickly for x ≥ a + 1. */
function upperGammaFraction(a: number, x: number): number {
  let b = x + 1 - a;
  let c = 1 / TINY;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < ITERATIONS_MAX; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < TINY) d = TINY;
    c = b + an / c;
    if (Math.abs(c) < TINY) c = TINY;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < EPSILON) return h * Math.exp(logPrefactor(a, x));
  }
  throw new Error('incomplete gamma fraction did not converge');
}

/** Regularized upper incomplete gamma Q(a, x) = Γ(a, x) / Γ(a). */
export function regularizedGammaQ(a: number, x: number): number {
  assert(a > 0 && x >= 0, `bad incomplete gamma arguments: a=${a}, x=${x}`);
  if (x === 0) return 1;
  return x < a + 1 ? 1 - lowerGammaSeries(a, x) : upperGammaFraction(a, x);
}

/** P(χ²ₖ ≥ x): the p-value of a chi-square statistic x with k degrees of freedom. */
export function chiSquareSurvival(x: number, degreesOfFreedom: number): number {
  assert(
    Number.isInteger(degreesOfFreedom) && degreesOfFreedom >= 1,
    `bad degrees of freedom: ${degreesOfFreedom}`,
  );
  return regularizedGammaQ(degreesOfFreedom / 2, x / 2);
}

/** Pearson's statistic Σ (observed − expected)² / expected over matching cells. */
export function chiSquareStatistic(observed: readonly number[], expected: readonly number[]): number {
  assert(observed.length === expected.length && observed.length > 1, 'cells must match');
  return observed.reduce((sum, o, i) => {
    const e = expected[i]!;
    assert(e > 0, 'expected counts must be positive');
    return sum + (o - e) ** 2 / e;
  }, 0);
}
