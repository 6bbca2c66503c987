import { BACCARAT_BETS_PER_ROUND, type BaccaratTable, bankerDraws } from '../../../src/rules';
import { fill, h } from '../shared/dom';
import { riel } from '../shared/i18n';
import type { Shell } from '../shared/shell';
import { BET_NAMES, BET_PAYS } from './pays';

/** Banker totals with a choice to show (8 and 9 are naturals, settled before any draw). */
const BANKER_TOTALS = [0, 1, 2, 3, 4, 5, 6, 7];
/** The player's third card value, or null when the player stood. */
const PLAYER_THIRD: (number | null)[] = [null, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/** The banker's drawing table, banker total by the player's third card, computed by the rules. */
function drawingTable(shell: Shell): HTMLTableElement {
  const { t } = shell.i18n;
  return h(
    'table',
    { class: 'rules drawing', 'data-testid': 'drawing-table' },
    h('caption', {}, `${t('drawingTable')} — ${t('draws')} = D, ${t('stands')} = S`),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, `${t('bankerTotal')} ╲ ${t('playerThird')}`),
        ...PLAYER_THIRD.map((p3) => h('th', { scope: 'col' }, p3 === null ? t('noThird') : String(p3))),
      ),
    ),
    h(
      'tbody',
      {},
      ...BANKER_TOTALS.map((total) =>
        h(
          'tr',
          {},
          h('th', { scope: 'row' }, String(total)),
          ...PLAYER_THIRD.map((p3) => {
            const draws = bankerDraws(total, p3);
            return h('td', { class: draws ? 'draw' : 'stand' }, draws ? 'D' : 'S');
          }),
        ),
      ),
    ),
  );
}

/**
 * Rules, pays and the banker's drawing table, all read from the rules package (src/rules/baccarat); the limits
 * are the table's, under the casino's wallet (`baccaratTable`).
 */
export function rulesSheet(shell: Shell, table: BaccaratTable): () => void {
  const { t } = shell.i18n;
  return shell.sheet('rules', (body) => {
    const drawing = drawingTable(shell);
    fill(
      body,
      h('p', {}, t('cardValues')),
      h('p', {}, t('natural')),
      h('p', { class: 'hint' }, t('shoe')),
      // Wider than a phone: a region the keyboard can scroll too (axe's scrollable-region-focusable).
      h(
        'div',
        { class: 'table-scroll', tabindex: '0', role: 'region', 'aria-label': t('drawingTable') },
        drawing,
      ),
      h('h3', {}, t('betKinds')),
      h(
        'table',
        { class: 'rules' },
        h(
          'thead',
          {},
          h('tr', {}, h('th', {}, t('betKinds')), h('th', {}, t('pays')), h('th', {}, t('minMax'))),
        ),
        h(
          'tbody',
          {},
          ...BET_PAYS.map((pay) =>
            h(
              'tr',
              {},
              h('th', { scope: 'row' }, t(BET_NAMES[pay.kind])),
              h(
                'td',
                {},
                pay.ratio,
                pay.returnedOnTie ? h('br') : '',
                pay.returnedOnTie ? h('small', {}, t('tieReturns')) : '',
              ),
              h('td', {}, `${riel(table.kinds[pay.kind].min)} – ${riel(table.kinds[pay.kind].max)}`),
            ),
          ),
        ),
      ),
      h(
        'p',
        { class: 'hint' },
        `${t('perRound')}: ${BACCARAT_BETS_PER_ROUND.min}–${BACCARAT_BETS_PER_ROUND.max}`,
      ),
      h('p', { class: 'hint', 'data-testid': 'round-max' }, `${t('totalBet')}: ≤ ${riel(table.roundMax)}`),
    );
  });
}
