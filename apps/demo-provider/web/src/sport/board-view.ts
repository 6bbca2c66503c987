import type { SportFixture } from '../../../src/api/game-api';
import { verifyFixtureResult } from '../../../src/rules';
import { fill, h } from '../shared/dom';
import { crest } from './art';
import { type SportPage, timeText, togglePick } from './page';
import { lineText, oddsText, pickKey, selectionsOf } from './slip-model';

/* The open fixtures by round with their odds, and the latest results with their commitment checks. */

function oddsButton(page: SportPage, f: SportFixture, index: number, label: string): HTMLButtonElement {
  const leg = selectionsOf(f)[index]!;
  const chosen = page.picks.has(pickKey(f.id, index));
  return h(
    'button',
    {
      type: 'button',
      class: `odds${chosen ? ' chosen' : ''}`,
      'aria-pressed': String(chosen),
      'data-testid': `odds-${f.id}-${index}`,
      onclick: () => togglePick(page, f, index),
    },
    h('span', { class: 'odds-label' }, label),
    h('strong', {}, oddsText(leg.odds)),
  );
}

function fixtureCard(page: SportPage, f: SportFixture): HTMLElement {
  const { t } = page.shell.i18n;
  const legs = selectionsOf(f);
  const market = (name: string, ...buttons: HTMLButtonElement[]) =>
    h('div', { class: 'market' }, h('span', { class: 'market-name' }, name), ...buttons);
  return h(
    'article',
    { class: 'fixture', 'data-testid': `fixture-${f.id}` },
    h(
      'header',
      { class: 'teams' },
      h('span', { class: 'team' }, crest(f.home.code), f.home.name),
      h('span', { class: 'vs' }, timeText(f.kickoff_at)),
      h('span', { class: 'team away' }, f.away.name, crest(f.away.code)),
    ),
    market(
      t('oneXTwo'),
      // The sides as the handicap row names them (the team's code), not "1 X 2".
      oddsButton(page, f, 0, f.home.code),
      oddsButton(page, f, 1, t('draw')),
      oddsButton(page, f, 2, f.away.code),
    ),
    market(
      t('handicap'),
      oddsButton(page, f, 3, `${f.home.code} ${lineText(legs[3]!)}`),
      oddsButton(page, f, 4, `${f.away.code} ${lineText(legs[4]!)}`),
    ),
    market(
      t('overUnder'),
      oddsButton(page, f, 5, `${t('over')} ${lineText(legs[5]!)}`),
      oddsButton(page, f, 6, `${t('under')} ${lineText(legs[6]!)}`),
    ),
  );
}

function resultRow(page: SportPage, f: SportFixture): HTMLElement {
  const { t } = page.shell.i18n;
  const score =
    f.state === 'FINISHED' && f.score
      ? `${f.score.home} – ${f.score.away}`
      : f.state === 'VOID'
        ? t('voided')
        : t('playing');
  return h(
    'div',
    { class: 'result-row', 'data-testid': `result-${f.id}` },
    h('span', { class: 'result-teams' }, `${f.home.name} v ${f.away.name}`),
    h('strong', { class: 'result-score' }, score),
    f.state === 'SCHEDULED'
      ? null
      : h(
          'button',
          { type: 'button', class: 'btn btn-small', onclick: () => void verify(page, f) },
          t('verify'),
        ),
  );
}

export function renderBoard(page: SportPage): void {
  const { t } = page.shell.i18n;
  const { list, results } = page.view;
  const rounds = new Map<number, SportFixture[]>();
  for (const f of page.board.open) rounds.set(f.round_index, [...(rounds.get(f.round_index) ?? []), f]);
  if (rounds.size === 0) fill(list, h('p', { class: 'hint' }, t('noMatches')));
  else
    fill(
      list,
      ...[...rounds.values()].map((fixtures) =>
        h(
          'section',
          { class: 'round-group' },
          h('h2', { class: 'round-head' }, `${t('kickoff')} ${timeText(fixtures[0]!.kickoff_at)}`),
          ...fixtures.map((f) => fixtureCard(page, f)),
        ),
      ),
    );
  fill(
    results,
    h('h2', { class: 'round-head' }, t('results')),
    ...page.board.recent.slice(0, 4).map((f) => resultRow(page, f)),
  );
}

/** The commitment check a player can make: fetch the published JSON and seed, then hash and re-derive here. */
async function verify(page: SportPage, f: SportFixture): Promise<void> {
  const { shell } = page;
  const { t } = shell.i18n;
  const response = await fetch(`/provider/demo/api/sport/verify/${encodeURIComponent(f.id)}`);
  const v = (await response.json()) as {
    seed: string | null;
    fixture_json: string;
    seed_hash: string;
    fixture_hash: string;
    score: { home: number; away: number } | null;
  };
  const derived =
    v.seed === null
      ? null
      : verifyFixtureResult(v.seed, v.fixture_json, { seedHash: v.seed_hash, fixtureHash: v.fixture_hash });
  const ok =
    derived !== null &&
    (v.score === null || (derived.home === v.score.home && derived.away === v.score.away));
  shell.sheet('fairTitle', (body) =>
    fill(
      body,
      h('p', {}, t('fixtureFair')),
      h('p', { class: 'mono' }, `seed_hash ${v.seed_hash}`),
      h('p', { class: 'mono' }, `fixture_hash ${v.fixture_hash}`),
      h('p', { class: 'mono' }, `seed ${v.seed ?? '—'}`),
      h('p', {}, `${t('derived')}: ${derived ? `${derived.home} – ${derived.away}` : '—'}`),
      h(
        'p',
        { class: `verdict ${ok ? 'good' : 'bad'}`, 'data-testid': 'verdict' },
        ok ? t('match') : t('mismatch'),
      ),
    ),
  )();
}
