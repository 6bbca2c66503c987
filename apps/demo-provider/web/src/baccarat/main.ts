import type { DealReply, HistoryRound } from '../../../src/api/game-api';
import {
  BACCARAT_BET_KINDS,
  BACCARAT_LIMITS,
  type BaccaratBetKind,
  type Card,
  cardLabel,
  cardOf,
  checkRoundBets,
  handValue,
} from '../../../src/rules';
import { GameApiFailure } from '../shared/api';
import { fill, h, reducedMotion, requestId, wait } from '../shared/dom';
import { createFairness } from '../shared/fairness';
import { riel, thousands } from '../shared/i18n';
import { openShell } from '../shared/shell';
import { cardElement } from './cards';
import { BET_NAMES, BET_PAYS } from './pays';
import { BeadPlate } from './road';
import { rulesSheet } from './rules-sheet';
import './baccarat.css';

/*
 * The baccarat table (providers.md §7.2). The player stacks chips on the five spots; the page checks the
 * round against the rules' limits before anything is sent, the server deals and settles, and the page replays
 * the deal card by card in deal order (P1, B1, P2, B2, then third cards) with the running scores, then the
 * outcome and what each bet paid.
 */

const CHIPS = [1_000, 5_000, 10_000, 50_000, 100_000, 500_000] as const;
const CARD_MS = 520;

type Stakes = Partial<Record<BaccaratBetKind, number>>;

function outcomesOf(history: HistoryRound[]): DealReply['outcome'][] {
  return history.flatMap((round) => ('outcome' in round.result ? [round.result.outcome] : [])).reverse();
}

