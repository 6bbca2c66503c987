/*
 * Prints every published figure of the demo games as the rules compute it (exact where providers.md gives an exact
 * fraction): the source of the tables in docs/game-rules-providers.md and of the operator's RTP listing.
 *
 *   npx tsx apps/demo-provider/scripts/figures.ts
 */
import {
  baccaratBetReturns,
  captureThreshold,
  enumerateBaccaratOdds,
  enumerateSlot,
  FISH_KINDS,
  type Fraction,
  fraction,
  CAPTURE_RANGE,
  leagueReturns,
  slotRtp,
  slotStandardDeviation,
} from '../src/rules/index';

const percent = ({ numerator, denominator }: Fraction, digits = 4) =>
  `${((Number(numerator) / Number(denominator)) * 100).toFixed(digits)} %`;
const exact = (f: Fraction) => `${f.numerator.toLocaleString('en')} / ${f.denominator.toLocaleString('en')}`;

const sheet = enumerateSlot();
const bets = BigInt(sheet.combinations * sheet.lineCount);
console.log(
  'Angkor Fortune (full enumeration of',
  sheet.combinations.toLocaleString('en'),
  'stop combinations)',
);
console.log('  RTP          ', exact(slotRtp(sheet)), '=', percent(slotRtp(sheet)));
console.log('  lines        ', percent(fraction(BigInt(sheet.lineUnits), bets)));
console.log('  scatter      ', percent(fraction(BigInt(sheet.scatterUnits), bets)));
console.log('  hit frequency', percent(fraction(BigInt(sheet.hits), BigInt(sheet.combinations)), 2));
console.log('  largest win  ', sheet.maxWinUnits / sheet.lineCount, '× total bet');
console.log('  SD per spin  ', slotStandardDeviation(sheet).toFixed(4), 'total bets');

const odds = enumerateBaccaratOdds();
console.log('Baccarat (ordered enumeration of', odds.deals.toLocaleString('en'), 'deals)');
for (const [name, count] of [
  ['Player', odds.player],
  ['Banker', odds.banker],
  ['Tie', odds.tie],
  ['a pair', odds.playerPair],
] as const)
  console.log(`  ${name.padEnd(7)}`, count.toLocaleString('en'), percent(fraction(count, odds.deals), 4));
for (const [kind, ret] of Object.entries(baccaratBetReturns(odds)))
  console.log(
    `  ${kind.padEnd(12)} return ${percent(ret)}, edge ${percent(fraction(ret.denominator - ret.numerator, ret.denominator))}`,
  );

console.log('Ocean Dragon (threshold p, return p/D × mean(m))');
for (const kind of FISH_KINDS) {
  const sum = kind.multipliers.reduce((s, m) => s + m, 0);
  const ret = fraction(BigInt(captureThreshold(kind) * sum), BigInt(CAPTURE_RANGE * kind.multipliers.length));
  console.log(
    `  ${kind.code.padEnd(7)} p ${String(captureThreshold(kind)).padStart(7)}  return ${exact(ret)}`,
  );
}

console.log('Demo League (expected return per selection over all ordered pairings)');
for (const [market, r] of Object.entries(leagueReturns()))
  console.log(
    `  ${market.padEnd(4)} ${(r.mean * 100).toFixed(2)} % (${(r.min * 100).toFixed(2)}–${(r.max * 100).toFixed(2)} %) over ${r.selections} selections`,
  );
