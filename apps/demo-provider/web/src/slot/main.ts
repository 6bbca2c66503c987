import type { HistoryRound, SpinReply } from '../../../src/api/game-api';
import { ANGKOR_FORTUNE, evaluateSpin, type SpinOutcome } from '../../../src/rules';
import { h, reducedMotion, requestId, wait } from '../shared/dom';
import { createFairness, type Fairness } from '../shared/fairness';
import { riel } from '../shared/i18n';
import { openShell, type Shell } from '../shared/shell';
import { SYMBOL_NAMES, symbolDefs } from './art';
import { paytableSheet, rtpPercent } from './paytable';
import { Reels } from './reels';
import './slot.css';

/*
 * Angkor Fortune (providers.md §7.1). The server decides every spin; this page shows it: the reels land on the
 * server's stops, the wins are drawn and counted up, and the balance is the wallet's answer. The page evaluates
 * the stops itself with the published rules only to draw the lines (and says so in the console if it ever
 * disagrees with the server).
 */

const LINE_BETS = ANGKOR_FORTUNE.lineBets;
const LINES = ANGKOR_FORTUNE.lines.length;
/** A first screen that shows the art rather than a row of letters. */
const FIRST_STOPS = [6, 6, 2, 9, 19];

/** The page's elements that change. */
interface SlotView {
  reels: Reels;
  winValue: HTMLOutputElement;
  caption: HTMLParagraphElement;
  betValue: HTMLOutputElement;
  totalValue: HTMLOutputElement;
  down: HTMLButtonElement;
  up: HTMLButtonElement;
  spinButton: HTMLButtonElement;
}

interface SlotPage {
  shell: Shell;
  view: SlotView;
  fairness: Fairness;
  betIndex: number;
  busy: boolean;
  /** The timer that shows the last spin's wins one line after another. */
  cycle: number | undefined;
}

const lineBetOf = (page: SlotPage): number => LINE_BETS[page.betIndex]!;

function createView(shell: Shell): SlotView {
  const { t } = shell.i18n;
  return {
    reels: new Reels(FIRST_STOPS, t('slotTitle')),
    winValue: h('output', { class: 'win-value', 'data-testid': 'win' }, riel(0)),
    caption: h('p', { class: 'win-caption', 'data-testid': 'win-caption' }, ' '),
    betValue: h('output', { class: 'bet-value', 'data-testid': 'line-bet' }),
    totalValue: h('output', { class: 'bet-total', 'data-testid': 'total-bet' }),
    down: h('button', { type: 'button', class: 'btn bet-step', 'aria-label': t('lineBetDown') }, '−'),
    up: h('button', { type: 'button', class: 'btn bet-step', 'aria-label': t('lineBetUp') }, '+'),
    spinButton: h(
      'button',
      { type: 'button', class: 'btn btn-gold spin', 'data-testid': 'spin', 'aria-label': t('spin') },
      h('span', { 'aria-hidden': 'true', class: 'spin-icon' }, '⟳'),
      h('span', {}, t('spin')),
    ),
  };
}

function layout(shell: Shell, view: SlotView): void {
  const { t } = shell.i18n;
  shell.main.append(
    h('div', { class: 'machine' }, view.reels.svg),
    h('div', { class: 'win-box' }, h('span', { class: 'win-label' }, t('win')), view.winValue, view.caption),
    h(
      'div',
      { class: 'controls' },
      h(
        'div',
        { class: 'bet', role: 'group', 'aria-label': t('lineBet') },
        view.down,
        h(
          'div',
          { class: 'bet-text' },
          h('span', { class: 'bet-label' }, t('lineBet')),
          view.betValue,
          h('span', { class: 'bet-label' }, t('totalBet')),
          view.totalValue,
        ),
        view.up,
      ),
      view.spinButton,
    ),
    h('p', { class: 'rtp-line' }, `${t('rtp')}: ${rtpPercent()} · ${LINES} ${t('line')}`),
  );
}

function renderBet(page: SlotPage): void {
  const { view, busy, betIndex } = page;
  view.betValue.textContent = riel(lineBetOf(page));
  view.totalValue.textContent = riel(lineBetOf(page) * LINES);
  view.down.disabled = busy || betIndex === 0;
  view.up.disabled = busy || betIndex === LINE_BETS.length - 1;
  view.spinButton.disabled = busy;
}

/** One line's description: "Line 3 · K × 3 · 600 ៛". */
function lineText(shell: Shell, outcome: SpinOutcome, i: number): string {
  const { t, lang } = shell.i18n;
  const win = outcome.lineWins[i]!;
  return `${t('line')} ${win.lineIndex + 1} · ${SYMBOL_NAMES[win.symbol][lang]} × ${win.count} · ${riel(win.win)}`;
}

const scatterText = (shell: Shell, outcome: SpinOutcome): string =>
  `${SYMBOL_NAMES.S[shell.i18n.lang]} × ${outcome.scatter.count} · ${riel(outcome.scatter.win)}`;

/** Every win of the spin, described: each line, then the scatter. */
function winSteps(shell: Shell, outcome: SpinOutcome): { only: number | 'scatter'; text: string }[] {
  const steps: { only: number | 'scatter'; text: string }[] = outcome.lineWins.map((_, i) => ({
    only: i,
    text: lineText(shell, outcome, i),
  }));
  if (outcome.scatter.win > 0) steps.push({ only: 'scatter', text: scatterText(shell, outcome) });
  return steps;
}

