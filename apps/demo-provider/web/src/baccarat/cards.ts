import { type Card, cardLabel } from '../../../src/rules';
// Not re-exported by the rules' index; the labels the rules print a card with (♣Q), so the page agrees with them.
import { RANK_LABELS } from '../../../src/rules/baccarat/cards';
import { h } from '../shared/dom';

/*
 * A playing card as HTML: a back and a face on the two sides of one box, so a deal can flip it over. Drawn with
 * text and CSS (no images), red for hearts and diamonds.
 */
export function cardElement(card: Card): HTMLElement {
  const red = card.suit === '♥' || card.suit === '♦';
  const rank = RANK_LABELS[card.rank - 1]!;
  const face = h(
    'div',
    { class: `card-face${red ? ' red' : ''}` },
    h('span', { class: 'card-corner' }, rank, h('br'), card.suit),
    h('span', { class: 'card-pip' }, card.suit),
  );
  return h(
    'div',
    { class: 'card', role: 'img', 'aria-label': cardLabel(card), 'data-card': card.id },
    h('div', { class: 'card-inner' }, face, h('div', { class: 'card-back' })),
  );
}
