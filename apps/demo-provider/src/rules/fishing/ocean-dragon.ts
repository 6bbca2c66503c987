import { uniform, type WordSource } from '../fair/stream';
import { accept, assertRule, refuse, type RuleResult } from '../result';

/*
 * Ocean Dragon (providers.md §7.3). A shot at fish k is captured iff uniform(D) < p_k with p_k = R / mean(m_k),
 * so a shot's expected return is p_k/D × mean(m_k) = R/D = 96 % of its cost whatever the target: aim and skill
 * cannot change the return, and there is no hidden per-player state to tune it.
 */

/** Cost of one shot in riel, by cannon level 1..6. */
export const CANNON_COSTS = [100, 200, 500, 1_000, 2_000, 5_000] as const;

/** The capture draw's range, and R = D × 96 %: every threshold below is R / mean(m) exactly. */
export const CAPTURE_RANGE = 1_200_000;
export const CAPTURE_RETURN = 1_152_000;

export interface FishKind {
  readonly code: string;
  /** The multipliers a capture pays (× shot cost), equally likely; one value for every fish but the dragon. */
  readonly multipliers: readonly number[];
  /** Relative frequency on screen (cosmetic: it decides what swims, never what a shot wins). */
  readonly spawnWeight: number;
}

const fish = (multiplier: number, spawnWeight: number): FishKind => ({
  code: `F${multiplier}`,
  multipliers: [multiplier],
  spawnWeight,
});

export const FISH_KINDS: readonly FishKind[] = [
  fish(2, 200),
  fish(3, 160),
  fish(4, 140),
  fish(5, 120),
  fish(6, 100),
  fish(8, 80),
  fish(10, 60),
  fish(12, 50),
  fish(15, 40),
  fish(20, 30),
  fish(25, 25),
  fish(30, 20),
  fish(40, 15),
  fish(50, 12),
  fish(80, 8),
  fish(100, 6),
  fish(150, 4),
  fish(200, 3),
  fish(300, 2),
  { code: 'DRAGON', multipliers: [100, 150, 200, 250, 300], spawnWeight: 1 },
];

export function fishKind(code: string): FishKind | undefined {
  return FISH_KINDS.find((kind) => kind.code === code);
}

/** p_k = R / mean(m_k) = R · n / Σ m; an integer for every fish of the table (asserted, not assumed). */
export function captureThreshold(kind: FishKind): number {
  const sum = kind.multipliers.reduce((s, m) => s + m, 0);
  const threshold = (CAPTURE_RETURN * kind.multipliers.length) / sum;
  assertRule(Number.isInteger(threshold), `capture threshold of ${kind.code} is not an integer`);
  return threshold;
}

export const FISHING_REFUSALS = ['FISHING_BAD_LEVEL', 'FISHING_UNKNOWN_FISH'] as const;
export type FishingRefusal = (typeof FISHING_REFUSALS)[number];

/** A cannon level 1..6 and its cost; anything else is refused before any charge. */
export function shotCost(level: number): RuleResult<number, FishingRefusal> {
  const cost = Number.isInteger(level) ? CANNON_COSTS[level - 1] : undefined;
  return cost === undefined
    ? refuse('FISHING_BAD_LEVEL', `cannon level must be 1..${CANNON_COSTS.length}`)
    : accept(cost);
}

export interface ShotOutcome {
  readonly fish: string;
  readonly level: number;
  readonly cost: number;
  readonly captured: boolean;
  /** × cost; 0 when the fish got away. */
  readonly multiplier: number;
  readonly payout: number;
}

/**
 * One charged shot at a fish that is alive and on screen (the caller checked). The shot's words decide: first
 * uniform(D) against the threshold, then, for a captured dragon, uniform(5) over its multipliers.
 */
export function resolveShot(
  source: WordSource,
  fishCode: string,
  level: number,
): RuleResult<ShotOutcome, FishingRefusal> {
  const kind = fishKind(fishCode);
  if (kind === undefined) return refuse('FISHING_UNKNOWN_FISH', `no fish ${fishCode}`);
  const cost = shotCost(level);
  if (!cost.ok) return cost;
  const captured = uniform(source, CAPTURE_RANGE) < captureThreshold(kind);
  const multiplier = !captured
    ? 0
    : kind.multipliers.length === 1
      ? kind.multipliers[0]!
      : kind.multipliers[uniform(source, kind.multipliers.length)]!;
  return accept({
    fish: kind.code,
    level,
    cost: cost.value,
    captured,
    multiplier,
    payout: multiplier * cost.value,
  });
}

/** Provider 5 sells bullets as magazines: one wallet `bet` of 50 shots at the cannon's level. */
export const MAGAZINE_SHOTS = 50;

export function magazinePrice(level: number): RuleResult<number, FishingRefusal> {
  const cost = shotCost(level);
  return cost.ok ? accept(cost.value * MAGAZINE_SHOTS) : cost;
}

/**
 * The magazine's `win` (§7.3): captured payouts plus the unfired bullets refunded at the level's cost, sent when
 * the magazine is empty or the player leaves.
 */
export function magazineSettlement(
  level: number,
  shotsFired: number,
  payout: number,
): { shots: number; payout: number; refund: number; win: number } {
  const cost = shotCost(level);
  assertRule(cost.ok, `cannon level must be 1..${CANNON_COSTS.length}`);
  assertRule(Number.isInteger(shotsFired) && shotsFired >= 0 && shotsFired <= MAGAZINE_SHOTS, 'shots 0..50');
  assertRule(Number.isSafeInteger(payout) && payout >= 0, 'payout must be whole riel');
  const refund = (MAGAZINE_SHOTS - shotsFired) * cost.value;
  return { shots: shotsFired, payout, refund, win: payout + refund };
}
