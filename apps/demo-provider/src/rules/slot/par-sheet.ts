import { type Fraction, fraction } from '../fraction';
import { assertRule } from '../result';
import { ANGKOR_FORTUNE, SLOT_SYMBOLS, type SlotMachine, type SlotSymbol } from './machine';
import { evaluateLine } from './spin';

/*
 * The PAR sheet by full enumeration: every stop combination (32^5 = 33,554,432 for Angkor Fortune) with every
 * line, in line-bet units. Lines are priced by evaluateLine itself (through a table over every symbol 5-tuple),
 * so this cannot drift from play; the speed comes from pricing reels 1–3 once and, for reels 4–5, visiting only
 * the lines whose first three symbols can still pay. Every sum is an integer below 2^53, so Number is exact.
 */

export interface SlotParSheet {
  readonly combinations: number;
  readonly lineCount: number;
  /** Σ over combinations of Σ line multiples (line-bet units). */
  readonly lineUnits: number;
  /** Σ over combinations of scatter multiple × line count (line-bet units). */
  readonly scatterUnits: number;
  /** Σ of the spin's whole win, and of its square (line-bet units). */
  readonly winUnits: number;
  readonly winUnitsSquared: number;
  /** Combinations that win anything. */
  readonly hits: number;
  readonly maxWinUnits: number;
}

const SYMBOL_COUNT = SLOT_SYMBOLS.length;
const SYMBOL_INDEX = new Map<SlotSymbol, number>(SLOT_SYMBOLS.map((s, i) => [s, i]));
const REELS = 5;
const PLACE = [1, SYMBOL_COUNT, SYMBOL_COUNT ** 2, SYMBOL_COUNT ** 3, SYMBOL_COUNT ** 4] as const;

/** The line multiple of every symbol 5-tuple, indexed by Σ symbolIndex(reel r) · 10^r. */
function linePayTable(machine: SlotMachine): Int32Array {
  const table = new Int32Array(SYMBOL_COUNT ** REELS);
  for (let key = 0; key < table.length; key++) {
    const symbols = PLACE.map((place) => SLOT_SYMBOLS[Math.floor(key / place) % SYMBOL_COUNT]!);
    table[key] = evaluateLine(symbols, machine)?.multiple ?? 0;
  }
  return table;
}

/** For each reels-1–3 key, whether some reels 4–5 make the line pay (else the line is dead there). */
function liveAfterThree(table: Int32Array): Uint8Array {
  const live = new Uint8Array(PLACE[3]);
  for (let key = 0; key < table.length; key++) if (table[key]! > 0) live[key % PLACE[3]] = 1;
  return live;
}

interface ReelView {
  /** symbolIndex of row k at stop s: [s * rows + k]. */
  readonly symbols: Int32Array;
  /** Scatters in the window at stop s. */
  readonly scatters: Int32Array;
  readonly length: number;
}

function reelView(strip: readonly SlotSymbol[], rows: number): ReelView {
  const symbols = new Int32Array(strip.length * rows);
  const scatters = new Int32Array(strip.length);
  for (let stop = 0; stop < strip.length; stop++) {
    for (let row = 0; row < rows; row++) {
      const symbol = strip[(stop + row) % strip.length]!;
      symbols[stop * rows + row] = SYMBOL_INDEX.get(symbol)!;
      if (symbol === 'S') scatters[stop]! += 1;
    }
  }
  return { symbols, scatters, length: strip.length };
}

export function enumerateSlot(machine: SlotMachine = ANGKOR_FORTUNE): SlotParSheet {
  assertRule(machine.strips.length === REELS, 'the enumeration is written for 5 reels');
  const table = linePayTable(machine);
  const live3 = liveAfterThree(table);
  const [r1, r2, r3, r4, r5] = machine.strips.map((s) => reelView(s, machine.rows)) as [
    ReelView,
    ReelView,
    ReelView,
    ReelView,
    ReelView,
  ];
  const { rows, lines } = machine;
  const lineCount = lines.length;
  const scatterUnitsByCount = Array.from(
    { length: REELS * rows + 1 },
    (_, n) => (machine.scatterPays[n] ?? 0) * lineCount,
  );
  let lineUnits = 0;
  let scatterUnits = 0;
  let winUnits = 0;
  let winUnitsSquared = 0;
  let hits = 0;
  let maxWinUnits = 0;
  const liveKeys = new Int32Array(lineCount);
  const liveRow4 = new Int32Array(lineCount);
  const liveRow5 = new Int32Array(lineCount);
  const keyAfterFour = new Int32Array(lineCount);
  for (let s1 = 0; s1 < r1.length; s1++) {
    for (let s2 = 0; s2 < r2.length; s2++) {
      for (let s3 = 0; s3 < r3.length; s3++) {
        let live = 0;
        for (let l = 0; l < lineCount; l++) {
          const row = lines[l]!;
          const key =
            r1.symbols[s1 * rows + row[0]!]! +
            PLACE[1] * r2.symbols[s2 * rows + row[1]!]! +
            PLACE[2] * r3.symbols[s3 * rows + row[2]!]!;
          if (live3[key] === 0) continue;
          liveKeys[live] = key;
          liveRow4[live] = row[3]!;
          liveRow5[live] = row[4]!;
          live += 1;
        }
        const scatters3 = r1.scatters[s1]! + r2.scatters[s2]! + r3.scatters[s3]!;
        for (let s4 = 0; s4 < r4.length; s4++) {
          for (let l = 0; l < live; l++)
            keyAfterFour[l] = liveKeys[l]! + PLACE[3] * r4.symbols[s4 * rows + liveRow4[l]!]!;
          const scatters4 = scatters3 + r4.scatters[s4]!;
          for (let s5 = 0; s5 < r5.length; s5++) {
            let lineWin = 0;
            for (let l = 0; l < live; l++)
              lineWin += table[keyAfterFour[l]! + PLACE[4] * r5.symbols[s5 * rows + liveRow5[l]!]!]!;
            const scatterWin = scatterUnitsByCount[scatters4 + r5.scatters[s5]!]!;
            const win = lineWin + scatterWin;
            lineUnits += lineWin;
            scatterUnits += scatterWin;
            if (win > 0) {
              winUnits += win;
              winUnitsSquared += win * win;
              hits += 1;
              if (win > maxWinUnits) maxWinUnits = win;
            }
          }
        }
      }
    }
  }
  assertRule(Number.isSafeInteger(winUnitsSquared), 'PAR sheet sums left the exact integer range');
  const combinations = r1.length * r2.length * r3.length * r4.length * r5.length;
  return { combinations, lineCount, lineUnits, scatterUnits, winUnits, winUnitsSquared, hits, maxWinUnits };
}

/** Return to player as an exact fraction of the total bet: Σ win / (combinations × lines). */
export function slotRtp(sheet: SlotParSheet): Fraction {
  return fraction(BigInt(sheet.winUnits), BigInt(sheet.combinations) * BigInt(sheet.lineCount));
}

/** Standard deviation of one spin's win, in total bets (a float: for display and simulation intervals only). */
export function slotStandardDeviation(sheet: SlotParSheet): number {
  const totalBetUnits = sheet.lineCount;
  const mean = sheet.winUnits / sheet.combinations / totalBetUnits;
  const meanOfSquares = sheet.winUnitsSquared / sheet.combinations / totalBetUnits ** 2;
  return Math.sqrt(meanOfSquares - mean * mean);
}
