import { RANGE_BET_TYPES, RESULT_GRID, type RangeBetType } from './constants';
import type { BandBetType } from './result';

/*
 * Seed §4: bet-result grids lay results out in 7 rows (RANGE_1…RANGE_7) and keep the last 10 columns. A
 * result history item (seed §3) is a winning band `type` and a `status`: OVER, otherwise under.
 */

export interface GridResult {
  readonly type: BandBetType;
  readonly status: 'OVER' | 'UNDER';
}

export interface ResultGridLayout<T extends GridResult> {
  /** RANGE_1 … RANGE_7, top to bottom. */
  readonly rows: readonly RangeBetType[];
  /** Exactly 10 columns, oldest on the left; empty (null) columns wait on the right for rounds to come. */
  readonly columns: readonly (T | null)[];
  /** cells[row][column]: that row's type won in that column's round. */
  readonly cells: readonly (readonly boolean[])[];
}

/** The row a result's over/under side marks: OVER → RANGE_7, anything else → RANGE_6 (under). */
export const overUnderRowOf = (status: GridResult['status']): RangeBetType =>
  status === 'OVER' ? 'RANGE_7' : 'RANGE_6';

/** Results oldest first (as `/api/result/history` sends them) → the 7 × 10 grid of the last 10. */
export function resultGridLayout<T extends GridResult>(results: readonly T[]): ResultGridLayout<T> {
  const kept = results.slice(-RESULT_GRID.columns);
  const columns: (T | null)[] = [
    ...kept,
    ...Array.from({ length: RESULT_GRID.columns - kept.length }, () => null),
  ];
  const cells = RANGE_BET_TYPES.map((row) =>
    columns.map(
      (result) => result !== null && (result.type === row || overUnderRowOf(result.status) === row),
    ),
  );
  return { rows: RANGE_BET_TYPES, columns, cells };
}
