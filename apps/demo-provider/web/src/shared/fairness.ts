import type { FairState, HistoryRound } from '../../../src/api/game-api';
import { isClientSeed } from '../../../src/rules';
import { fairStateOf } from './api';
import { fill, h } from './dom';
import { riel } from './i18n';
import type { Shell } from './shell';
import { verifyRound } from './verify';

/*
 * The fairness panel of both games (providers.md §6): the hash of the current server seed, the client seed
 * (the player may change it), the next nonce, rotation (which reveals the old seed), and every past round with a
 * "verify" that re-derives it in the browser (verify.ts).
 */

export interface Fairness {
  /** After each round: the reply's hash is recorded as shown, and the nonce moves on. */
  update(state: FairState): void;
}

export function createFairness(shell: Shell, describe: (round: HistoryRound) => string): Fairness {
  const { t } = shell.i18n;
  let state = shell.session.fair;
  /** Every hash this page displayed before a round used it: a round's seed must hash to one of them. */
  const shownHashes = new Set<string>([state.server_seed_hash]);
  const revealed: { server_seed: string; server_seed_hash: string }[] = [];

  const hashOut = h('code', { class: 'mono', 'data-testid': 'fair-hash' });
  const nonceOut = h('output', { 'data-testid': 'fair-nonce' });
  const seedInput = h('input', {
    id: 'client-seed',
    class: 'input mono',
    maxlength: 64,
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-describedby': 'client-seed-help',
    'data-testid': 'fair-client-seed',
  });
  const seedNote = h('p', { id: 'client-seed-help', class: 'hint' }, t('clientSeedHelp'));
  const revealedList = h('ul', { class: 'revealed', 'data-testid': 'fair-revealed' });
  const rounds = h('ol', { class: 'rounds', 'data-testid': 'fair-rounds' });

  const render = () => {
    hashOut.textContent = state.server_seed_hash;
    nonceOut.textContent = String(state.next_nonce);
    seedInput.value = state.client_seed;
    fill(
      revealedList,
      ...revealed.map((r) =>
        h(
          'li',
          {},
          h('span', { class: 'hint' }, t('revealed')),
          h('code', { class: 'mono' }, r.server_seed),
          h('span', { class: 'hint' }, 'SHA-256'),
          h('code', { class: 'mono' }, r.server_seed_hash),
        ),
      ),
    );
  };

  const saveSeed = async (event: Event) => {
    event.preventDefault();
    const value = seedInput.value.trim();
    if (!isClientSeed(value)) {
      seedNote.textContent = t('clientSeedBad');
      seedNote.classList.add('bad');
      return;
    }
    try {
      state = fairStateOf(await shell.api.setClientSeed(value));
      shownHashes.add(state.server_seed_hash);
      seedNote.textContent = t('saved');
      seedNote.classList.remove('bad');
      render();
    } catch (error) {
      shell.showError(error);
    }
  };

  const rotate = async () => {
    try {
      const reply = await shell.api.rotate();
      revealed.unshift(reply.previous);
      state = reply.current;
      shownHashes.add(state.server_seed_hash);
      render();
      await loadRounds();
    } catch (error) {
      shell.showError(error);
    }
  };

  const loadRounds = async () => {
    let history: HistoryRound[];
    try {
      history = await shell.api.history(30);
    } catch (error) {
      shell.showError(error);
      return;
    }
    if (history.length === 0) return fill(rounds, h('li', { class: 'hint' }, t('noRounds')));
    fill(
      rounds,
      ...history.map((round) => {
        const result = h('div', {
          class: 'verify-result',
          'aria-live': 'polite',
          'data-testid': 'verify-result',
        });
        const button = h(
          'button',
          {
            type: 'button',
            class: 'btn btn-small',
            'aria-label': `${t('verify')} #${round.nonce}`,
            'data-testid': 'verify',
          },
          t('verify'),
        );
        button.addEventListener('click', () => {
          const check = verifyRound(round, shownHashes);
          if (check.status === 'pending') return fill(result, h('p', { class: 'hint' }, t('pending')));
          fill(
            result,
            h('p', { class: `verdict ${check.status}`, 'data-testid': 'verdict' }, t(check.status)),
            h('p', { class: 'hint' }, `${check.hashOk ? '✓' : '✗'} ${t('hashCheck')}`),
            h('p', { class: 'hint' }, `${t('derived')}: `, h('code', { class: 'mono' }, check.derived)),
            h('p', { class: 'hint' }, `${t('recorded')}: `, h('code', { class: 'mono' }, check.recorded)),
          );
        });
        return h(
          'li',
          { class: 'round', 'data-testid': 'fair-round' },
          h(
            'div',
            { class: 'round-line' },
            h('span', { class: 'mono' }, `#${round.nonce}`),
            h('span', {}, describe(round)),
            h('span', {}, `${riel(round.total_bet)} → ${riel(round.win)}`),
            button,
          ),
          result,
        );
      }),
    );
  };

  const open = shell.sheet('fairTitle', (body) => {
    render();
    fill(
      body,
      h('p', { class: 'hint' }, t('fairExplain')),
      h('p', { class: 'field-label' }, t('serverSeedHash')),
      hashOut,
      h(
        'form',
        { class: 'seed-form', onSubmit: (event: Event) => void saveSeed(event) },
        h('label', { for: 'client-seed', class: 'field-label' }, t('clientSeed')),
        h('div', { class: 'seed-row' }, seedInput, h('button', { type: 'submit', class: 'btn' }, t('save'))),
        seedNote,
      ),
      h('p', { class: 'field-label' }, `${t('nonce')}: `, nonceOut),
      h(
        'button',
        { type: 'button', class: 'btn', 'data-testid': 'fair-rotate', onClick: () => void rotate() },
        t('rotate'),
      ),
      revealedList,
      h('h3', {}, t('pastRounds')),
      rounds,
    );
    fill(rounds, h('li', { class: 'hint' }, t('loading')));
    void loadRounds();
  });
  shell.addTopButton('fairness', open, 'open-fairness');

  return {
    update(next) {
      state = next;
      shownHashes.add(next.server_seed_hash);
    },
  };
}
