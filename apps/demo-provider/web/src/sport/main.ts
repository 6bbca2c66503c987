import type { SlipLegView, SlipView, SportBoard, SportFixture } from '../../../src/api/game-api';
import { verifyFixtureResult } from '../../../src/rules';
import { GameApiFailure } from '../shared/api';
import { fill, h, requestId } from '../shared/dom';
import { riel, type TextKey } from '../shared/i18n';
import { openShell, type Shell } from '../shared/shell';
import { crest, pitch } from './art';
import {
  DEFAULT_STAKE,
  lineText,
  oddsText,
  parlayAllowed,
  parlaySummary,
  type Pick,
  pickKey,
  potentialPayout,
  selectionsOf,
  stakeProblem,
} from './slip-model';
import './sport.css';

/*
 * Demo League (providers.md §7.4): the open fixtures by round with their 1X2, Asian handicap and over/under
 * odds; a bet slip of singles (each its own stake) or one parlay (combined odds, potential payout and expected
 * return); the player's open and settled slips; and each result's check against its published commitment,
 * re-derived in the browser. Every price and result comes from the server; the page only shows and checks them.
 */

const REFRESH_MS = 15_000;
const ONE_X_TWO = ['1', 'X', '2'] as const;
const LEG_RESULTS = ['WIN', 'HALF_WIN', 'PUSH', 'HALF_LOSS', 'LOSS', 'VOID'] as const;

const timeText = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Phnom_Penh',
  });

