import { uniform, type WordSource } from '../fair/stream';
import { accept, assertRule, refuse, type RuleResult } from '../result';
import { ANGKOR_FORTUNE, type LineSymbol, type SlotMachine, type SlotSymbol } from './machine';

/** One reel's column, top to bottom. */
export type SlotWindow = readonly (readonly SlotSymbol[])[];

/** [reel, row] of a symbol in the window, both from 0. */
export type WindowPosition = readonly [reel: number, row: number];

export interface LineWin {
  /** The line's place in the machine's list, from 0 (players see lineIndex + 1). */
  readonly lineIndex: number;
  readonly symbol: LineSymbol;
  readonly count: 3 | 4 | 5;
  /** × line bet. */
  readonly multiple: number;
  readonly positions: readonly WindowPosition[];
  readonly win: number;
}

export interface ScatterResult {
  readonly count: number;
  /** × total bet (0 below three scatters). */
  readonly multiple: number;
  readonly positions: readonly WindowPosition[];
  readonly win: number;
}

export interface SpinOutcome {
  readonly stops: readonly number[];
  readonly window: SlotWindow;
  readonly lineBet: number;
  readonly totalBet: number;
  readonly lineWins: readonly LineWin[];
  readonly scatter: ScatterResult;
  /** Riel: line bet × Σ line multiples + total bet × scatter multiple. */
  readonly totalWin: number;
}

export function windowOf(stops: readonly number[], machine: SlotMachine = ANGKOR_FORTUNE): SlotWindow {
  assertRule(stops.length === machine.strips.length, `a spin has ${machine.strips.length} stops`);
  return machine.strips.map((strip, reel) => {
    const stop = stops[reel]!;
    assertRule(Number.isInteger(stop) && stop >= 0 && stop < strip.length, `stop out of range: ${stop}`);
    return Array.from({ length: machine.rows }, (_, row) => strip[(stop + row) % strip.length]!);
  });
}

/**
 * A line's pay, read left to right: the line symbol is the first non-wild (a scatter there pays nothing), the
 * count is the run of that symbol or wilds from reel 1, and five wilds pay as the machine's allWildPaysAs.
 */
export function evaluateLine(
  symbols: readonly SlotSymbol[],
  machine: SlotMachine = ANGKOR_FORTUNE,
): { symbol: LineSymbol; count: 3 | 4 | 5; multiple: number } | null {
  const first = symbols.find((s) => s !== 'W');
  if (first === 'S') return null;
  const symbol: LineSymbol = first ?? machine.allWildPaysAs;
  let count = 0;
  while (count < symbols.length && (symbols[count] === symbol || symbols[count] === 'W')) count += 1;
  if (count < 3) return null;
  const run = Math.min(count, 5) as 3 | 4 | 5;
  return { symbol, count: run, multiple: machine.linePays[symbol][run - 3]! };
}

export function evaluateSpin(
  stops: readonly number[],
  lineBet: number,
  machine: SlotMachine = ANGKOR_FORTUNE,
): SpinOutcome {
  assertRule(Number.isSafeInteger(lineBet) && lineBet > 0, `line bet must be whole riel: ${lineBet}`);
  const window = windowOf(stops, machine);
  const totalBet = lineBet * machine.lines.length;
  const lineWins: LineWin[] = [];
  machine.lines.forEach((rows, lineIndex) => {
    const paid = evaluateLine(
      rows.map((row, reel) => window[reel]![row]!),
      machine,
    );
    if (paid === null) return;
    const positions = rows.slice(0, paid.count).map((row, reel): WindowPosition => [reel, row]);
    lineWins.push({ lineIndex, ...paid, positions, win: paid.multiple * lineBet });
  });
  const scatterPositions = window.flatMap((column, reel) =>
    column.flatMap((symbol, row): WindowPosition[] => (symbol === 'S' ? [[reel, row]] : [])),
  );
  const scatterMultiple = machine.scatterPays[scatterPositions.length] ?? 0;
  const scatter: ScatterResult = {
    count: scatterPositions.length,
    multiple: scatterMultiple,
    positions: scatterPositions,
    win: scatterMultiple * totalBet,
  };
  const totalWin = lineWins.reduce((sum, w) => sum + w.win, 0) + scatter.win;
  return { stops: [...stops], window, lineBet, totalBet, lineWins, scatter, totalWin };
}

/** Stops for reels 1..5 in order, each uniform over its strip (§7.1: the outcome of the nonce's stream). */
export function spinFromStream(source: WordSource, machine: SlotMachine = ANGKOR_FORTUNE): number[] {
  return machine.strips.map((strip) => uniform(source, strip.length));
}

export const SLOT_REFUSALS = ['SLOT_BAD_LINE_BET', 'SLOT_BAD_TOTAL_BET'] as const;
export type SlotRefusal = (typeof SLOT_REFUSALS)[number];

/** The line bet must be one of the ladder's steps; anything else is refused before any charge. */
export function checkLineBet(
  lineBet: number,
  machine: SlotMachine = ANGKOR_FORTUNE,
): RuleResult<number, SlotRefusal> {
  return machine.lineBets.includes(lineBet)
    ? accept(lineBet)
    : refuse('SLOT_BAD_LINE_BET', `line bet must be one of ${machine.lineBets.join(', ')} riel`);
}

/** The line bet of a total bet (the wallet's `bet` carries the total): total = lines × a ladder step. */
export function lineBetOfTotal(
  totalBet: number,
  machine: SlotMachine = ANGKOR_FORTUNE,
): RuleResult<number, SlotRefusal> {
  const lineBet = totalBet / machine.lines.length;
  return machine.lineBets.includes(lineBet)
    ? accept(lineBet)
    : refuse(
        'SLOT_BAD_TOTAL_BET',
        `total bet must be one of ${machine.lineBets.map((b) => b * machine.lines.length).join(', ')} riel`,
      );
}
