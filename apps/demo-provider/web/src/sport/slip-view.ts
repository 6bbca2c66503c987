import { GameApiFailure } from '../shared/api';
import { fill, h, requestId } from '../shared/dom';
import { riel, type TextKey } from '../shared/i18n';
import { type SportPage, togglePick } from './page';
import {
  lineText,
  oddsText,
  parlayAllowed,
  parlaySummary,
  type Pick,
  potentialPayout,
  stakeProblem,
} from './slip-model';

/* The bet slip: singles (each its own stake) or one parlay, its summary, and placing it. */

function stakeInput(page: SportPage, value: number, onChange: (stake: number) => void, testId: string) {
  const input = h('input', {
    class: 'input stake',
    type: 'number',
    inputmode: 'numeric',
    min: 1000,
    step: 1000,
    value,
    'aria-label': page.shell.i18n.t('stake'),
    'data-testid': testId,
  });
  input.addEventListener('input', () => onChange(Math.trunc(Number(input.value))));
  return input;
}

const summaryLine = (page: SportPage, label: TextKey, value: string, testId: string) =>
  h(
    'div',
    { class: 'summary-line' },
    h('span', {}, page.shell.i18n.t(label)),
    h('strong', { 'data-testid': testId }, value),
  );

function pickName(page: SportPage, p: Pick): string {
  const { t } = page.shell.i18n;
  const { leg, fixture } = p;
  if (leg.market === '1X2')
    return leg.pick === 'HOME' ? fixture.home.name : leg.pick === 'AWAY' ? fixture.away.name : t('draw');
  if (leg.market === 'AH')
    return `${leg.pick === 'HOME' ? fixture.home.name : fixture.away.name} ${lineText(leg)}`;
  return `${leg.pick === 'OVER' ? t('over') : t('under')} ${lineText(leg)}`;
}

/** The slip's totals: the parlay's odds, payout and expected return, or the singles' stake and payout. */
function fillSummary(page: SportPage, summary: HTMLElement, all: Pick[]): void {
  if (page.mode === 'PARLAY') {
    const p = parlaySummary(all, page.parlayStake);
    fill(
      summary,
      summaryLine(page, 'combinedOdds', oddsText(p.odds), 'combined-odds'),
      summaryLine(page, 'potentialPayout', riel(p.payout), 'potential-payout'),
      summaryLine(page, 'expectedReturn', `${(p.expected * 100).toFixed(1)} %`, 'expected-return'),
    );
    return;
  }
  const total = all.reduce(
    (sum, p) =>
      sum + (stakeProblem(p.stake, [p.leg.odds]) === 'low' ? 0 : potentialPayout(p.stake, [p.leg.odds])),
    0,
  );
  fill(
    summary,
    summaryLine(page, 'stake', riel(all.reduce((sum, p) => sum + p.stake, 0)), 'total-stake'),
    summaryLine(page, 'potentialPayout', riel(total), 'potential-payout'),
  );
}

function pickRow(page: SportPage, p: Pick, refreshSummary: () => void): HTMLElement {
  const { t } = page.shell.i18n;
  const stake = (value: number) => {
    p.stake = value;
    refreshSummary();
  };
  return h(
    'div',
    { class: 'slip-row', 'data-testid': `slip-${p.key}` },
    h(
      'div',
      { class: 'slip-pick' },
      h('span', {}, `${p.fixture.home.name} v ${p.fixture.away.name}`),
      h('strong', {}, `${pickName(page, p)} @ ${oddsText(p.leg.odds)}`),
    ),
    page.mode === 'SINGLE' ? stakeInput(page, p.stake, stake, `stake-${p.key}`) : null,
    h(
      'button',
      {
        type: 'button',
        class: 'btn btn-small',
        'aria-label': t('remove'),
        onclick: () => togglePick(page, p.fixture, p.index),
      },
      '×',
    ),
  );
}

function foldButton(page: SportPage): HTMLButtonElement {
  const { t } = page.shell.i18n;
  return h(
    'button',
    {
      type: 'button',
      class: 'btn btn-small slip-fold',
      'aria-expanded': String(!page.slipFolded),
      'data-testid': 'slip-fold',
      onclick: () => {
        page.slipFolded = !page.slipFolded;
        renderSlip(page);
      },
    },
    page.slipFolded ? t('showSlip') : t('hideSlip'),
  );
}

