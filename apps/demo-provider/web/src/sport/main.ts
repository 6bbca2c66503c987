import { fill, h } from '../shared/dom';
import { openShell, type Shell } from '../shared/shell';
import { pitch } from './art';
import { loadBets } from './bets-view';
import { renderBoard } from './board-view';
import type { SportPage, SportView } from './page';
import { DEFAULT_STAKE } from './slip-model';
import { renderSlip } from './slip-view';
import './sport.css';

/*
 * Demo League (providers.md §7.4): the open fixtures by round with their 1X2, Asian handicap and over/under
 * odds; a bet slip of singles (each its own stake) or one parlay (combined odds, potential payout and expected
 * return); the player's open and settled slips; and each result's check against its published commitment,
 * re-derived in the browser. Every price and result comes from the server; the page only shows and checks them.
 * Its parts: page.ts (state), board-view.ts, slip-view.ts, bets-view.ts.
 */

const REFRESH_MS = 15_000;

function createView(shell: Shell): SportView {
  const { t } = shell.i18n;
  const tab = (testId: string, label: string) =>
    h('button', { type: 'button', role: 'tab', class: 'tab', 'data-testid': testId }, label);
  return {
    matchesTab: tab('tab-matches', t('matches')),
    betsTab: tab('tab-bets', t('myBets')),
    list: h('section', { class: 'fixtures', 'data-testid': 'fixtures' }),
    results: h('section', { class: 'results', 'data-testid': 'results' }),
    bets: h('section', { class: 'bets', 'data-testid': 'bets', hidden: true }),
    slip: h('aside', { class: 'slip', 'data-testid': 'slip', 'aria-label': t('betSlip') }),
  };
}

function layout(shell: Shell, view: SportView): void {
  const { t } = shell.i18n;
  fill(
    shell.main,
    h(
      'div',
      { class: 'league-head' },
      pitch(),
      h('div', { class: 'tabs', role: 'tablist' }, view.matchesTab, view.betsTab),
    ),
    h(
      'div',
      { class: 'layout' },
      h('div', { class: 'board' }, view.results, view.list, view.bets),
      view.slip,
    ),
  );
  const rules = shell.sheet('sportRules', (body) =>
    fill(body, h('p', {}, t('sportRulesText')), h('p', {}, t('stakeRule')), h('p', {}, t('parlayRule'))),
  );
  shell.addTopButton('rules', rules, 'rules');
}

function showTab(page: SportPage, next: 'matches' | 'bets'): void {
  const { view } = page;
  page.tab = next;
  view.matchesTab.setAttribute('aria-selected', String(next === 'matches'));
  view.betsTab.setAttribute('aria-selected', String(next === 'bets'));
  view.list.hidden = next !== 'matches';
  view.results.hidden = next !== 'matches';
  view.bets.hidden = next !== 'bets';
  if (next === 'bets') void loadBets(page);
}

async function refreshBoard(page: SportPage): Promise<void> {
  try {
    page.board = await page.shell.api.sportBoard();
    // A pick whose match has kicked off is no longer offered: it leaves the slip.
    const open = new Set(page.board.open.map((f) => f.id));
    for (const [key, p] of page.picks) if (!open.has(p.fixture.id)) page.picks.delete(key);
    page.redraw();
  } catch (error) {
    page.shell.showError(error);
  }
}

async function refreshAll(page: SportPage): Promise<void> {
  await refreshBoard(page);
  if (page.tab === 'bets') await loadBets(page);
  // Settled slips pay through the wallet: the balance shown follows it.
  const me = await page.shell.api.me().catch(() => null);
  if (me) page.shell.setBalance(me.balance);
}

async function main(): Promise<void> {
  const shell = await openShell('sportTitle', 'sport');
  if (!shell) return;
  const view = createView(shell);
  layout(shell, view);
  const page: SportPage = {
    shell,
    view,
    board: { now: new Date().toISOString(), open: [], recent: [] },
    picks: new Map(),
    mode: 'SINGLE',
    parlayStake: DEFAULT_STAKE,
    busy: false,
    tab: 'matches',
    betsView: 'open',
    slipFolded: false,
    redraw: () => {
      renderBoard(page);
      renderSlip(page);
    },
    refreshBoard: () => refreshBoard(page),
  };
  view.matchesTab.addEventListener('click', () => showTab(page, 'matches'));
  view.betsTab.addEventListener('click', () => showTab(page, 'bets'));
  showTab(page, 'matches');
  await refreshBoard(page);
  window.setInterval(() => {
    if (!page.busy) void refreshAll(page);
  }, REFRESH_MS);
}

void main();
