import { describe, expect, it } from 'vitest';
import { type BaccaratOutcome } from './deal';
import { BIG_ROAD_ROWS, bigRoad } from './big-road';

const P: BaccaratOutcome = 'PLAYER';
const B: BaccaratOutcome = 'BANKER';
const T: BaccaratOutcome = 'TIE';

/** The road as `column,row:winner+ties` strings, easy to read against a drawn scoreboard. */
const marks = (outcomes: BaccaratOutcome[]) =>
  bigRoad(outcomes).cells.map((c) => `${c.column},${c.row}:${c.winner[0]}${c.ties ? `+${c.ties}` : ''}`);

describe('big road', () => {
  it('is empty for no rounds', () => {
    expect(bigRoad([])).toEqual({ cells: [], columns: 0, leadingTies: 0 });
  });

  it('goes down while the same side wins and starts a new column when the winner changes', () => {
    expect(marks([B, B, B, P, P, B])).toEqual(['0,0:B', '0,1:B', '0,2:B', '1,0:P', '1,1:P', '2,0:B']);
    expect(bigRoad([B, P, B, P]).columns).toBe(4);
  });

  it('marks a tie on the previous cell, never on a cell of its own', () => {
    expect(marks([B, T, B, T, T, P])).toEqual(['0,0:B+1', '0,1:B+2', '1,0:P']);
    // A tie between two hands of the same side does not break the streak.
    expect(marks([P, T, P])).toEqual(['0,0:P+1', '0,1:P']);
  });

  it('marks ties dealt before the first won hand on that first cell', () => {
    expect(marks([T, T, B, P])).toEqual(['0,0:B+2', '1,0:P']);
    expect(bigRoad([T, T])).toEqual({ cells: [], columns: 0, leadingTies: 2 });
    expect(bigRoad([T, B]).leadingTies).toBe(0);
  });

  it('turns right along the bottom row when a streak reaches it (the dragon tail)', () => {
    const eight = Array<BaccaratOutcome>(8).fill(B);
    expect(marks(eight)).toEqual(['0,0:B', '0,1:B', '0,2:B', '0,3:B', '0,4:B', '0,5:B', '1,5:B', '2,5:B']);
    expect(BIG_ROAD_ROWS).toBe(6);
    // The next streak starts in the column after the one the long streak started in, above its tail.
    expect(marks([...eight, P, P]).slice(-2)).toEqual(['1,0:P', '1,1:P']);
    expect(bigRoad([...eight, P]).columns).toBe(3);
  });

  it('turns right early when the cell below is taken by an earlier tail, and keeps going right', () => {
    // Banker 7 times: column 0 to the bottom, then a tail at (1,5).
    const road = [...Array<BaccaratOutcome>(7).fill(B), ...Array<BaccaratOutcome>(7).fill(P)];
    // Player 7 times from column 1: down to row 4 (row 5 is the tail), then right along row 4.
    expect(marks(road).slice(7)).toEqual(['1,0:P', '1,1:P', '1,2:P', '1,3:P', '1,4:P', '2,4:P', '3,4:P']);
  });

  it('starts a new streak after a tail that runs along the top row', () => {
    // Column 0: B to row 1... a tail at row 0 needs the cell below taken: build it.
    // B×7 (col 0 down, tail at 1,5), P×6 (col 1 rows 0–4, tail at 2,4), B×6 (col 2 rows 0–3, tail 3,3 …).
    const history = [
      ...Array<BaccaratOutcome>(7).fill(B),
      ...Array<BaccaratOutcome>(6).fill(P),
      ...Array<BaccaratOutcome>(6).fill(B),
    ];
    const cells = bigRoad(history).cells;
    const taken = new Set(cells.map((c) => `${c.column},${c.row}`));
    // No two marks share a cell, whatever the tails do.
    expect(taken.size).toBe(cells.length);
    expect(cells.every((c) => c.row < BIG_ROAD_ROWS)).toBe(true);
  });

  it('keeps each mark tied to its round', () => {
    expect(bigRoad([T, B, T, P]).cells.map((c) => c.round)).toEqual([1, 3]);
  });
});
