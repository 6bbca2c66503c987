import { assert } from '../control/control';
import {
  BET_TYPE_DIGITS,
  LOTTERY_BET_TYPES,
  LOTTERY_POST_LETTERS,
  ROLL,
  type LotteryBetType,
  type LotteryPost,
  type LotteryPostLetter,
  type SheetLayout,
} from './constants';

/*
 * The printed result sheets (lottery.md §2) and what each post checks on them (§3). The order of the lines is
 * the draw order: the engine (sheet.ts) draws them in exactly this order, so reordering breaks every published
 * sheet.
 */

/** One printed prize row: `count` numbers of `digits` digits each. */
export interface SheetLineGroup {
  readonly code: string;
  readonly count: number;
  readonly digits: number;
}

export const SHEET_LINES = {
  VN_SOUTH: [
    { code: 'G8', count: 1, digits: 2 },
    { code: 'G7', count: 1, digits: 3 },
    { code: 'G6', count: 3, digits: 4 },
    { code: 'G5', count: 1, digits: 4 },
    { code: 'G4', count: 7, digits: 5 },
    { code: 'G3', count: 2, digits: 5 },
    { code: 'G2', count: 1, digits: 5 },
    { code: 'G1', count: 1, digits: 5 },
    { code: 'DB', count: 1, digits: 6 },
  ],
  VN_NORTH: [
    { code: 'DB', count: 1, digits: 5 },
    { code: 'G1', count: 1, digits: 5 },
    { code: 'G2', count: 2, digits: 5 },
    { code: 'G3', count: 6, digits: 5 },
    { code: 'G4', count: 4, digits: 4 },
    { code: 'G5', count: 6, digits: 4 },
    { code: 'G6', count: 3, digits: 3 },
    { code: 'G7', count: 4, digits: 2 },
  ],
  KH: [
    { code: 'A2', count: 1, digits: 2 },
    { code: 'A3', count: 1, digits: 3 },
    { code: 'L2', count: 3, digits: 4 },
    { code: 'L3', count: 1, digits: 4 },
    { code: 'L4', count: 7, digits: 5 },
    { code: 'L5', count: 2, digits: 5 },
    { code: 'L6', count: 1, digits: 5 },
    { code: 'L7', count: 1, digits: 5 },
    { code: 'B2', count: 1, digits: 2 },
    { code: 'B3', count: 1, digits: 3 },
    { code: 'C2', count: 1, digits: 2 },
    { code: 'C3', count: 1, digits: 3 },
    { code: 'D2', count: 1, digits: 2 },
    { code: 'D3', count: 1, digits: 3 },
  ],
  TN: [
    { code: 'A', count: 1, digits: 3 },
    { code: 'B', count: 1, digits: 3 },
    { code: 'C', count: 1, digits: 3 },
    { code: 'D', count: 1, digits: 3 },
    { code: 'E', count: 1, digits: 3 },
  ],
} as const satisfies Record<SheetLayout, readonly SheetLineGroup[]>;

/**
 * §3: the line codes each post letter checks, per layout and bet type. A letter absent here is refused for the
 * layout (`INVALID_POST`): VN has no C, D or E, KH no E.
 */
export const POST_LINES = {
  VN_SOUTH: { '2D': { A: ['G8'], B: ['DB'] }, '3D': { A: ['G7'], B: ['DB'] } },
  VN_NORTH: { '2D': { A: ['G7'], B: ['DB'] }, '3D': { A: ['G6'], B: ['DB'] } },
  KH: {
    '2D': { A: ['A2'], B: ['B2'], C: ['C2'], D: ['D2'] },
    '3D': { A: ['A3'], B: ['B3'], C: ['C3'], D: ['D3'] },
  },
  TN: {
    '2D': { A: ['A'], B: ['B'], C: ['C'], D: ['D'], E: ['E'] },
    '3D': { A: ['A'], B: ['B'], C: ['C'], D: ['D'], E: ['E'] },
  },
} as const satisfies Record<
  SheetLayout,
  Record<LotteryBetType, Partial<Record<LotteryPostLetter, readonly string[]>>>
>;

function lineGroup(layout: SheetLayout, code: string): SheetLineGroup {
  const group = (SHEET_LINES[layout] as readonly SheetLineGroup[]).find((g) => g.code === code);
  assert(group, `no line ${code} on layout ${layout}`);
  return group;
}

/** The post letters a layout offers (the same for 2D and 3D), in A–E order. */
export function postLettersOf(layout: SheetLayout): LotteryPostLetter[] {
  const offered = POST_LINES[layout]['2D'] as Partial<Record<LotteryPostLetter, readonly string[]>>;
  return LOTTERY_POST_LETTERS.filter((letter) => offered[letter] !== undefined);
}

/** Numbers printed on a layout: 18, 27, 23, 5. */
export function sheetLineCount(layout: SheetLayout): number {
  return SHEET_LINES[layout].reduce((sum, g) => sum + g.count, 0);
}

/**
 * The line codes one post checks for a bet type: a letter's own rows, or for ROLL every row with at least the
 * bet's digits (a 2-digit line can never be checked on 3 digits). Null when the layout lacks the letter.
 */
export function lineCodesOfPost(
  layout: SheetLayout,
  betType: LotteryBetType,
  post: LotteryPost,
): readonly string[] | null {
  if (post === ROLL) {
    const digits = BET_TYPE_DIGITS[betType];
    return (SHEET_LINES[layout] as readonly SheetLineGroup[])
      .filter((g) => g.digits >= digits)
      .map((g) => g.code);
  }
  const offered = POST_LINES[layout][betType] as Partial<Record<LotteryPostLetter, readonly string[]>>;
  return offered[post] ?? null;
}

/** Lines (printed numbers) a post covers: the cost multiplier of §3, e.g. VN_NORTH 2D A = 4, ROLL = 27. */
export function postLineCount(
  layout: SheetLayout,
  betType: LotteryBetType,
  post: LotteryPost,
): number | null {
  const codes = lineCodesOfPost(layout, betType, post);
  return codes === null ? null : codes.reduce((sum, code) => sum + lineGroup(layout, code).count, 0);
}

/** The `lines` table of `ticket/load` for one layout: every offered post and ROLL with its line count. */
export function postLineCounts(layout: SheetLayout): Record<LotteryBetType, Record<string, number>> {
  const table = {} as Record<LotteryBetType, Record<string, number>>;
  for (const betType of LOTTERY_BET_TYPES) {
    const row: Record<string, number> = {};
    for (const post of [...postLettersOf(layout), ROLL] as const) {
      const count = postLineCount(layout, betType, post);
      assert(count !== null);
      row[post] = count;
    }
    table[betType] = row;
  }
  return table;
}

/** The post letter a printed row belongs to (for either bet type), or null for rows only ROLL checks. */
export function postOfLine(layout: SheetLayout, code: string): LotteryPostLetter | null {
  for (const betType of LOTTERY_BET_TYPES) {
    const offered = POST_LINES[layout][betType] as Partial<Record<LotteryPostLetter, readonly string[]>>;
    for (const letter of LOTTERY_POST_LETTERS) if (offered[letter]?.includes(code)) return letter;
  }
  return null;
}
