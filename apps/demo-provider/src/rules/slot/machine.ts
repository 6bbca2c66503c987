/*
 * Angkor Fortune (providers.md §7.1) as data: 5 reels × 3 rows, 20 fixed lines, a PAR sheet's strips and
 * paytable. Any change here changes the published RTP, which slot/par-sheet.test.ts pins by full enumeration.
 */

export const SLOT_SYMBOLS = ['W', 'S', 'H1', 'H2', 'H3', 'A', 'K', 'Q', 'J', 'T'] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

/** A symbol that pays on lines: everything but the wild (no pay of its own) and the scatter (pays anywhere). */
export type LineSymbol = Exclude<SlotSymbol, 'W' | 'S'>;

export interface SlotMachine {
  readonly code: string;
  /** Reel strips, left to right; the window shows rows strip[(stop + k) mod length], k = 0 top … 2 bottom. */
  readonly strips: readonly (readonly SlotSymbol[])[];
  readonly rows: number;
  /** Each line names the row (0 top, 1 middle, 2 bottom) it crosses on every reel. */
  readonly lines: readonly (readonly number[])[];
  /** × line bet for 3, 4 and 5 of a kind, counted from reel 1. */
  readonly linePays: Readonly<Record<LineSymbol, readonly [number, number, number]>>;
  /** A line of wilds only pays as this symbol (§7.1: 5 W pays as 5 H1). */
  readonly allWildPaysAs: LineSymbol;
  /** × total bet by the number of scatters anywhere in the window (a count not listed pays nothing). */
  readonly scatterPays: Readonly<Partial<Record<number, number>>>;
  /** The line bets a player may choose, in riel; total bet = lines × line bet. */
  readonly lineBets: readonly number[];
}

const strip = (text: string) => text.split(' ') as SlotSymbol[];

const REEL_1 = strip('S H3 K Q J J H1 A Q H2 K J H3 T Q A T J K H2 T Q H1 H3 A J K Q T T H2 A');
const REELS_2_TO_4 = strip('S H3 K W J Q H1 A J H2 K T H3 W Q A J T K T T Q H1 H3 W H2 A K J Q T A');
const REEL_5 = strip('S H3 K W J Q H1 A J H2 K J H3 Q T A T J K W H2 Q H1 H3 A J K T T Q H2 A');

const line = (rows: string) => [...rows].map(Number);

export const ANGKOR_FORTUNE: SlotMachine = {
  code: 'angkor-fortune',
  strips: [REEL_1, REELS_2_TO_4, REELS_2_TO_4, REELS_2_TO_4, REEL_5],
  rows: 3,
  lines: [
    '11111',
    '00000',
    '22222',
    '01210',
    '21012',
    '00122',
    '22100',
    '10001',
    '12221',
    '10121',
    '12101',
    '01010',
    '21212',
    '01110',
    '21112',
    '11011',
    '11211',
    '00200',
    '22022',
    '02020',
  ].map(line),
  linePays: {
    H1: [60, 250, 1000],
    H2: [35, 120, 500],
    H3: [25, 70, 250],
    A: [14, 35, 120],
    K: [12, 30, 100],
    Q: [9, 22, 75],
    J: [6, 16, 50],
    T: [5, 13, 40],
  },
  allWildPaysAs: 'H1',
  scatterPays: { 3: 5, 4: 25, 5: 200 },
  lineBets: [50, 100, 250, 500, 1000, 2500],
};
