/*
 * Simulation of the demo games (providers.md §7; a script, not a unit test): ≥ 10^6 rounds per game through the
 * game rules, each round's outcome from the per-player fair stream of §6 with its own nonce, and each observed
 * return compared with the exact one and its 99 % interval.
 *
 *   npx tsx apps/demo-provider/scripts/simulate.ts [--rounds 1000000] [--game slot|baccarat|fishing|all]
 *                                                  [--seed <64 hex> | --seed random] [--fish F12,F20]
 *
 * The default seed is fixed so that the figures in docs/game-rules-providers.md re-run exactly. `--fish` fires
 * at those classes only (no pooled lines): a long run on one class bounds its bias far tighter than 10^6 shots.
 * Each line prints its z = (observed − exact) / (SD / √n). With L lines at 99 % each, about L/100 fall outside by
 * chance in a run; the summary also gives the Bonferroni bound |z| ≤ z(1 − 0.005 / L), which all L lines stay
 * inside with 99 % probability together, dependent lines or not.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  ANGKOR_FORTUNE,
  type BaccaratBetKind,
  betPayout,
  CAPTURE_RANGE,
  captureThreshold,
  dealCoup,
  enumerateBaccaratOdds,
  enumerateSlot,
  evaluateSpin,
  fairWordSource,
  FISH_KINDS,
  type FishKind,
  isServerSeed,
  resolveShot,
  slotRtp,
  slotStandardDeviation,
  spinFromStream,
  uniform,
  type WordSource,
} from '../src/rules/index';

const Z_99 = 2.5758293035489; // two-sided 99 % normal quantile
const DEFAULT_SEED = '9d3f2c1b0a4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5061728394a5b6c7d8e';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '1000000' },
    game: { type: 'string', default: 'all' },
    seed: { type: 'string', default: DEFAULT_SEED },
    fish: { type: 'string' },
  },
});
const onlyFish = values.fish?.split(',').map((code) => code.trim());
for (const code of onlyFish ?? [])
  if (!FISH_KINDS.some((kind) => kind.code === code)) throw new Error(`--fish: no fish ${code}`);
const rounds = Number(values.rounds);
const seed = values.seed === 'random' ? randomBytes(32).toString('hex') : values.seed;
if (!Number.isSafeInteger(rounds) || rounds < 1) throw new Error('--rounds must be a positive integer');
if (!isServerSeed(seed)) throw new Error('--seed must be 64 lowercase hex characters or "random"');

/**
 * The §6 stream on Node's OpenSSL HMAC: the same words as the rules' fairWordSource (checked below before any
 * use), an order of magnitude faster than pure-JS hashing over tens of millions of rounds.
 */
