import type { HistoryRound, SpinReply } from '../../../src/api/game-api';
import { ANGKOR_FORTUNE, evaluateSpin, type SpinOutcome } from '../../../src/rules';
import { h, reducedMotion, requestId, wait } from '../shared/dom';
import { createFairness } from '../shared/fairness';
import { riel } from '../shared/i18n';
import { openShell } from '../shared/shell';
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

async function main(): Promise<void> {
  const shell = await openShell('slotTitle', '3');
  if (!shell) return;
  const { t, lang } = shell.i18n;
  document.body.append(symbolDefs());

  let betIndex = 1;
  let busy = false;
  let cycle: number | undefined;
  let balance = shell.session.balance;
  const lineBet = () => LINE_BETS[betIndex]!;

  const reels = new Reels(FIRST_STOPS, t('slotTitle'));
  const winValue = h('output', { class: 'win-value', 'data-testid': 'win' }, riel(0));
  const caption = h('p', { class: 'win-caption', 'data-testid': 'win-caption' }, ' ');
  const betValue = h('output', { class: 'bet-value', 'data-testid': 'line-bet' });
  const totalValue = h('output', { class: 'bet-total', 'data-testid': 'total-bet' });
  const down = h('button', { type: 'button', class: 'btn bet-step', 'aria-label': t('lineBetDown') }, '−');
  const up = h('button', { type: 'button', class: 'btn bet-step', 'aria-label': t('lineBetUp') }, '+');
  const spinButton = h(
    'button',
    { type: 'button', class: 'btn btn-gold spin', 'data-testid': 'spin', 'aria-label': t('spin') },
    h('span', { 'aria-hidden': 'true', class: 'spin-icon' }, '⟳'),
    h('span', {}, t('spin')),
  );

  const renderBet = () => {
    betValue.textContent = riel(lineBet());
    totalValue.textContent = riel(lineBet() * LINES);
    down.disabled = busy || betIndex === 0;
    up.disabled = busy || betIndex === LINE_BETS.length - 1;
    spinButton.disabled = busy;
  };
  down.addEventListener('click', () => {
    betIndex = Math.max(0, betIndex - 1);
    renderBet();
  });
  up.addEventListener('click', () => {
    betIndex = Math.min(LINE_BETS.length - 1, betIndex + 1);
    renderBet();
  });

  const openPaytable = paytableSheet(shell, lineBet);
  shell.addTopButton('paytable', openPaytable, 'open-paytable');
  const fairness = createFairness(shell, (round: HistoryRound) =>
    'stops' in round.result ? `[${round.result.stops.join(', ')}]` : '',
  );

  shell.main.append(
    h('div', { class: 'machine' }, reels.svg),
    h('div', { class: 'win-box' }, h('span', { class: 'win-label' }, t('win')), winValue, caption),
    h(
      'div',
      { class: 'controls' },
      h(
        'div',
        { class: 'bet', role: 'group', 'aria-label': t('lineBet') },
        down,
        h(
          'div',
          { class: 'bet-text' },
          h('span', { class: 'bet-label' }, t('lineBet')),
          betValue,
          h('span', { class: 'bet-label' }, t('totalBet')),
          totalValue,
        ),
        up,
      ),
      spinButton,
    ),
    h('p', { class: 'rtp-line' }, `${t('rtp')}: ${rtpPercent()} · ${LINES} ${t('line')}`),
  );
  renderBet();

  /** One line's description: "Line 3 · K × 3 · 600 ៛". */
  const lineText = (outcome: SpinOutcome, i: number) => {
    const win = outcome.lineWins[i]!;
    return `${t('line')} ${win.lineIndex + 1} · ${SYMBOL_NAMES[win.symbol][lang]} × ${win.count} · ${riel(win.win)}`;
  };
  const scatterText = (outcome: SpinOutcome) =>
    `${SYMBOL_NAMES.S[lang]} × ${outcome.scatter.count} · ${riel(outcome.scatter.win)}`;

  /** Shows every win at once, then each line in turn with its own win, until the next spin. */
  const cycleWins = (outcome: SpinOutcome) => {
    const steps: { only: number | 'scatter'; text: string }[] = outcome.lineWins.map((_, i) => ({
      only: i,
      text: lineText(outcome, i),
    }));
    if (outcome.scatter.win > 0) steps.push({ only: 'scatter', text: scatterText(outcome) });
    reels.showWins(outcome, 'all');
    caption.textContent = steps.map((step) => step.text).join(' · ');
    if (steps.length < 2 || reducedMotion()) return;
    let next = 0;
    cycle = window.setInterval(() => {
      const step = steps[next % steps.length]!;
      reels.showWins(outcome, step.only);
      caption.textContent = step.text;
      next += 1;
    }, 1400);
  };

  /** Counts the win up from 0 (at once when the player asked for less motion). */
  const countUp = async (win: number) => {
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
  };

  const spin = async () => {
    if (busy) return;
    busy = true;
    window.clearInterval(cycle);
    shell.clearError();
    renderBet();
    spinButton.setAttribute('aria-busy', 'true');
    caption.textContent = t('spinning');
    winValue.textContent = riel(0);
    winValue.classList.remove('won');
    reels.clearWins();
    let reply: SpinReply;
    try {
      reply = await shell.api.spin({ line_bet: lineBet(), request_id: requestId() });
    } catch (error) {
      shell.showError(error);
      caption.textContent = ' ';
      busy = false;
      spinButton.removeAttribute('aria-busy');
      renderBet();
      return;
    }
    // The bet has left the wallet; the win arrives when the count-up ends.
    shell.setBalance(reply.balance - reply.win);
    const outcome = evaluateSpin(reply.stops, lineBet());
    if (outcome.totalWin !== reply.win)
      console.warn(
        `the published rules price these stops at ${outcome.totalWin}, the server paid ${reply.win}`,
      );

    const instant = reducedMotion();
    const ticks = instant ? undefined : window.setInterval(() => shell.sound.play('tick'), 90);
    await reels.spin(reply.stops, instant, () => shell.sound.play('stop'));
    window.clearInterval(ticks);
    reels.svg.setAttribute('aria-label', `${t('slotTitle')}: ${reels.describe()}`);

    if (reply.win > 0) {
      shell.sound.play('win');
      winValue.classList.add('won');
      cycleWins(outcome);
      await countUp(reply.win);
      shell.announce(
        `${t('win')} ${riel(reply.win)} — ${[
          ...outcome.lineWins.map((_, i) => lineText(outcome, i)),
          ...(outcome.scatter.win > 0 ? [scatterText(outcome)] : []),
        ].join('; ')}. ${t('balance')} ${riel(reply.balance)}`,
      );
    } else {
      caption.textContent = t('noWin');
      shell.announce(`${t('noWin')}. ${t('balance')} ${riel(reply.balance)}`);
      await wait(instant ? 0 : 150);
    }
    balance = reply.balance;
    shell.setBalance(balance);
    fairness.update({
      server_seed_hash: reply.server_seed_hash,
      client_seed: reply.client_seed,
      next_nonce: reply.nonce + 1,
    });
    busy = false;
    spinButton.removeAttribute('aria-busy');
    renderBet();
  };
  spinButton.addEventListener('click', () => void spin());
}

void main();
