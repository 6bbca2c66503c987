#!/usr/bin/env -S npx tsx
/*
 * Lotto 59 draw audit by simulation: `npx tsx scripts/lotto59-stats.ts [--draws N]` (default 1,000,000).
 *
 * Draws N rounds, each with a fresh random server seed, and checks the results against the exact figures of
 * packages/domain: uniformity of the numbers and of each post, the distribution of the total, and the return of
 * every bet type. Each line says PASS (p > 0.01, or inside the 99 % interval) or FAIL. With 16 lines at the 1 %
 * level, about one run in seven shows one FAIL by chance; a real fault fails the same line run after run.
 * Exit code 1 when any line fails or the fast draw disagrees with drawNumbers.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  BALL_MAX,
  DEFAULT_JACKPOT_RULES,
  DEFAULT_RATES_HUNDREDTHS,
  DRAW_SIZE,
  POST_COUNT,
  POSTS,
  RANGE_BET_TYPES,
  RANGE_TOTALS,
  TOTAL_MIN,
  chiSquareStatistic,
  chiSquareSurvival,
  drawNumbers,
  jackpotOdds,
  rtpTable,
  totalDistribution,
} from '@lotto59/domain';

const DRAWS_DEFAULT = 1_000_000;
const DRAWS_MAX = 100_000_000;
const VERIFY_DRAWS = 1000;
const P_MIN = 0.01;
// Two-sided 99 % normal quantile.
const Z_99 = 2.5758293035489;
const EXPECTED_PER_BIN_MIN = 5;
const SEEDS_PER_BATCH = 4096;

function drawsFromArgs(args: readonly string[]): number {
  const at = args.findIndex((a) => a === '--draws' || a.startsWith('--draws='));
  if (at < 0) return DRAWS_DEFAULT;
  const raw = args[at]!.includes('=') ? args[at]!.split('=')[1] : args[at + 1];
  const draws = Number(raw);
  if (!Number.isSafeInteger(draws) || draws < VERIFY_DRAWS || draws > DRAWS_MAX) {
    throw new Error(`--draws must be an integer from ${VERIFY_DRAWS} to ${DRAWS_MAX}, got ${String(raw)}`);
  }
  return draws;
}

/*
 * The draw of decisions §3 on node:crypto (OpenSSL), which runs ~10× faster than @noble/hashes in pure JS.
 * Same algorithm, written against the spec; it is checked against drawNumbers on the first draws of every run.
 */
function fastDraw(seed: string, roundId: number, out: Int32Array, pool: Int32Array): void {
  for (let i = 0; i < BALL_MAX; i++) pool[i] = i + 1;
  let size = BALL_MAX;
  let block = 0;
  let digest = Buffer.alloc(0);
  let offset = 32;
  for (let pick = 0; pick < DRAW_SIZE;) {
    if (offset === 32) {
      digest = createHmac('sha256', seed)
        .update(`${String(roundId)}:${String(block++)}`)
        .digest();
      offset = 0;
    }
    const word = digest.readUInt32BE(offset);
    offset += 4;
    if (word >= size * Math.floor(2 ** 32 / size)) continue;
    const index = word % size;
    out[pick++] = pool[index]!;
    pool.copyWithin(index, index + 1, size);
    size--;
  }
}

interface Tally {
  numberCounts: Float64Array;
  postCounts: Float64Array[];
  totalCounts: Float64Array;
  numberBetWins: number;
  jackpotFixedPaid: number;
}

/** A seed per round, as the server does, read from batches of random bytes to keep the loop fast. */
function* seeds(): Generator<string> {
  for (;;) {
    const bytes = randomBytes(32 * SEEDS_PER_BATCH).toString('hex');
    for (let i = 0; i < SEEDS_PER_BATCH; i++) yield bytes.slice(i * 64, i * 64 + 64);
  }
}

