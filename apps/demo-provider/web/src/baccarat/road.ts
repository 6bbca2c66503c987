import type { DealReply } from '../../../src/api/game-api';
import { BIG_ROAD_ROWS, bigRoad } from '../../../src/rules';
import { fill, h } from '../shared/dom';
import type { I18n } from '../shared/i18n';

/*
 * The bead plate road: one bead per past round, filled down a column of six and then across, oldest first,
 * as baccarat tables display it. Blue PLAYER, red BANKER, green TIE; a letter too, so colour is not the only cue.
 */

const ROWS = 6;
const COLUMNS = 12;

export class BeadPlate {
  readonly el: HTMLElement;
  private outcomes: DealReply['outcome'][] = [];
  private readonly list: HTMLOListElement;

  constructor(private readonly text: I18n) {
    // Scrolls sideways once the shoe is long: reachable by the keyboard too (tabindex).
    this.list = h('ol', { class: 'beads', 'data-testid': 'bead-plate', tabindex: '0' });
    this.el = h(
      'section',
      { class: 'road', 'aria-label': text.t('beadPlate') },
      h('h2', { class: 'road-title' }, text.t('beadPlate')),
      this.list,
    );
  }

  /** Oldest first. */
  set(outcomes: DealReply['outcome'][]): void {
    this.outcomes = outcomes.slice(-ROWS * COLUMNS);
    this.render();
  }

  add(outcome: DealReply['outcome']): void {
    this.set([...this.outcomes, outcome]);
  }

  private render(): void {
    const name = { PLAYER: 'player', BANKER: 'banker', TIE: 'tie' } as const;
    fill(
      this.list,
      ...this.outcomes.map((outcome) => {
        const word = this.text.t(name[outcome]);
        return h(
          'li',
          { class: `bead ${outcome.toLowerCase()}`, 'data-outcome': outcome },
          h('span', { 'aria-hidden': 'true' }, this.text.lang === 'km' ? word[0]! : outcome[0]!),
          h('span', { class: 'sr-only' }, word),
        );
      }),
    );
  }
}

/** Columns of the big road on screen: the newest ones, as a table's scoreboard scrolls. */
const BIG_ROAD_COLUMNS = 20;

/*
 * The big road beside the bead plate: hollow rings, blue PLAYER and red BANKER, down a column while a side keeps
 * winning, a new column when the winner changes, the dragon tail to the right at the bottom; a tie is a green
 * stroke across the previous ring with its count (the derivation is the rules' `bigRoad`, unit-tested there).
 */
export class BigRoadView {
  readonly el: HTMLElement;
  private outcomes: DealReply['outcome'][] = [];
  private readonly grid: HTMLOListElement;

  constructor(private readonly text: I18n) {
    this.grid = h('ol', {
      class: 'big-road',
      'data-testid': 'big-road',
      tabindex: '0',
      style: `grid-template-rows: repeat(${BIG_ROAD_ROWS}, var(--ring))`,
    });
    this.el = h(
      'section',
      { class: 'road', 'aria-label': text.t('bigRoad') },
      h('h2', { class: 'road-title' }, text.t('bigRoad')),
      this.grid,
    );
  }

  /** Oldest first: the whole history the page has (the road needs every round to place the last). */
  set(outcomes: DealReply['outcome'][]): void {
    this.outcomes = [...outcomes];
    this.render();
  }

  add(outcome: DealReply['outcome']): void {
    this.set([...this.outcomes, outcome]);
  }

  private render(): void {
    const road = bigRoad(this.outcomes);
    const first = Math.max(0, road.columns - BIG_ROAD_COLUMNS);
    const name = { PLAYER: 'player', BANKER: 'banker' } as const;
    fill(
      this.grid,
      ...road.cells
        .filter((cell) => cell.column >= first)
        .map((cell) => {
          const word = this.text.t(name[cell.winner]);
          const ties =
            cell.ties > 0 ? `, ${this.text.t('tiesMarked').replace('{n}', String(cell.ties))}` : '';
          return h(
            'li',
            {
              class: `ring ${cell.winner.toLowerCase()}`,
              style: `grid-column: ${cell.column - first + 1}; grid-row: ${cell.row + 1}`,
              'data-column': String(cell.column - first),
              'data-row': String(cell.row),
              'data-winner': cell.winner,
              'data-ties': String(cell.ties),
            },
            ...(cell.ties > 0
              ? [
                  h('span', { class: 'tie-stroke', 'aria-hidden': 'true' }),
                  ...(cell.ties > 1
                    ? [h('span', { class: 'tie-count', 'aria-hidden': 'true' }, String(cell.ties))]
                    : []),
                ]
              : []),
            h('span', { class: 'sr-only' }, word + ties),
          );
        }),
    );
  }
}
