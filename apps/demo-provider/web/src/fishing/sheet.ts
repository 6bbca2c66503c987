import type { HistoryShot } from '../../../src/api/game-api';
import { FISH_KINDS } from '../../../src/rules';
import { h } from '../shared/dom';
import { riel } from '../shared/i18n';
import type { Ocean } from './ocean';
import { handleError } from './shots';
import { verifyShot } from './verify';

/* The fishing page's sheet: the fish table and RTP, the seed hash and its rotation, past shots re-derived. */

function fishTable(o: Ocean): HTMLTableElement {
  const { text } = o;
  return h(
    'table',
    {},
    ...FISH_KINDS.map((k) =>
      h(
        'tr',
        {},
        h('td', {}, k.code === 'DRAGON' ? text.t('dragon') : k.code),
        h('td', {}, `× ${k.multipliers.join(' / ')}`),
      ),
    ),
  );
}

/** One past shot with the browser's own verdict on it. */
function shotRow(o: Ocean, shot: HistoryShot): HTMLTableRowElement {
  const { text } = o;
  const check = verifyShot(shot);
  const verdict =
    check.status === 'match' ? text.t('match') : check.status === 'mismatch' ? text.t('mismatch') : '…';
  return h(
    'tr',
    {},
    h('td', {}, `#${shot.nonce}`),
    h('td', {}, shot.fish),
    h('td', {}, riel(shot.cost)),
    h('td', {}, shot.captured ? `× ${shot.multiplier}` : '—'),
    h('td', { title: check.status === 'pending' ? text.t('pending') : '' }, verdict),
  );
}

function fillShots(o: Ocean, shots: HTMLElement): void {
  o.api
    .fishingHistory(20)
    .then((list) => {
      shots.replaceChildren(
        list.length === 0 ? o.text.t('noRounds') : h('table', {}, ...list.map((shot) => shotRow(o, shot))),
      );
    })
    .catch((error: unknown) => handleError(o, error));
}

export function openSheet(o: Ocean, root: HTMLElement): void {
  const { text, session } = o;
  const sheet = h('section', { class: 'ocean-sheet', role: 'dialog', 'aria-label': text.t('rules') });
  const close = () => sheet.remove();
  const rotate = () => {
    void o.api
      .rotate()
      .then((r) => {
        session.fair = r.current;
        close();
        openSheet(o, root);
      })
      .catch((error: unknown) => handleError(o, error));
  };
  const shots = h('div', {}, text.t('loading'));
  sheet.append(
    h('button', { type: 'button', onclick: close, 'data-testid': 'close' }, text.t('close')),
    h('h2', {}, text.t('fishingTitle')),
    h('p', {}, text.t('fishRules')),
    h('p', {}, `${text.t('rtp')}: 96.00 %`),
    fishTable(o),
    h('h2', {}, text.t('fairTitle')),
    h('p', {}, text.t('fairExplain')),
    h('p', {}, `${text.t('serverSeedHash')}: `, h('code', {}, session.fair.server_seed_hash)),
    h('button', { type: 'button', onclick: rotate }, text.t('rotate')),
    h('h2', {}, text.t('pastRounds')),
    shots,
  );
  root.append(sheet);
  fillShots(o, shots);
}