function modeButton(page: SportPage, all: Pick[], value: 'SINGLE' | 'PARLAY', label: TextKey) {
  return h(
    'button',
    {
      type: 'button',
      class: `tab${page.mode === value ? ' active' : ''}`,
      'aria-pressed': String(page.mode === value),
      'data-testid': `mode-${value.toLowerCase()}`,
      disabled: value === 'PARLAY' && !parlayAllowed(all),
      onclick: () => {
        page.mode = value;
        renderSlip(page);
      },
    },
    page.shell.i18n.t(label),
  );
}

export function renderSlip(page: SportPage): void {
  const { t } = page.shell.i18n;
  const { slip } = page.view;
  const all = [...page.picks.values()];
  if (page.mode === 'PARLAY' && !parlayAllowed(all) && all.length < 2) page.mode = 'SINGLE';
  const head = h('h2', { class: 'slip-head' }, `${t('betSlip')} (${all.length})`);
  if (all.length === 0) return fill(slip, head, h('p', { class: 'hint' }, t('emptySlip')));
  slip.classList.toggle('folded', page.slipFolded);
  const summary = h('div', { class: 'summary' });
  const refreshSummary = () => fillSummary(page, summary, all);
  const parlayStake = (stake: number) => {
    page.parlayStake = stake;
    refreshSummary();
  };
  const place = h(
    'button',
    {
      type: 'button',
      class: 'btn btn-gold place',
      'data-testid': 'place',
      disabled: page.busy,
      onclick: () => void placeAll(page),
    },
    page.busy ? t('placing') : t('placeSlip'),
  );
  // The picks scroll inside the slip; its total and the bet button stay in sight below them.
  fill(
    slip,
    h('div', { class: 'slip-top' }, head, foldButton(page)),
    h(
      'div',
      { class: 'slip-body' },
      h(
        'div',
        { class: 'tabs' },
        modeButton(page, all, 'SINGLE', 'singles'),
        modeButton(page, all, 'PARLAY', 'parlay'),
      ),
      ...all.map((p) => pickRow(page, p, refreshSummary)),
      page.mode === 'PARLAY' ? stakeInput(page, page.parlayStake, parlayStake, 'stake-parlay') : null,
      h('p', { class: 'hint' }, page.mode === 'PARLAY' ? t('parlayRule') : t('stakeRule')),
    ),
    h('div', { class: 'slip-foot' }, summary, place),
  );
  refreshSummary();
}

interface SlipToPlace {
  type: 'SINGLE' | 'PARLAY';
  stake: number;
  picks: Pick[];
}

/** Places the slips one after another; each placed one leaves the slip. */
async function placeEach(
  page: SportPage,
  slips: SlipToPlace[],
  placing: { current?: SlipToPlace },
): Promise<void> {
  const { shell } = page;
  for (const s of slips) {
    placing.current = s;
    const reply = await shell.api.placeSlip({
      request_id: requestId(),
      type: s.type,
      stake: s.stake,
      legs: s.picks.map((p) => p.leg),
    });
    shell.setBalance(reply.balance);
    shell.announce(`${shell.i18n.t('placed')} ${reply.slip.slip_no}`);
    if (s.type === 'PARLAY') page.picks.clear();
    else page.picks.delete(s.picks[0]!.key);
  }
}

async function placeAll(page: SportPage): Promise<void> {
  const { shell } = page;
  const all = [...page.picks.values()];
  const slips: SlipToPlace[] =
    page.mode === 'PARLAY'
      ? [{ type: 'PARLAY', stake: page.parlayStake, picks: all }]
      : all.map((p) => ({ type: 'SINGLE', stake: p.stake, picks: [p] }));
  page.busy = true;
  shell.clearError();
  renderSlip(page);
  const placing: { current?: SlipToPlace } = { current: slips[0] };
  try {
    await placeEach(page, slips, placing);
  } catch (error) {
    if (error instanceof GameApiFailure && error.code === 'ODDS_CHANGED') {
      // Show the new odds on the slip; the player confirms by placing again.
      for (const change of error.changes ?? []) {
        const p = placing.current?.picks[change.leg];
        if (p) p.leg = { ...p.leg, odds: change.current };
      }
    }
    shell.showError(error);
    await page.refreshBoard();
  } finally {
    page.busy = false;
    page.redraw();
  }
}