async function main(): Promise<void> {
  const opened = await openShell('sportTitle', 'sport');
  if (!opened) return;
  const shell: Shell = opened;
  const { t } = shell.i18n;

  let board: SportBoard = { now: new Date().toISOString(), open: [], recent: [] };
  const picks = new Map<string, Pick>();
  let mode: 'SINGLE' | 'PARLAY' = 'SINGLE';
  let parlayStake = DEFAULT_STAKE;
  let busy = false;
  let tab: 'matches' | 'bets' = 'matches';
  let betsView: 'open' | 'settled' = 'open';

  const matchesTab = h(
    'button',
    { type: 'button', role: 'tab', class: 'tab', 'data-testid': 'tab-matches' },
    t('matches'),
  );
  const betsTab = h(
    'button',
    { type: 'button', role: 'tab', class: 'tab', 'data-testid': 'tab-bets' },
    t('myBets'),
  );
  const list = h('section', { class: 'fixtures', 'data-testid': 'fixtures' });
  const results = h('section', { class: 'results', 'data-testid': 'results' });
  const bets = h('section', { class: 'bets', 'data-testid': 'bets', hidden: true });
  const slip = h('aside', { class: 'slip', 'data-testid': 'slip', 'aria-label': t('betSlip') });
  const layout = h('div', { class: 'layout' }, h('div', { class: 'board' }, results, list, bets), slip);
  fill(
    shell.main,
    h(
      'div',
      { class: 'league-head' },
      pitch(),
      h('div', { class: 'tabs', role: 'tablist' }, matchesTab, betsTab),
    ),
    layout,
  );

  const rulesSheet = shell.sheet('sportRules', (body) =>
    fill(body, h('p', {}, t('sportRulesText')), h('p', {}, t('stakeRule')), h('p', {}, t('parlayRule'))),
  );
  shell.addTopButton('rules', rulesSheet, 'rules');

  matchesTab.addEventListener('click', () => showTab('matches'));
  betsTab.addEventListener('click', () => showTab('bets'));

  function showTab(next: 'matches' | 'bets') {
    tab = next;
    matchesTab.setAttribute('aria-selected', String(tab === 'matches'));
    betsTab.setAttribute('aria-selected', String(tab === 'bets'));
    list.hidden = tab !== 'matches';
    results.hidden = tab !== 'matches';
    bets.hidden = tab !== 'bets';
    if (tab === 'bets') void loadBets();
  }

  function togglePick(f: SportFixture, index: number) {
    const key = pickKey(f.id, index);
    if (picks.has(key)) picks.delete(key);
    else
      picks.set(key, {
        key,
        fixture: f,
        index,
        leg: selectionsOf(f)[index]!,
        expected: f.returns[index]!,
        stake: DEFAULT_STAKE,
      });
    shell.clearError();
    renderBoard();
    renderSlip();
  }

  function oddsButton(f: SportFixture, index: number, label: string) {
    const leg = selectionsOf(f)[index]!;
    const chosen = picks.has(pickKey(f.id, index));
    return h(
      'button',
      {
        type: 'button',
        class: `odds${chosen ? ' chosen' : ''}`,
        'aria-pressed': String(chosen),
        'data-testid': `odds-${f.id}-${index}`,
        onclick: () => togglePick(f, index),
      },
      h('span', { class: 'odds-label' }, label),
      h('strong', {}, oddsText(leg.odds)),
    );
  }

  function fixtureCard(f: SportFixture) {
    const legs = selectionsOf(f);
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
      h(
        'div',
        { class: 'market' },
        h('span', { class: 'market-name' }, t('oneXTwo')),
        ...ONE_X_TWO.map((label, i) => oddsButton(f, i, label)),
      ),
      h(
        'div',
        { class: 'market' },
        h('span', { class: 'market-name' }, t('handicap')),
        oddsButton(f, 3, `${f.home.code} ${lineText(legs[3]!)}`),
        oddsButton(f, 4, `${f.away.code} ${lineText(legs[4]!)}`),
      ),
      h(
        'div',
        { class: 'market' },
        h('span', { class: 'market-name' }, t('overUnder')),
        oddsButton(f, 5, `${t('over')} ${lineText(legs[5]!)}`),
        oddsButton(f, 6, `${t('under')} ${lineText(legs[6]!)}`),
      ),
    );
  }

  function renderBoard() {
    const rounds = new Map<number, SportFixture[]>();
    for (const f of board.open) rounds.set(f.round_index, [...(rounds.get(f.round_index) ?? []), f]);
    if (rounds.size === 0) fill(list, h('p', { class: 'hint' }, t('noMatches')));
    else
      fill(
        list,
        ...[...rounds.values()].map((fixtures) =>
          h(
            'section',
            { class: 'round-group' },
            h('h2', { class: 'round-head' }, `${t('kickoff')} ${timeText(fixtures[0]!.kickoff_at)}`),
            ...fixtures.map(fixtureCard),
          ),
        ),
      );
    fill(
      results,
      h('h2', { class: 'round-head' }, t('results')),
      ...board.recent
        .slice(0, 4)
        .map((f) =>
          h(
            'div',
            { class: 'result-row', 'data-testid': `result-${f.id}` },
            h('span', { class: 'result-teams' }, `${f.home.name} v ${f.away.name}`),
            h(
              'strong',
              { class: 'result-score' },
              f.state === 'FINISHED' && f.score
                ? `${f.score.home} – ${f.score.away}`
                : f.state === 'VOID'
                  ? t('voided')
                  : t('playing'),
            ),
            f.state === 'SCHEDULED'
              ? null
              : h(
                  'button',
                  { type: 'button', class: 'btn btn-small', onclick: () => void verify(f) },
                  t('verify'),
                ),
          ),
        ),
    );
  }

  /** The commitment check a player can make: fetch the published JSON and seed, then hash and re-derive here. */
  async function verify(f: SportFixture) {
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

  function stakeInput(value: number, onChange: (stake: number) => void, testId: string) {
    const input = h('input', {
      class: 'input stake',
      type: 'number',
      inputmode: 'numeric',
      min: 1000,
      step: 1000,
      value,
      'aria-label': t('stake'),
      'data-testid': testId,
    });
    input.addEventListener('input', () => onChange(Math.trunc(Number(input.value))));
    return input;
  }

  const summaryLine = (label: TextKey, value: string, testId: string) =>
    h(
      'div',
      { class: 'summary-line' },
      h('span', {}, t(label)),
      h('strong', { 'data-testid': testId }, value),
    );

  function renderSlip() {
    const all = [...picks.values()];
    if (mode === 'PARLAY' && !parlayAllowed(all) && all.length < 2) mode = 'SINGLE';
    const head = h('h2', { class: 'slip-head' }, `${t('betSlip')} (${all.length})`);
    if (all.length === 0) return fill(slip, head, h('p', { class: 'hint' }, t('emptySlip')));
    const modeButton = (value: 'SINGLE' | 'PARLAY', label: TextKey) =>
      h(
        'button',
        {
          type: 'button',
          class: `tab${mode === value ? ' active' : ''}`,
          'aria-pressed': String(mode === value),
          'data-testid': `mode-${value.toLowerCase()}`,
          disabled: value === 'PARLAY' && !parlayAllowed(all),
          onclick: () => {
            mode = value;
            renderSlip();
          },
        },
        t(label),
      );
    const summary = h('div', { class: 'summary' });
    const refreshSummary = () => {
      if (mode === 'PARLAY') {
        const p = parlaySummary(all, parlayStake);
        fill(
          summary,
          summaryLine('combinedOdds', oddsText(p.odds), 'combined-odds'),
          summaryLine('potentialPayout', riel(p.payout), 'potential-payout'),
          summaryLine('expectedReturn', `${(p.expected * 100).toFixed(1)} %`, 'expected-return'),
        );
      } else {
        const total = all.reduce(
          (sum, p) =>
            sum +
            (stakeProblem(p.stake, [p.leg.odds]) === 'low' ? 0 : potentialPayout(p.stake, [p.leg.odds])),
          0,
        );
        fill(
          summary,
          summaryLine('stake', riel(all.reduce((sum, p) => sum + p.stake, 0)), 'total-stake'),
          summaryLine('potentialPayout', riel(total), 'potential-payout'),
        );
      }
    };
    const rows = all.map((p) =>
      h(
        'div',
        { class: 'slip-row', 'data-testid': `slip-${p.key}` },
        h(
          'div',
          { class: 'slip-pick' },
          h('span', {}, `${p.fixture.home.name} v ${p.fixture.away.name}`),
          h('strong', {}, `${pickName(p)} @ ${oddsText(p.leg.odds)}`),
        ),
        mode === 'SINGLE'
          ? stakeInput(
              p.stake,
              (stake) => {
                p.stake = stake;
                refreshSummary();
              },
              `stake-${p.key}`,
            )
          : null,
        h(
          'button',
          {
            type: 'button',
            class: 'btn btn-small',
            'aria-label': t('remove'),
            onclick: () => togglePick(p.fixture, p.index),
          },
          '×',
        ),
      ),
    );
    const place = h(
      'button',
      {
        type: 'button',
        class: 'btn btn-gold place',
        'data-testid': 'place',
        disabled: busy,
        onclick: () => void placeAll(),
      },
      busy ? t('placing') : t('placeSlip'),
    );
    fill(
      slip,
      head,
      h('div', { class: 'tabs' }, modeButton('SINGLE', 'singles'), modeButton('PARLAY', 'parlay')),
      ...rows,
      mode === 'PARLAY'
        ? stakeInput(
            parlayStake,
            (stake) => {
              parlayStake = stake;
              refreshSummary();
            },
            'stake-parlay',
          )
        : null,
      summary,
      h('p', { class: 'hint' }, mode === 'PARLAY' ? t('parlayRule') : t('stakeRule')),
      place,
    );
    refreshSummary();
  }

  function pickName(p: Pick): string {
    const { leg, fixture } = p;
    if (leg.market === '1X2')
      return leg.pick === 'HOME' ? fixture.home.name : leg.pick === 'AWAY' ? fixture.away.name : t('draw');
    if (leg.market === 'AH')
      return `${leg.pick === 'HOME' ? fixture.home.name : fixture.away.name} ${lineText(leg)}`;
    return `${leg.pick === 'OVER' ? t('over') : t('under')} ${lineText(leg)}`;
  }

  async function placeAll() {
    const all = [...picks.values()];
    const slips =
      mode === 'PARLAY'
        ? [{ type: 'PARLAY' as const, stake: parlayStake, picks: all }]
        : all.map((p) => ({ type: 'SINGLE' as const, stake: p.stake, picks: [p] }));
    busy = true;
    shell.clearError();
    renderSlip();
    let current = slips[0];
    try {
      for (const s of slips) {
        current = s;
        const reply = await shell.api.placeSlip({
          request_id: requestId(),
          type: s.type,
          stake: s.stake,
          legs: s.picks.map((p) => p.leg),
        });
        shell.setBalance(reply.balance);
        shell.announce(`${t('placed')} ${reply.slip.slip_no}`);
        if (s.type === 'PARLAY') picks.clear();
        else picks.delete(s.picks[0]!.key);
      }
    } catch (error) {
      if (error instanceof GameApiFailure && error.code === 'ODDS_CHANGED') {
        // Show the new odds on the slip; the player confirms by placing again.
        for (const change of error.changes ?? []) {
          const p = current?.picks[change.leg];
          if (p) p.leg = { ...p.leg, odds: change.current };
        }
      }
      shell.showError(error);
      await refreshBoard();
    } finally {
      busy = false;
      renderBoard();
      renderSlip();
    }
  }

  // A settled slip's legs in the page's language, as the board names them: 1 / X / 2, home or away with the line,
  // over or under with the line, and the leg's result.
  const marketName = (market: SlipLegView['market']) =>
    market === '1X2' ? t('oneXTwo') : market === 'AH' ? t('handicap') : t('overUnder');
  function legPickName(leg: SlipLegView): string {
    const line = lineText({ ...leg, odds: leg.odds });
    if (leg.market === '1X2') return leg.pick === 'HOME' ? '1' : leg.pick === 'AWAY' ? '2' : 'X';
    if (leg.market === 'AH') return `${leg.pick === 'HOME' ? t('homeSide') : t('awaySide')} ${line}`;
    return `${leg.pick === 'OVER' ? t('over') : t('under')} ${line}`;
  }
  const legResultName = (result: string): string =>
    LEG_RESULTS.includes(result as (typeof LEG_RESULTS)[number]) ? t(`result${result}` as TextKey) : result;

  function slipCard(v: SlipView) {
    return h(
      'article',
      { class: `slip-card status-${v.status}`, 'data-testid': `slip-card-${v.slip_no}` },
      h(
        'header',
        { class: 'slip-card-head' },
        h('span', {}, `${t('slipNo')} ${v.slip_no} · ${v.type === 'PARLAY' ? t('parlay') : t('singles')}`),
        h('strong', { 'data-testid': 'slip-status' }, t(`status${v.status}` as TextKey)),
      ),
      ...v.legs.map((leg) => {
        const result = leg.result === null ? '' : legResultName(leg.result);
        return h(
          'div',
          { class: 'slip-leg' },
          h('span', {}, leg.fixture),
          h('span', {}, `${marketName(leg.market)} · ${legPickName(leg)} @ ${oddsText(leg.odds)}`),
          h(
            'span',
            { class: 'leg-result', 'data-testid': 'leg-result' },
            leg.score ? `${leg.score.home}–${leg.score.away} ${result}`.trim() : result,
          ),
        );
      }),
      h(
        'footer',
        { class: 'slip-card-foot' },
        h('span', {}, `${t('stake')} ${riel(v.stake)} · ${t('odds')} ${oddsText(v.odds)}`),
        h(
          'strong',
          { 'data-testid': 'slip-payout' },
          v.payout === null
            ? `${t('potentialPayout')} ${riel(v.potential_payout)}`
            : `${t('payout')} ${riel(v.payout)}`,
        ),
      ),
    );
  }

  async function loadBets() {
    try {
      const rows = await shell.api.slips(betsView);
      // A settled slip's payout is in the wallet already: the balance shown goes with the slips.
      void shell.api
        .me()
        .then((me) => shell.setBalance(me.balance))
        .catch(() => undefined);
      const toggle = (value: 'open' | 'settled', label: TextKey) =>
        h(
          'button',
          {
            type: 'button',
            class: `tab${betsView === value ? ' active' : ''}`,
            'aria-pressed': String(betsView === value),
            'data-testid': `bets-${value}`,
            onclick: () => {
              betsView = value;
              void loadBets();
            },
          },
          t(label),
        );
      fill(
        bets,
        h('div', { class: 'tabs' }, toggle('open', 'openBets'), toggle('settled', 'settledBets')),
        ...(rows.length === 0 ? [h('p', { class: 'hint' }, t('noSlips'))] : rows.map(slipCard)),
      );
    } catch (error) {
      shell.showError(error);
    }
  }

  async function refreshBoard() {
    try {
      board = await shell.api.sportBoard();
      // A pick whose match has kicked off is no longer offered: it leaves the slip.
      const open = new Set(board.open.map((f) => f.id));
      for (const [key, p] of picks) if (!open.has(p.fixture.id)) picks.delete(key);
      renderBoard();
      renderSlip();
    } catch (error) {
      shell.showError(error);
    }
  }

  async function refreshAll(s: Shell) {
    await refreshBoard();
    if (tab === 'bets') await loadBets();
    // Settled slips pay through the wallet: the balance shown follows it.
    const me = await s.api.me().catch(() => null);
    if (me) s.setBalance(me.balance);
  }

  showTab('matches');
  await refreshBoard();
  window.setInterval(() => {
    if (!busy) void refreshAll(shell);
  }, REFRESH_MS);
}

void main();
