import type { DealReply } from '../../../src/api/game-api';
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
    this.list = h('ol', { class: 'beads', 'data-testid': 'bead-plate' });
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