/** Shows every win at once, then each line in turn with its own win, until the next spin. */
function cycleWins(page: SlotPage, outcome: SpinOutcome): void {
  const { reels, caption } = page.view;
  const steps = winSteps(page.shell, outcome);
  reels.showWins(outcome, 'all');
  caption.textContent = steps.map((step) => step.text).join(' · ');
  if (steps.length < 2 || reducedMotion()) return;
  let next = 0;
  page.cycle = window.setInterval(() => {
    const step = steps[next % steps.length]!;
    reels.showWins(outcome, step.only);
    caption.textContent = step.text;
    next += 1;
  }, 1400);
}

/** Counts the win up from 0 (at once when the player asked for less motion). */
async function countUp(winValue: HTMLOutputElement, win: number): Promise<void> {
  if (reducedMotion() || win === 0) {
    winValue.textContent = riel(win);
    return;
  }
  const duration = Math.min(2200, 700 + Math.log10(win) * 250);
  const start = performance.now();
  await new Promise<void>((resolve) => {
    const frame = (now: number) => {
      const progress = Math.min(1, (now - start) / duration);
      winValue.textContent = riel(Math.round(win * (1 - (1 - progress) ** 3)));
      if (progress < 1) requestAnimationFrame(frame);
      else resolve();
    };
    requestAnimationFrame(frame);
  });
}

function setBusy(page: SlotPage, busy: boolean): void {
  page.busy = busy;
  if (busy) page.view.spinButton.setAttribute('aria-busy', 'true');
  else page.view.spinButton.removeAttribute('aria-busy');
  renderBet(page);
}

/** Clears the last spin off the machine and asks the server for the next one; null when it refused. */
async function requestSpin(page: SlotPage): Promise<SpinReply | null> {
  const { shell, view } = page;
  window.clearInterval(page.cycle);
  shell.clearError();
  setBusy(page, true);
  view.caption.textContent = shell.i18n.t('spinning');
  view.winValue.textContent = riel(0);
  view.winValue.classList.remove('won');
  view.reels.clearWins();
  try {
    return await shell.api.spin({ line_bet: lineBetOf(page), request_id: requestId() });
  } catch (error) {
    shell.showError(error);
    view.caption.textContent = ' ';
    setBusy(page, false);
    return null;
  }
}

/** Lands the reels on the server's stops, with the ticking and the stops' sounds. */
async function landReels(page: SlotPage, reply: SpinReply, instant: boolean): Promise<void> {
  const { shell, view } = page;
  const ticks = instant ? undefined : window.setInterval(() => shell.sound.play('tick'), 90);
  await view.reels.spin(reply.stops, instant, () => shell.sound.play('stop'));
  window.clearInterval(ticks);
  view.reels.svg.setAttribute('aria-label', `${shell.i18n.t('slotTitle')}: ${view.reels.describe()}`);
}

async function showOutcome(
  page: SlotPage,
  reply: SpinReply,
  outcome: SpinOutcome,
  instant: boolean,
): Promise<void> {
  const { shell, view } = page;
  const { t } = shell.i18n;
  if (reply.win > 0) {
    shell.sound.play('win');
    view.winValue.classList.add('won');
    cycleWins(page, outcome);
    await countUp(view.winValue, reply.win);
    const described = winSteps(shell, outcome).map((step) => step.text);
    shell.announce(
      `${t('win')} ${riel(reply.win)} — ${described.join('; ')}. ${t('balance')} ${riel(reply.balance)}`,
    );
  } else {
    view.caption.textContent = t('noWin');
    shell.announce(`${t('noWin')}. ${t('balance')} ${riel(reply.balance)}`);
    await wait(instant ? 0 : 150);
  }
}

async function spin(page: SlotPage): Promise<void> {
  if (page.busy) return;
  const reply = await requestSpin(page);
  if (!reply) return;
  const { shell } = page;
  // The bet has left the wallet; the win arrives when the count-up ends.
  shell.setBalance(reply.balance - reply.win);
  const outcome = evaluateSpin(reply.stops, lineBetOf(page));
  if (outcome.totalWin !== reply.win)
    console.warn(
      `the published rules price these stops at ${outcome.totalWin}, the server paid ${reply.win}`,
    );
  const instant = reducedMotion();
  await landReels(page, reply, instant);
  await showOutcome(page, reply, outcome, instant);
  shell.setBalance(reply.balance);
  page.fairness.update({
    server_seed_hash: reply.server_seed_hash,
    client_seed: reply.client_seed,
    next_nonce: reply.nonce + 1,
  });
  setBusy(page, false);
}

function wireControls(page: SlotPage): void {
  const { down, up, spinButton } = page.view;
  down.addEventListener('click', () => {
    page.betIndex = Math.max(0, page.betIndex - 1);
    renderBet(page);
  });
  up.addEventListener('click', () => {
    page.betIndex = Math.min(LINE_BETS.length - 1, page.betIndex + 1);
    renderBet(page);
  });
  spinButton.addEventListener('click', () => void spin(page));
}

async function main(): Promise<void> {
  const shell = await openShell('slotTitle', '3');
  if (!shell) return;
  document.body.append(symbolDefs());
  const view = createView(shell);
  // The paytable reads the line bet only when opened, after the page exists.
  shell.addTopButton(
    'paytable',
    paytableSheet(shell, () => lineBetOf(page)),
    'open-paytable',
  );
  const fairness = createFairness(shell, (round: HistoryRound) =>
    'stops' in round.result ? `[${round.result.stops.join(', ')}]` : '',
  );
  const page: SlotPage = { shell, view, fairness, betIndex: 1, busy: false, cycle: undefined };
  layout(shell, view);
  wireControls(page);
  renderBet(page);
}

void main();