function simulate(draws: number): { tally: Tally; mismatches: number } {
  const tally: Tally = {
    numberCounts: new Float64Array(BALL_MAX + 1),
    postCounts: POSTS.map(() => new Float64Array(BALL_MAX + 1)),
    totalCounts: new Float64Array(totalDistribution().counts.length),
    numberBetWins: 0,
    jackpotFixedPaid: 0,
  };
  const out = new Int32Array(DRAW_SIZE);
  const pool = new Int32Array(BALL_MAX);
  const drawn = new Uint8Array(BALL_MAX + 1);
  const seedStream = seeds();
  let mismatches = 0;
  for (let roundId = 1; roundId <= draws; roundId++) {
    const seed = seedStream.next().value as string;
    fastDraw(seed, roundId, out, pool);
    if (roundId <= VERIFY_DRAWS && drawNumbers(seed, roundId).join() !== out.join()) mismatches++;
    let total = 0;
    for (let i = 0; i < DRAW_SIZE; i++) {
      const n = out[i]!;
      total += n;
      tally.numberCounts[n]!++;
      drawn[n] = 1;
      if (i < POST_COUNT) tally.postCounts[i]![n]!++;
    }
    tally.totalCounts[total - TOTAL_MIN]!++;
    // One NUMBER bet per round, its post and number varying with the round.
    if (out[roundId % POST_COUNT] === ((roundId * 7) % BALL_MAX) + 1) tally.numberBetWins++;
    // One jackpot line per round: {r·5 + 11k mod 59, k < 5} + 1, five distinct numbers.
    let matches = 0;
    for (let k = 0; k < 5; k++) matches += drawn[((roundId * 5 + 11 * k) % BALL_MAX) + 1]!;
    if (matches === 3) tally.jackpotFixedPaid += DEFAULT_JACKPOT_RULES.tier3Multiplier;
    if (matches === 4) tally.jackpotFixedPaid += DEFAULT_JACKPOT_RULES.tier2Multiplier;
    for (let i = 0; i < DRAW_SIZE; i++) drawn[out[i]!] = 0;
  }
  return { tally, mismatches };
}

const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
const lines: boolean[] = [];
function report(label: string, detail: string, pass: boolean): void {
  lines.push(pass);
  console.log(`${label.padEnd(37)}${detail.padEnd(66)}${verdict(pass)}`);
}

function uniformityLines(tally: Tally, draws: number): void {
  // Within a draw the 10 numbers are distinct, so the 59 counts vary less than multinomial counts: Pearson's
  // statistic is (N − n)/(N − 1) · χ²₅₈ = 49/58 · χ²₅₈ (sampling without replacement). Rescale before testing.
  const perNumber = new Array<number>(BALL_MAX).fill((draws * DRAW_SIZE) / BALL_MAX);
  const raw = chiSquareStatistic([...tally.numberCounts.slice(1)], perNumber);
  const scaled = (raw * (BALL_MAX - 1)) / (BALL_MAX - DRAW_SIZE);
  const p = chiSquareSurvival(scaled, BALL_MAX - 1);
  report(
    'numbers 1-59, all 10 positions',
    `chi2 ${scaled.toFixed(2)} (58 dof, scaled 58/49)  p = ${p.toFixed(4)}`,
    p > P_MIN,
  );
  const perPost = new Array<number>(BALL_MAX).fill(draws / BALL_MAX);
  POSTS.forEach((post, i) => {
    const x = chiSquareStatistic([...tally.postCounts[i]!.slice(1)], perPost);
    const pPost = chiSquareSurvival(x, BALL_MAX - 1);
    report(
      `post ${post} (position ${String(i + 1)})`,
      `chi2 ${x.toFixed(2)} (58 dof)  p = ${pPost.toFixed(4)}`,
      pPost > P_MIN,
    );
  });
}

