import { assert, err, ok, type Result } from '../control/control';
import { hmacWordStream, rejectionBound } from '../fairness/word-stream';
import { isServerSeed } from '../lotto59/draw';
import type { SheetLayout } from './constants';
import { SHEET_LINES, type SheetLineGroup } from './layouts';

/*
 * The provably fair sheet of lottery.md §7, to the letter: players and auditors re-derive it with their own HMAC
 * tools from the revealed seed, so the key encoding, the message text, the word order, the rejection bound and
 * the line order (layouts.ts) are all part of the published algorithm `lottery-sheet-v1`. The seed and its hash
 * are lotto 59's (draw.ts: 64 lowercase hex characters, hash = hex SHA-256 of that ASCII text).
 */

/** One printed number: the row code, its 1-based place in the row, and the number zero-padded to its digits. */
export interface SheetLine {
  readonly code: string;
  readonly index: number;
  readonly digits: number;
  readonly number: string;
}

/** One word taken from the stream, for the verify screen and `cli lottery verify`. */
export interface SheetStep {
  readonly block: number;
  readonly wordIndex: number;
  readonly word: number;
  /** m = 10^digits and the bound m·floor(2^32/m); a word at or above the bound is discarded. */
  readonly modulus: number;
  readonly bound: number;
  readonly rejected: boolean;
  /** The line the accepted word became; null when rejected. */
  readonly line: SheetLine | null;
}

/** The HMAC message of block i: the `lottery:` prefix keeps these streams apart from lotto 59's `<round>:<i>`. */
export function sheetBlockMessage(drawId: number, block: number): string {
  return `lottery:${String(drawId)}:${String(block)}`;
}

function drawSheet(
  seed: string,
  drawId: number,
  layout: SheetLayout,
  onStep?: (step: SheetStep) => void,
): SheetLine[] {
  assert(isServerSeed(seed), 'server seed must be 64 lowercase hex characters');
  assert(Number.isSafeInteger(drawId) && drawId >= 0, `draw id must be a non-negative integer: ${drawId}`);
  const next = hmacWordStream(seed, (block) => sheetBlockMessage(drawId, block), 'sheet');
  const lines: SheetLine[] = [];
  for (const group of SHEET_LINES[layout] as readonly SheetLineGroup[]) {
    const modulus = 10 ** group.digits;
    // The largest multiple of m not above 2^32: words below it map onto 0..m−1 without bias.
    const bound = rejectionBound(modulus);
    for (let index = 1; index <= group.count;) {
      const { block, wordIndex, word } = next();
      const rejected = word >= bound;
      const line = rejected
        ? null
        : {
            code: group.code,
            index,
            digits: group.digits,
            number: String(word % modulus).padStart(group.digits, '0'),
          };
      onStep?.({ block, wordIndex, word, modulus, bound, rejected, line });
      if (line) {
        lines.push(line);
        index += 1;
      }
    }
  }
  return lines;
}

/** The sheet of draw `drawId` on `layout` from its seed, in the layout's printed order. */
export function lotterySheet(seed: string, drawId: number, layout: SheetLayout): SheetLine[] {
  return drawSheet(seed, drawId, layout);
}

/** The same sheet with every word taken, rejected words included. */
export function lotterySheetTrace(
  seed: string,
  drawId: number,
  layout: SheetLayout,
): { lines: SheetLine[]; steps: SheetStep[] } {
  const steps: SheetStep[] = [];
  const lines = drawSheet(seed, drawId, layout, (step) => steps.push(step));
  return { lines, steps };
}

/**
 * A sheet from outside the engine (a feed or the operator, §7): accepted only when every line of the layout is
 * present once, in any order, as exactly its digit count of digits. Answers the sheet in the layout's order.
 */
export function sheetFromNumbers(
  layout: SheetLayout,
  numbers: Readonly<Record<string, readonly string[]>>,
): Result<SheetLine[], { code: string; problem: 'MISSING' | 'WRONG_COUNT' | 'WRONG_DIGITS' | 'UNKNOWN' }> {
  const groups = SHEET_LINES[layout] as readonly SheetLineGroup[];
  for (const code of Object.keys(numbers)) {
    if (!groups.some((g) => g.code === code)) return err({ code, problem: 'UNKNOWN' });
  }
  const lines: SheetLine[] = [];
  for (const group of groups) {
    const row = numbers[group.code];
    if (row === undefined) return err({ code: group.code, problem: 'MISSING' });
    if (row.length !== group.count) return err({ code: group.code, problem: 'WRONG_COUNT' });
    const pattern = new RegExp(`^\\d{${String(group.digits)}}$`);
    for (const [i, number] of row.entries()) {
      if (!pattern.test(number)) return err({ code: group.code, problem: 'WRONG_DIGITS' });
      lines.push({ code: group.code, index: i + 1, digits: group.digits, number });
    }
  }
  return ok(lines);
}