function fastFairWordSource(serverSeed: string, clientSeed: string, nonce: number): WordSource {
  let block = -1;
  let digest = Buffer.alloc(0);
  let offset = 32;
  return {
    nextWord() {
      if (offset === 32) {
        block += 1;
        digest = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${block}`).digest();
        offset = 0;
      }
      const word = digest.readUInt32BE(offset);
      offset += 4;
      return word;
    },
  };
}

function checkFastStream(): void {
  for (let nonce = 0; nonce < 500; nonce++) {
    const ours = fairWordSource(seed, 'sim', nonce);
    const fast = fastFairWordSource(seed, 'sim', nonce);
    for (let i = 0; i < 12; i++)
      if (ours.nextWord() !== fast.nextWord()) throw new Error(`fast stream differs at nonce ${nonce}`);
  }
}

interface Row {
  readonly name: string;
  readonly rounds: number;
  /** Observed return: Σ payout / Σ stake. */
  readonly observed: number;
  readonly expected: number;
  /** Standard deviation of one round's return per unit staked. */
  readonly sd: number;
}

const rows: Row[] = [];
const pct = (x: number) => `${(x * 100).toFixed(3)} %`;
const zOf = (row: Row) => (row.observed - row.expected) / (row.sd / Math.sqrt(row.rounds));

/** Standard normal upper tail Q(z) = erfc(z/√2)/2 (Numerical Recipes' erfc, relative error below 1.2e-7). */
function upperTail(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + x / 2);
  const poly =
    -x * x -
    1.26551223 +
    t *
      (1.00002368 +
        t *
          (0.37409196 +
            t *
              (0.09678418 +
                t *
                  (-0.18628806 +
                    t *
                      (0.27886807 +
                        t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const erfc = t * Math.exp(poly);
  return z >= 0 ? erfc / 2 : 1 - erfc / 2;
}

/** The z with Q(z) = tail, by bisection (tail in (0, 0.5)). */
function quantileOfTail(tail: number): number {
  let low = 0;
  let high = 40;
  for (let i = 0; i < 200; i++) {
    const mid = (low + high) / 2;
    if (upperTail(mid) > tail) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

function report(row: Row): void {
  const half = (Z_99 * row.sd) / Math.sqrt(row.rounds);
  const inside = Math.abs(row.observed - row.expected) <= half;
  rows.push(row);
  console.log(
    [
      row.name.padEnd(24),
      String(row.rounds).padStart(9),
      pct(row.observed).padStart(10),
      pct(row.expected).padStart(10),
      `[${pct(row.expected - half)}, ${pct(row.expected + half)}]`.padEnd(26),
      (inside ? 'inside' : 'OUTSIDE').padEnd(7),
      `z ${zOf(row) >= 0 ? '+' : '−'}${Math.abs(zOf(row)).toFixed(2)}`,
    ].join('  '),
  );
}

function simulateSlot(): void {
  const sheet = enumerateSlot();
  const rtp = slotRtp(sheet);
  const lineBet = ANGKOR_FORTUNE.lineBets[0]!;
  let stake = 0;
  let payout = 0;
  for (let nonce = 0; nonce < rounds; nonce++) {
    const spin = evaluateSpin(spinFromStream(fastFairWordSource(seed, 'slot', nonce)), lineBet);
    stake += spin.totalBet;
    payout += spin.totalWin;
  }
  report({
    name: 'slot Angkor Fortune',
    rounds,
    observed: payout / stake,
    expected: Number(rtp.numerator) / Number(rtp.denominator),
    sd: slotStandardDeviation(sheet),
  });
}

/** Mean and SD of a bet's return per unit from its exact distribution {multiple of the stake: probability}. */
function moments(distribution: readonly [number, number][]): { mean: number; sd: number } {
  const mean = distribution.reduce((s, [x, p]) => s + x * p, 0);
  const square = distribution.reduce((s, [x, p]) => s + x * x * p, 0);
  return { mean, sd: Math.sqrt(square - mean * mean) };
}

function simulateBaccarat(): void {
  const odds = enumerateBaccaratOdds();
  const [p, b, t] = [odds.player, odds.banker, odds.tie].map((x) => Number(x) / Number(odds.deals)) as [
    number,
    number,
    number,
  ];
  const pair = 31 / 415;
  const exact: Record<BaccaratBetKind, { mean: number; sd: number }> = {
    PLAYER: moments([
      [2, p],
      [1, t],
      [0, b],
    ]),
    BANKER: moments([
      [1.95, b],
      [1, t],
      [0, p],
    ]),
    TIE: moments([
      [9, t],
      [0, 1 - t],
    ]),
    PLAYER_PAIR: moments([
      [12, pair],
      [0, 1 - pair],
    ]),
    BANKER_PAIR: moments([
      [12, pair],
      [0, 1 - pair],
    ]),
  };
  // 1,000 riel on each kind every round: BANKER's floor(stake × 95 / 100) is exact at this stake.
  const stake = 1_000;
  const paid: Record<BaccaratBetKind, number> = {
    PLAYER: 0,
    BANKER: 0,
    TIE: 0,
    PLAYER_PAIR: 0,
    BANKER_PAIR: 0,
  };
  const kinds = Object.keys(paid) as BaccaratBetKind[];
  for (let nonce = 0; nonce < rounds; nonce++) {
    const coup = dealCoup(fastFairWordSource(seed, 'baccarat', nonce));
    for (const kind of kinds) paid[kind] += betPayout(kind, stake, coup);
  }
  for (const kind of kinds)
    report({
      name: `baccarat ${kind}`,
      rounds,
      observed: paid[kind] / (stake * rounds),
      expected: exact[kind].mean,
      sd: exact[kind].sd,
    });
}

/** Per shot, per unit of cost: mean p/D · mean(m) = 0.96, variance p/D · mean(m²) − 0.96². */
function fishMoments(kind: FishKind): { mean: number; square: number } {
  const capture = captureThreshold(kind) / CAPTURE_RANGE;
  const n = kind.multipliers.length;
  return {
    mean: (capture * kind.multipliers.reduce((s, m) => s + m, 0)) / n,
    square: (capture * kind.multipliers.reduce((s, m) => s + m * m, 0)) / n,
  };
}

function shootAt(kind: FishKind, clientSeed: string, nonce: number): number {
  const shot = resolveShot(fastFairWordSource(seed, clientSeed, nonce), kind.code, 1);
  if (!shot.ok) throw new Error(shot.message);
  return shot.value.payout / shot.value.cost;
}

function simulateFishing(): void {
  let pooled = 0;
  let pooledSquare = 0;
  let pooledPaid = 0;
  for (const kind of onlyFish ? FISH_KINDS.filter((k) => onlyFish.includes(k.code)) : FISH_KINDS) {
    const { mean, square } = fishMoments(kind);
    let paid = 0;
    for (let nonce = 0; nonce < rounds; nonce++) paid += shootAt(kind, `fish-${kind.code}`, nonce);
    report({
      name: `fishing ${kind.code}`,
      rounds,
      observed: paid / rounds,
      expected: mean,
      sd: Math.sqrt(square - mean * mean),
    });
    pooled += mean;
    pooledSquare += square - mean * mean;
    pooledPaid += paid;
  }
  // The named classes alone: no pooled lines over a part of the table.
  if (onlyFish) return;
  const classes = FISH_KINDS.length;
  // Equal shots per class: the pooled return's variance is the mean of the class variances.
  report({
    name: 'fishing all classes',
    rounds: rounds * classes,
    observed: pooledPaid / (rounds * classes),
    expected: pooled / classes,
    sd: Math.sqrt(pooledSquare / classes),
  });
  // A player who aims as the fish swim: the target drawn by spawn weight from a stream of its own.
  const weights = FISH_KINDS.map((k) => k.spawnWeight);
  const totalWeight = weights.reduce((s, w) => s + w, 0);
  let paid = 0;
  let mean = 0;
  let square = 0;
  for (const kind of FISH_KINDS) {
    const m = fishMoments(kind);
    mean += (kind.spawnWeight / totalWeight) * m.mean;
    square += (kind.spawnWeight / totalWeight) * m.square;
  }
  for (let nonce = 0; nonce < rounds; nonce++) {
    let pick = uniform(fastFairWordSource(seed, 'aim', nonce), totalWeight);
    let index = 0;
    while (pick >= weights[index]!) pick -= weights[index++]!;
    paid += shootAt(FISH_KINDS[index]!, 'fish-by-spawn', nonce);
  }
  report({
    name: 'fishing by spawn weight',
    rounds,
    observed: paid / rounds,
    expected: mean,
    sd: Math.sqrt(square - mean * mean),
  });
}

checkFastStream();
console.log(`seed ${seed}, ${rounds} rounds per line; interval = exact ± 2.5758 · SD / √n`);
console.log(
  [
    'game'.padEnd(24),
    'rounds'.padStart(9),
    'observed'.padStart(10),
    'exact'.padStart(10),
    '99 % interval',
  ].join('  '),
);
const started = Date.now();
if (values.game === 'slot' || values.game === 'all') simulateSlot();
if (values.game === 'baccarat' || values.game === 'all') simulateBaccarat();
if (values.game === 'fishing' || values.game === 'all') simulateFishing();
const outside = rows.filter((r) => Math.abs(r.observed - r.expected) > (Z_99 * r.sd) / Math.sqrt(r.rounds));
const bonferroni = quantileOfTail(0.005 / rows.length);
const beyond = rows.filter((r) => Math.abs(zOf(r)) > bonferroni);
const largest = rows.reduce((a, b) => (Math.abs(zOf(b)) > Math.abs(zOf(a)) ? b : a));
console.log(
  `${rows.length - outside.length} of ${rows.length} inside their 99 % interval (about ${(rows.length * 0.01).toFixed(2)} expected outside by chance); ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
console.log(
  `largest |z| ${Math.abs(zOf(largest)).toFixed(2)} (${largest.name}); Bonferroni bound for ${rows.length} lines at 99 % together: |z| ≤ ${bonferroni.toFixed(3)}, ${beyond.length === 0 ? 'all inside' : `OUTSIDE: ${beyond.map((r) => r.name).join(', ')}`}`,
);
process.exitCode = outside.length === 0 ? 0 : 1;
