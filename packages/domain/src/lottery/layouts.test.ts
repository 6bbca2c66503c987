import { describe, expect, it } from 'vitest';
import { LOTTERY_BET_TYPES, SHEET_LAYOUTS, type LotteryBetType, type SheetLayout } from './constants';
import {
  lineCodesOfPost,
  postLettersOf,
  postLineCount,
  postLineCounts,
  postOfLine,
  sheetLineCount,
} from './layouts';
import { parseLotteryPosts } from './posts';

// lottery.md §3's table as printed: lines per post for 2D and 3D; null = refused.
const TABLE: Record<SheetLayout, Record<LotteryBetType, Record<string, number | null>>> = {
  VN_SOUTH: {
    '2D': { A: 1, B: 1, C: null, D: null, E: null, ROLL: 18 },
    '3D': { A: 1, B: 1, C: null, D: null, E: null, ROLL: 17 },
  },
  VN_NORTH: {
    '2D': { A: 4, B: 1, C: null, D: null, E: null, ROLL: 27 },
    '3D': { A: 3, B: 1, C: null, D: null, E: null, ROLL: 23 },
  },
  KH: {
    '2D': { A: 1, B: 1, C: 1, D: 1, E: null, ROLL: 23 },
    '3D': { A: 1, B: 1, C: 1, D: 1, E: null, ROLL: 19 },
  },
  TN: {
    '2D': { A: 1, B: 1, C: 1, D: 1, E: 1, ROLL: 5 },
    '3D': { A: 1, B: 1, C: 1, D: 1, E: 1, ROLL: 5 },
  },
};

describe('sheet layouts (lottery.md §2)', () => {
  it('print 18 / 27 / 23 / 5 numbers', () => {
    expect(SHEET_LAYOUTS.map((layout) => [layout, sheetLineCount(layout)])).toEqual([
      ['VN_SOUTH', 18],
      ['VN_NORTH', 27],
      ['KH', 23],
      ['TN', 5],
    ]);
  });
});

describe('posts and ROLL per layout (lottery.md §3)', () => {
  for (const layout of SHEET_LAYOUTS) {
    for (const betType of LOTTERY_BET_TYPES) {
      it(`${layout} ${betType} matches the table`, () => {
        for (const [post, lines] of Object.entries(TABLE[layout][betType])) {
          expect([post, postLineCount(layout, betType, post as 'A')]).toEqual([post, lines]);
        }
      });
    }
  }

  it('names the rows each post checks', () => {
    expect(lineCodesOfPost('VN_SOUTH', '2D', 'A')).toEqual(['G8']);
    expect(lineCodesOfPost('VN_SOUTH', '3D', 'A')).toEqual(['G7']);
    expect(lineCodesOfPost('VN_NORTH', '2D', 'A')).toEqual(['G7']);
    expect(lineCodesOfPost('VN_NORTH', '3D', 'A')).toEqual(['G6']);
    expect(lineCodesOfPost('KH', '3D', 'C')).toEqual(['C3']);
    // ROLL never checks a line with fewer digits than the bet: G8 (2 digits) is not in a 3D roll.
    expect(lineCodesOfPost('VN_SOUTH', '3D', 'ROLL')).toEqual([
      'G7',
      'G6',
      'G5',
      'G4',
      'G3',
      'G2',
      'G1',
      'DB',
    ]);
  });

  it('gives the ticket/load table of each layout', () => {
    expect(postLineCounts('VN_NORTH')).toEqual({
      '2D': { A: 4, B: 1, ROLL: 27 },
      '3D': { A: 3, B: 1, ROLL: 23 },
    });
    expect(postLettersOf('KH')).toEqual(['A', 'B', 'C', 'D']);
  });

  it('tells which post a printed row belongs to', () => {
    expect(postOfLine('VN_SOUTH', 'G8')).toBe('A');
    expect(postOfLine('VN_SOUTH', 'G7')).toBe('A');
    expect(postOfLine('VN_SOUTH', 'DB')).toBe('B');
    expect(postOfLine('VN_SOUTH', 'G4')).toBeNull();
    expect(postOfLine('KH', 'D3')).toBe('D');
    expect(postOfLine('TN', 'E')).toBe('E');
  });
});

describe('the posts field (lottery.md §3–§4)', () => {
  it('accepts letters the layout offers, in A–E order, or exactly ROLL', () => {
    expect(parseLotteryPosts('VN_SOUTH', ['B', 'A'])).toEqual({ ok: true, value: ['A', 'B'] });
    expect(parseLotteryPosts('TN', ['E'])).toEqual({ ok: true, value: ['E'] });
    expect(parseLotteryPosts('KH', ['ROLL'])).toEqual({ ok: true, value: ['ROLL'] });
  });

  it.each([
    ['VN_SOUTH', [], { code: 'INVALID_POST', problem: 'EMPTY' }],
    ['VN_SOUTH', ['C'], { code: 'INVALID_POST', problem: 'NOT_ON_LAYOUT', post: 'C' }],
    ['VN_NORTH', ['A', 'E'], { code: 'INVALID_POST', problem: 'NOT_ON_LAYOUT', post: 'E' }],
    ['KH', ['E'], { code: 'INVALID_POST', problem: 'NOT_ON_LAYOUT', post: 'E' }],
    ['TN', ['F'], { code: 'INVALID_POST', problem: 'UNKNOWN', post: 'F' }],
    ['TN', ['a'], { code: 'INVALID_POST', problem: 'UNKNOWN', post: 'a' }],
    ['TN', ['ROLL', 'A'], { code: 'INVALID_POST', problem: 'ROLL_WITH_LETTERS', post: 'ROLL' }],
    ['TN', ['A', 'A'], { code: 'INVALID_POST', problem: 'DUPLICATE', post: 'A' }],
  ] as const)('%s %j is refused', (layout, posts, error) => {
    expect(parseLotteryPosts(layout, posts)).toEqual({ ok: false, error });
  });
});