async function main(): Promise<void> {
  const shell = await openShell('baccaratTitle', '2');
  if (!shell) return;
  const { t } = shell.i18n;

  let chip: number = CHIPS[0];
  let stakes: Stakes = {};
  let lastStakes: Stakes = {};
  /** The finished round's stakes, shown beside its payouts until the player starts a new bet. */
  let settled: Stakes = {};
  let busy = false;
  let balance = shell.session.balance;

  // The two hands.
  const hand = (kind: 'PLAYER' | 'BANKER') => {
    const score = h('output', { class: 'score', 'data-testid': `score-${kind}` }, '');
    const cards = h('div', { class: 'cards', 'data-testid': `cards-${kind}` });
    const box = h(
      'section',
      { class: `hand ${kind.toLowerCase()}`, 'aria-label': t(BET_NAMES[kind]) },
      h('h2', { class: 'hand-title' }, t(BET_NAMES[kind]), score),
      cards,
    );
    return { box, score, cards };
  };
  const player = hand('PLAYER');
  const banker = hand('BANKER');
  const outcomeLine = h('p', { class: 'outcome', 'data-testid': 'outcome' }, ' ');

  // The bet spots.
  const spots = new Map<
    BaccaratBetKind,
    { button: HTMLButtonElement; stake: HTMLElement; result: HTMLElement }
  >();
  for (const pay of BET_PAYS) {
    const stake = h('span', { class: 'spot-stake', 'data-testid': `stake-${pay.kind}` });
    const result = h('span', { class: 'spot-result', 'data-testid': `payout-${pay.kind}` });
    const button = h(
      'button',
      { type: 'button', class: `spot ${pay.kind.toLowerCase()}`, 'data-testid': `spot-${pay.kind}` },
      h('span', { class: 'spot-name' }, t(BET_NAMES[pay.kind])),
      h('span', { class: 'spot-pays' }, pay.ratio),
      stake,
      result,
    );
    button.addEventListener('click', () => addChip(pay.kind));
    spots.set(pay.kind, { button, stake, result });
  }

  // Chips, clear, rebet, deal.
  const chipButtons = CHIPS.map((value) => {
    const button = h(
      'button',
      {
        type: 'button',
        class: `chip chip-${value}`,
        'aria-pressed': String(value === chip),
        'aria-label': `${t('chip')} ${riel(value)}`,
        'data-testid': `chip-${value}`,
      },
      value >= 1_000 ? `${thousands(value / 1_000)}K` : thousands(value),
    );
    button.addEventListener('click', () => {
      chip = value;
      chipButtons.forEach((b, i) => b.setAttribute('aria-pressed', String(CHIPS[i] === chip)));
      shell.sound.play('chip');
    });
    return button;
  });
  const clearButton = h('button', { type: 'button', class: 'btn', 'data-testid': 'clear' }, t('clear'));
  const rebetButton = h('button', { type: 'button', class: 'btn', 'data-testid': 'rebet' }, t('rebet'));
  const dealButton = h(
    'button',
    { type: 'button', class: 'btn btn-gold deal', 'data-testid': 'deal' },
    t('deal'),
  );
  const totalOut = h('output', { class: 'total', 'data-testid': 'total-bet' });
  const road = new BeadPlate(shell.i18n);

  const total = (s: Stakes) => Object.values(s).reduce((sum, v) => sum + (v ?? 0), 0);

  const render = () => {
    for (const kind of BACCARAT_BET_KINDS) {
      const spot = spots.get(kind)!;
      const amount = stakes[kind];
      const shown = amount ?? settled[kind];
      spot.stake.textContent = shown ? riel(shown) : '';
      spot.button.classList.toggle('has-stake', Boolean(amount));
      spot.button.setAttribute(
        'aria-label',
        `${t(BET_NAMES[kind])}, ${t('pays')} ${BET_PAYS.find((p) => p.kind === kind)!.ratio}` +
          (amount ? `, ${riel(amount)}` : ''),
      );
      spot.button.disabled = busy;
    }
    totalOut.textContent = `${t('totalBet')}: ${riel(total(stakes))}`;
    const empty = total(stakes) === 0;
    clearButton.disabled = busy || empty;
    rebetButton.disabled = busy || total(lastStakes) === 0;
    dealButton.disabled = busy || empty;
    chipButtons.forEach((b) => (b.disabled = busy));
  };

  /** A new bet clears the last round's results off the table. */
  const clearResults = () => {
    settled = {};
    for (const spot of spots.values()) {
      spot.result.textContent = '';
      spot.button.classList.remove('won', 'lost');
    }
  };

  const addChip = (kind: BaccaratBetKind) => {
    if (busy) return;
    shell.clearError();
    clearResults();
    const next = (stakes[kind] ?? 0) + chip;
    const { max } = BACCARAT_LIMITS[kind];
    if (next > max) {
      shell.notice(`${t(BET_NAMES[kind])}: ${t('overMax')} ${riel(max)}`);
      return;
    }
    stakes = { ...stakes, [kind]: next };
    shell.sound.play('chip');
    render();
  };
  clearButton.addEventListener('click', () => {
    stakes = {};
    clearResults();
    render();
  });
  rebetButton.addEventListener('click', () => {
    stakes = { ...lastStakes };
    clearResults();
    render();
  });

  shell.addTopButton('rules', rulesSheet(shell), 'open-rules');
  const fairness = createFairness(shell, (round) =>
    'outcome' in round.result ? t(BET_NAMES[round.result.outcome]) : '',
  );

  shell.main.append(
    h('div', { class: 'table' }, h('div', { class: 'hands' }, player.box, banker.box), outcomeLine),
    h(
      'div',
      { class: 'spots' },
      ...(['PLAYER_PAIR', 'TIE', 'BANKER_PAIR', 'PLAYER', 'BANKER'] as const).map(
        (k) => spots.get(k)!.button,
      ),
    ),
    h('div', { class: 'chips', role: 'group', 'aria-label': t('chips') }, ...chipButtons),
    h('div', { class: 'actions' }, clearButton, rebetButton, totalOut, dealButton),
    road.el,
  );
  render();
  shell.api
    .history(72)
    .then((history) => road.set(outcomesOf(history)))
    .catch(() => {
      // The road is a convenience: a failed history leaves it empty rather than bothering the player.
    });

  /** Puts one card on its hand, flipping it over, and updates that hand's running score. */
  const showCard = async (target: typeof player, cards: Card[], card: Card, instant: boolean) => {
    cards.push(card);
    const el = cardElement(card);
    target.cards.append(el);
    if (!instant) {
      shell.sound.play('flip');
      await el.querySelector('.card-inner')!.animate(
        [
          { transform: 'translateY(-60px) rotateY(180deg)', opacity: 0.3 },
          { transform: 'translateY(0) rotateY(180deg)', opacity: 1, offset: 0.4 },
          { transform: 'translateY(0) rotateY(0deg)', opacity: 1 },
        ],
        { duration: CARD_MS - 80, easing: 'ease-out' },
      ).finished;
    }
    target.score.textContent = String(handValue(cards));
  };

  const deal = async () => {
    if (busy) return;
    shell.clearError();
    const bets = BACCARAT_BET_KINDS.flatMap((kind) => (stakes[kind] ? [{ kind, amount: stakes[kind] }] : []));
    // The rules' own check before anything is sent: a refused round never reaches the wallet.
    const checked = checkRoundBets(bets);
    if (!checked.ok) {
      shell.notice(t('placeBet'));
      return;
    }
    if (total(stakes) > balance) {
      shell.showError(new GameApiFailure('NOT_ENOUGH_MONEY', 'checked before sending'));
      return;
    }
    busy = true;
    render();
    dealButton.textContent = t('dealing');
    outcomeLine.textContent = ' ';
    outcomeLine.className = 'outcome';
    fill(player.cards);
    fill(banker.cards);
    player.score.textContent = '';
    banker.score.textContent = '';
    let reply: DealReply;
    try {
      reply = await shell.api.deal({
        bets: bets.map((b) => ({ type: b.kind, amount: b.amount })),
        request_id: requestId(),
      });
    } catch (error) {
      shell.showError(error);
      busy = false;
      dealButton.textContent = t('deal');
      render();
      return;
    }
    shell.setBalance(reply.balance - reply.win);
    lastStakes = stakes;
    const instant = reducedMotion();
    const held = { PLAYER: [] as Card[], BANKER: [] as Card[] };
    for (const { hand: side, card } of reply.deal_order) {
      await showCard(side === 'PLAYER' ? player : banker, held[side], cardOf(card), instant);
      if (!instant) await wait(80);
    }
    const outcomeText = {
      PLAYER: t('playerWins'),
      BANKER: t('bankerWins'),
      TIE: t('tieResult'),
    }[reply.outcome];
    outcomeLine.textContent = `${outcomeText} · ${reply.player_score} : ${reply.banker_score}`;
    outcomeLine.className = `outcome ${reply.outcome.toLowerCase()}`;
    for (const bet of reply.bets) {
      const spot = spots.get(bet.type);
      if (!spot) continue;
      spot.result.textContent = bet.payout > 0 ? `+${riel(bet.payout)}` : riel(0);
      spot.button.classList.add(bet.payout > 0 ? 'won' : 'lost');
    }
    if (reply.win > 0) shell.sound.play('win');
    road.add(reply.outcome);
    balance = reply.balance;
    shell.setBalance(balance);
    const cardsSaid = (cards: Card[]) => cards.map(cardLabel).join(' ');
    shell.announce(
      `${outcomeText} ${reply.player_score} : ${reply.banker_score}. ` +
        `${t('player')}: ${cardsSaid(held.PLAYER)}; ${t('banker')}: ${cardsSaid(held.BANKER)}. ` +
        reply.bets.map((b) => `${t(BET_NAMES[b.type])} ${riel(b.amount)} → ${riel(b.payout)}`).join('; ') +
        `. ${t('win')} ${riel(reply.win)}. ${t('balance')} ${riel(reply.balance)}`,
    );
    fairness.update({
      server_seed_hash: reply.server_seed_hash,
      client_seed: reply.client_seed,
      next_nonce: reply.nonce + 1,
    });
    settled = stakes;
    stakes = {};
    busy = false;
    dealButton.textContent = t('deal');
    render();
  };
  dealButton.addEventListener('click', () => void deal());
}

void main();
