import { describe, expect, it } from 'vitest';
import { resultGridLayout, type GridResult } from './result-grid';

const r = (type: GridResult['type'], status: GridResult['status'], id: number) => ({ type, status, id });

describe('result grid (seed §4: 7 rows × the last 10 columns)', () => {
  it('has 7 rows and 10 columns even with no result yet', () => {
    const grid = resultGridLayout([]);
    expect(grid.rows).toEqual(['RANGE_1', 'RANGE_2', 'RANGE_3', 'RANGE_4', 'RANGE_5', 'RANGE_6', 'RANGE_7']);
    expect(grid.columns).toHaveLength(10);
    expect(grid.cells).toHaveLength(7);
    expect(grid.cells.flat().some(Boolean)).toBe(false);
  });

  it('marks two cells per column: the band and the over/under side', () => {
    const grid = resultGridLayout([r('RANGE_1', 'UNDER', 1), r('RANGE_3', 'OVER', 2)]);
    expect(grid.columns.slice(0, 2).map((c) => c?.id)).toEqual([1, 2]);
    expect(grid.columns.slice(2).every((c) => c === null)).toBe(true);
    expect(grid.cells.map((row) => row[0])).toEqual([true, false, false, false, false, true, false]);
    expect(grid.cells.map((row) => row[1])).toEqual([false, false, true, false, false, false, true]);
  });

  it('keeps only the last 10 results, oldest on the left', () => {
    const results = Array.from({ length: 13 }, (_, i) => r('RANGE_2', 'UNDER', i + 1));
    const grid = resultGridLayout(results);
    expect(grid.columns.map((c) => c?.id)).toEqual([4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    expect(grid.cells[1]!.every(Boolean)).toBe(true);
  });
});