/** Adjacent totals merged until each bin expects at least 5, the usual condition for the chi-square test. */
function totalLine(tally: Tally, draws: number): void {
  const { counts, outcomes } = totalDistribution();
  const expected = counts.map((c) => (Number(c) / Number(outcomes)) * draws);
  const bins: { observed: number; expected: number }[] = [];
  let open = { observed: 0, expected: 0 };
  expected.forEach((e, i) => {
    open.observed += tally.totalCounts[i]!;
    open.expected += e;
    if (open.expected >= EXPECTED_PER_BIN_MIN) {
      bins.push(open);
      open = { observed: 0, expected: 0 };
    }
  });
  const last = bins.at(-1)!;
  last.observed += open.observed;
  last.expected += open.expected;
  const x = chiSquareStatistic(
    bins.map((b) => b.observed),
    bins.map((b) => b.expected),
  );
  const dof = bins.length - 1;
  const p = chiSquareSurvival(x, dof);
  report(
    'total vs exact distribution',
    `chi2 ${x.toFixed(2)} (${String(dof)} dof, ${String(bins.length)} bins)  p = ${p.toFixed(4)}`,
    p > P_MIN,
  );
}

function returnLine(label: string, wins: number[], payoffs: number[], paid: number, draws: number): void {
  // wins[k] is the probability of payoff[k] (per riel staked); the mean of N bets is normal to within far
  // less than the interval's width at these sizes.
  const mean = wins.reduce((s, p, k) => s + p * payoffs[k]!, 0);
  const variance = wins.reduce((s, p, k) => s + p * payoffs[k]! ** 2, 0) - mean ** 2;
  const half = Z_99 * Math.sqrt(variance / draws);
  const simulated = paid / draws;
  const pct = (v: number) => `${(v * 100).toFixed(3)} %`;
  report(
    label,
    `simulated ${pct(simulated)}  exact ${pct(mean)}  99 % [${pct(mean - half)}, ${pct(mean + half)}]`,
    Math.abs(simulated - mean) <= half,
  );
}

function returnLines(tally: Tally, draws: number): void {
  const table = rtpTable(DEFAULT_RATES_HUNDREDTHS);
  for (const type of RANGE_BET_TYPES) {
    const row = table.find((r) => r.type === type)!;
    const { min, max } = RANGE_TOTALS[type];
    const wins = tally.totalCounts.slice(min - TOTAL_MIN, max - TOTAL_MIN + 1).reduce((a, b) => a + b, 0);
    const rate = row.rateHundredths / 100;
    returnLine(`${type} at ${rate.toFixed(2)}`, [row.probability], [rate], wins * rate, draws);
  }
  const number = table.find((r) => r.type === 'NUMBER')!;
  const rate = number.rateHundredths / 100;
  returnLine(`NUMBER at ${rate.toFixed(2)}`, [number.probability], [rate], tally.numberBetWins * rate, draws);
  const odds = jackpotOdds();
  returnLine(
    'JACKPOT fixed tiers (3: 5x, 4: 150x)',
    [odds[0]!.probability, odds[1]!.probability],
    [DEFAULT_JACKPOT_RULES.tier3Multiplier, DEFAULT_JACKPOT_RULES.tier2Multiplier],
    tally.jackpotFixedPaid,
    draws,
  );
}

function main(): void {
  const draws = drawsFromArgs(process.argv.slice(2));
  const startMs = performance.now();
  const { tally, mismatches } = simulate(draws);
  const drawMs = performance.now() - startMs;
  console.log(
    `lotto 59 draw audit: ${draws.toLocaleString('en')} rounds, a fresh node:crypto seed per round`,
  );
  console.log(
    `fast draw vs drawNumbers on the first ${String(VERIFY_DRAWS)} rounds: ${mismatches === 0 ? 'identical' : `${String(mismatches)} MISMATCHES`}`,
  );
  console.log('');
  uniformityLines(tally, draws);
  totalLine(tally, draws);
  returnLines(tally, draws);
  const failed = lines.filter((pass) => !pass).length;
  console.log('');
  console.log(
    `${String(lines.length - failed)} of ${String(lines.length)} lines PASS; drawing took ${(drawMs / 1000).toFixed(1)} s, all ${((performance.now() - startMs) / 1000).toFixed(1)} s`,
  );
  if (failed > 0 || mismatches > 0) process.exitCode = 1;
}

main();
