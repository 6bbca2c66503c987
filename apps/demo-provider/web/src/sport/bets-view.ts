import type { SlipLegView, SlipView } from '../../../src/api/game-api';
import { fill, h } from '../shared/dom';
import { riel, type TextKey } from '../shared/i18n';
import type { SportPage } from './page';
import { lineText, oddsText } from './slip-model';

/* The player's slips, open or settled, with each leg's result. */

const LEG_RESULTS = ['WIN', 'HALF_WIN', 'PUSH', 'HALF_LOSS', 'LOSS', 'VOID'] as const;

type T = SportPage['shell']['i18n']['t'];

// A settled slip's legs in the page's language, as the board names them: 1 / X / 2, home or away with the line,
// over or under with the line, and the leg's result.
const marketName = (t: T, market: SlipLegView['market']) =>
  market === '1X2' ? t('oneXTwo') : market === 'AH' ? t('handicap') : t('overUnder');

function legPickName(t: T, leg: SlipLegView): string {
  const line = lineText({ ...leg, odds: leg.odds });
  if (leg.market === '1X2')
    return leg.pick === 'HOME' ? t('homeSide') : leg.pick === 'AWAY' ? t('awaySide') : t('draw');
  if (leg.market === 'AH') return `${leg.pick === 'HOME' ? t('homeSide') : t('awaySide')} ${line}`;
  return `${leg.pick === 'OVER' ? t('over') : t('under')} ${line}`;
}

const legResultName = (t: T, result: string): string =>
  LEG_RESULTS.includes(result as (typeof LEG_RESULTS)[number]) ? t(`result${result}` as TextKey) : result;

function legRow(t: T, leg: SlipLegView): HTMLElement {
  const result = leg.result === null ? '' : legResultName(t, leg.result);
  return h(
    'div',
    { class: 'slip-leg' },
    h('span', {}, leg.fixture),
    h('span', {}, `${marketName(t, leg.market)} · ${legPickName(t, leg)} @ ${oddsText(leg.odds)}`),
    h(
      'span',
      { class: 'leg-result', 'data-testid': 'leg-result' },
      leg.score ? `${leg.score.home}–${leg.score.away} ${result}`.trim() : result,
    ),
  );
}

function slipCard(t: T, v: SlipView): HTMLElement {
  return h(
    'article',
    { class: `slip-card status-${v.status}`, 'data-testid': `slip-card-${v.slip_no}` },
    h(
      'header',
      { class: 'slip-card-head' },
      h('span', {}, `${t('slipNo')} ${v.slip_no} · ${v.type === 'PARLAY' ? t('parlay') : t('singles')}`),
      h('strong', { 'data-testid': 'slip-status' }, t(`status${v.status}` as TextKey)),
    ),
    ...v.legs.map((leg) => legRow(t, leg)),
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

function viewToggle(page: SportPage, value: 'open' | 'settled', label: TextKey): HTMLButtonElement {
  return h(
    'button',
    {
      type: 'button',
      class: `tab${page.betsView === value ? ' active' : ''}`,
      'aria-pressed': String(page.betsView === value),
      'data-testid': `bets-${value}`,
      onclick: () => {
        page.betsView = value;
        void loadBets(page);
      },
    },
    page.shell.i18n.t(label),
  );
}

export async function loadBets(page: SportPage): Promise<void> {
  const { shell } = page;
  const { t } = shell.i18n;
  try {
    const rows = await shell.api.slips(page.betsView);
    // A settled slip's payout is in the wallet already: the balance shown goes with the slips.
    void shell.api
      .me()
      .then((me) => shell.setBalance(me.balance))
      .catch(() => undefined);
    fill(
      page.view.bets,
      h(
        'div',
        { class: 'tabs' },
        viewToggle(page, 'open', 'openBets'),
        viewToggle(page, 'settled', 'settledBets'),
      ),
      ...(rows.length === 0 ? [h('p', { class: 'hint' }, t('noSlips'))] : rows.map((v) => slipCard(t, v))),
    );
  } catch (error) {
    shell.showError(error);
  }
}
