import type { SportBoard, SportFixture } from '../../../src/api/game-api';
import type { Shell } from '../shared/shell';
import { DEFAULT_STAKE, type Pick, pickKey, selectionsOf } from './slip-model';

/*
 * Demo League's page state, shared by its views (board-view.ts, slip-view.ts, bets-view.ts): each view is a few
 * functions of this object; main.ts builds it and wires `redraw` and `refreshBoard`.
 */

export interface SportView {
  matchesTab: HTMLButtonElement;
  betsTab: HTMLButtonElement;
  list: HTMLElement;
  results: HTMLElement;
  bets: HTMLElement;
  slip: HTMLElement;
}

export interface SportPage {
  shell: Shell;
  view: SportView;
  board: SportBoard;
  picks: Map<string, Pick>;
  mode: 'SINGLE' | 'PARLAY';
  parlayStake: number;
  busy: boolean;
  tab: 'matches' | 'bets';
  betsView: 'open' | 'settled';
  /** On a phone the slip's picks can be folded away, leaving its total and the bet button (issue 26, item 8). */
  slipFolded: boolean;
  /** Draws the board and the slip again after a change. */
  redraw: () => void;
  /** Fetches the board again (the odds, the fixtures still open) and redraws. */
  refreshBoard: () => Promise<void>;
}

export const timeText = (iso: string): string =>
  new Date(iso).toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Phnom_Penh',
  });

/** Adds the selection to the slip, or takes it off when it is there. */
export function togglePick(page: SportPage, f: SportFixture, index: number): void {
  const key = pickKey(f.id, index);
  if (page.picks.has(key)) page.picks.delete(key);
  else
    page.picks.set(key, {
      key,
      fixture: f,
      index,
      leg: selectionsOf(f)[index]!,
      expected: f.returns[index]!,
      stake: DEFAULT_STAKE,
    });
  page.shell.clearError();
  page.redraw();
}
