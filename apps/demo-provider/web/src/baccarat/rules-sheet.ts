import { BACCARAT_BETS_PER_ROUND, BACCARAT_LIMITS, bankerDraws } from '../../../src/rules';
import { fill, h } from '../shared/dom';
import { riel } from '../shared/i18n';
import type { Shell } from '../shared/shell';
import { BET_NAMES, BET_PAYS } from './pays';

/** Banker totals with a choice to show (8 and 9 are naturals, settled before any draw). */
const BANKER_TOTALS = [0, 1, 2, 3, 4, 5, 6, 7];
/** The player's third card value, or null when the player stood. */
const PLAYER_THIRD: (number | null)[] = [null, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/** Rules, pays, limits and the banker's drawing table, all read from the rules package (src/rules/baccarat). */
export function rulesSheet(shell: Shell): () => void {
  const { t } = shell.i18n;
  return shell.sheet('rules', (body) => {
    const drawing = h(
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
    fill(
      body,
      h('p', {}, t('cardValues')),
      h('p', {}, t('natural')),
      h('p', { class: 'hint' }, t('shoe')),
      h('div', { class: 'table-scroll' }, drawing),
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
              h('td', {}, `${riel(BACCARAT_LIMITS[pay.kind].min)} – ${riel(BACCARAT_LIMITS[pay.kind].max)}`),
            ),
          ),
        ),
      ),
      h(
        'p',
        { class: 'hint' },
        `${t('perRound')}: ${BACCARAT_BETS_PER_ROUND.min}–${BACCARAT_BETS_PER_ROUND.max}`,
      ),
    );
  });
}
