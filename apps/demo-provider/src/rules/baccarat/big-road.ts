import type { BaccaratOutcome } from './deal';

/** The big road's height: six rows, as on every baccarat table's scoreboard. */
export const BIG_ROAD_ROWS = 6;

/** One mark of the big road: a won hand, with the ties that followed it marked on it. */
export interface BigRoadCell {
  /** 0-based, left to right. */
  readonly column: number;
  /** 0-based, top to bottom (below `BIG_ROAD_ROWS`). */
  readonly row: number;
  readonly winner: 'PLAYER' | 'BANKER';
  /** Ties dealt after this hand (or, on the first mark, before it too) and before the next won hand. */
  readonly ties: number;
  /** Index of the round in the history handed in (oldest first). */
  readonly round: number;
}

export interface BigRoad {
  readonly cells: readonly BigRoadCell[];
  /** Columns the road takes (the dragon tails included). */
  readonly columns: number;
  /** Ties dealt before the first won hand when no hand has been won yet (nothing to mark them on). */
  readonly leadingTies: number;
}

interface MutableCell {
  column: number;
  row: number;
  winner: 'PLAYER' | 'BANKER';
  ties: number;
  round: number;
}

/**
 * The big road (大路) of a round history, oldest first, by the standard scoreboard rules:
 * - a won hand goes below the previous one while the same side keeps winning, and starts a new column (at the
 *   top of the column after the one the previous streak started in) when the winner changes;
 * - a tie takes no cell: it is marked on the previous cell (the count grows with each tie); ties before the
 *   first won hand are marked on that first cell;
 * - a streak that reaches the bottom row, or finds the cell below taken by an earlier tail, turns right and
 *   runs along its row (the "dragon tail").
 * Pure: the same history always gives the same road.
 */
export function bigRoad(outcomes: readonly BaccaratOutcome[]): BigRoad {
  const cells: MutableCell[] = [];
  const taken = new Set<string>();
  const key = (column: number, row: number) => `${column}:${row}`;
  let pendingTies = 0;
  /** Where the current streak started (the next streak starts one column to its right). */
  let streakColumn = -1;
  /** Once a streak has turned right it keeps going right, even where a cell below is free again. */
  let inTail = false;
  outcomes.forEach((outcome, round) => {
    if (outcome === 'TIE') {
      const last = cells.at(-1);
      if (last) last.ties += 1;
      else pendingTies += 1;
      return;
    }
    const last = cells.at(-1);
    let column: number;
    let row: number;
    if (last && last.winner === outcome) {
      const below = last.row + 1;
      if (!inTail && below < BIG_ROAD_ROWS && !taken.has(key(last.column, below))) {
        column = last.column;
        row = below;
      } else {
        // The dragon tail: along the same row, to the right.
        column = last.column + 1;
        row = last.row;
        inTail = true;
      }
    } else {
      column = streakColumn + 1;
      // A long tail of the streak before may run along the top row: start after it.
      while (taken.has(key(column, 0))) column += 1;
      row = 0;
      streakColumn = column;
      inTail = false;
    }
    taken.add(key(column, row));
    cells.push({ column, row, winner: outcome, ties: cells.length === 0 ? pendingTies : 0, round });
    if (cells.length === 1) pendingTies = 0;
  });
  const columns = cells.reduce((most, cell) => Math.max(most, cell.column + 1), 0);
  return { cells, columns, leadingTies: pendingTies };
}
