import type { DealReply, HistoryRound } from '../../../src/api/game-api';
import {
  BACCARAT_BET_KINDS,
  type BaccaratBet,
  baccaratTable,
  type BaccaratTable,
  type BaccaratBetKind,
  type Card,
  cardLabel,
  cardOf,
  checkRoundBets,
  handValue,
} from '../../../src/rules';
import { GameApiFailure } from '../shared/api';
import { fill, h, reducedMotion, requestId, wait } from '../shared/dom';
import { createFairness, type Fairness } from '../shared/fairness';
import { riel, thousands } from '../shared/i18n';
import { openShell, type Shell } from '../shared/shell';
import { cardElement } from './cards';
import { BET_NAMES, BET_PAYS } from './pays';
import { BeadPlate, BigRoadView } from './road';
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

interface Hand {
  box: HTMLElement;
  score: HTMLOutputElement;
  cards: HTMLDivElement;
}

interface Spot {
  button: HTMLButtonElement;
  stake: HTMLElement;
  result: HTMLElement;
}

/** The page's elements that change. */
interface TableView {
  player: Hand;
  banker: Hand;
  outcomeLine: HTMLParagraphElement;
  spots: Map<BaccaratBetKind, Spot>;
  chipButtons: HTMLButtonElement[];
  clearButton: HTMLButtonElement;
  rebetButton: HTMLButtonElement;
  dealButton: HTMLButtonElement;
  totalOut: HTMLOutputElement;
  road: BeadPlate;
  bigRoad: BigRoadView;
}

interface TablePage {
  shell: Shell;
  /** What the casino's wallet takes in one bet (its session answer's max_bet, decision 0042). */
  table: BaccaratTable;
  view: TableView;
  fairness: Fairness;
  chip: number;
  stakes: Stakes;
  lastStakes: Stakes;
  /** The finished round's stakes, shown beside its payouts until the player starts a new bet. */
  settled: Stakes;
  busy: boolean;
  balance: number;
}

const total = (s: Stakes): number => Object.values(s).reduce((sum, v) => sum + (v ?? 0), 0);

function handView(shell: Shell, kind: 'PLAYER' | 'BANKER'): Hand {
  const { t } = shell.i18n;
  const score = h('output', { class: 'score', 'data-testid': `score-${kind}` }, '');
  const cards = h('div', { class: 'cards', 'data-testid': `cards-${kind}` });
  const box = h(
    'section',
    { class: `hand ${kind.toLowerCase()}`, 'aria-label': t(BET_NAMES[kind]) },
    h('h2', { class: 'hand-title' }, t(BET_NAMES[kind]), score),
    cards,
  );
  return { box, score, cards };
}

function spotViews(shell: Shell): Map<BaccaratBetKind, Spot> {
  const { t } = shell.i18n;
  const spots = new Map<BaccaratBetKind, Spot>();
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
    spots.set(pay.kind, { button, stake, result });
  }
  return spots;
}

function chipView(shell: Shell, value: number): HTMLButtonElement {
  return h(
    'button',
    {
      type: 'button',
      class: `chip chip-${value}`,
      'aria-pressed': String(value === CHIPS[0]),
      'aria-label': `${shell.i18n.t('chip')} ${riel(value)}`,
      'data-testid': `chip-${value}`,
    },
    value >= 1_000 ? `${thousands(value / 1_000)}K` : thousands(value),
  );
}

function createView(shell: Shell): TableView {
  const { t } = shell.i18n;
  return {
    player: handView(shell, 'PLAYER'),
    banker: handView(shell, 'BANKER'),
    outcomeLine: h('p', { class: 'outcome', 'data-testid': 'outcome' }, ' '),
    spots: spotViews(shell),
    chipButtons: CHIPS.map((value) => chipView(shell, value)),
    clearButton: h('button', { type: 'button', class: 'btn', 'data-testid': 'clear' }, t('clear')),
    rebetButton: h('button', { type: 'button', class: 'btn', 'data-testid': 'rebet' }, t('rebet')),
    dealButton: h('button', { type: 'button', class: 'btn btn-gold deal', 'data-testid': 'deal' }, t('deal')),
    totalOut: h('output', { class: 'total', 'data-testid': 'total-bet' }),
    road: new BeadPlate(shell.i18n),
    bigRoad: new BigRoadView(shell.i18n),
  };
}

function layout(shell: Shell, view: TableView): void {
  const { t } = shell.i18n;
  shell.main.append(
    h(
      'div',
      { class: 'table' },
      h('div', { class: 'hands' }, view.player.box, view.banker.box),
      view.outcomeLine,
    ),
    h(
      'div',
      { class: 'spots' },
      ...(['PLAYER_PAIR', 'TIE', 'BANKER_PAIR', 'PLAYER', 'BANKER'] as const).map(
        (k) => view.spots.get(k)!.button,
      ),
    ),
    h('div', { class: 'chips', role: 'group', 'aria-label': t('chips') }, ...view.chipButtons),
    h('div', { class: 'actions' }, view.clearButton, view.rebetButton, view.totalOut, view.dealButton),
    h('div', { class: 'roads' }, view.road.el, view.bigRoad.el),
  );
}

function renderSpot(page: TablePage, kind: BaccaratBetKind): void {
  const { t } = page.shell.i18n;
  const spot = page.view.spots.get(kind)!;
  const amount = page.stakes[kind];
  const shown = amount ?? page.settled[kind];
  spot.stake.textContent = shown ? riel(shown) : '';
  spot.button.classList.toggle('has-stake', Boolean(amount));
  spot.button.setAttribute(
    'aria-label',
    `${t(BET_NAMES[kind])}, ${t('pays')} ${BET_PAYS.find((p) => p.kind === kind)!.ratio}` +
      (amount ? `, ${riel(amount)}` : ''),
  );
  spot.button.disabled = page.busy;
}

function render(page: TablePage): void {
  const { view, busy, stakes } = page;
  for (const kind of BACCARAT_BET_KINDS) renderSpot(page, kind);
  view.totalOut.textContent = `${page.shell.i18n.t('totalBet')}: ${riel(total(stakes))}`;
  const empty = total(stakes) === 0;
  view.clearButton.disabled = busy || empty;
  view.rebetButton.disabled = busy || total(page.lastStakes) === 0;
  view.dealButton.disabled = busy || empty;
  view.chipButtons.forEach((b) => (b.disabled = busy));
}

/** A new bet clears the last round's results off the table. */
function clearResults(page: TablePage): void {
  page.settled = {};
  for (const spot of page.view.spots.values()) {
    spot.result.textContent = '';
    spot.button.classList.remove('won', 'lost');
  }
}

function addChip(page: TablePage, kind: BaccaratBetKind): void {
  const { shell, table, stakes } = page;
  const { t } = shell.i18n;
  if (page.busy) return;
  shell.clearError();
  clearResults(page);
  const next = (stakes[kind] ?? 0) + page.chip;
  const { max } = table.kinds[kind];
  if (next > max) {
    shell.notice(`${t(BET_NAMES[kind])}: ${t('overMax')} ${riel(max)}`);
    return;
  }
  if (total(stakes) - (stakes[kind] ?? 0) + next > table.roundMax) {
    shell.notice(`${t('totalBet')}: ${t('overMax')} ${riel(table.roundMax)}`);
    return;
  }
  page.stakes = { ...stakes, [kind]: next };
  shell.sound.play('chip');
  render(page);
}

function wireControls(page: TablePage): void {
  const { view, shell } = page;
  for (const [kind, spot] of view.spots) spot.button.addEventListener('click', () => addChip(page, kind));
  view.chipButtons.forEach((button, i) =>
    button.addEventListener('click', () => {
      page.chip = CHIPS[i]!;
      view.chipButtons.forEach((b, j) => b.setAttribute('aria-pressed', String(CHIPS[j] === page.chip)));
      shell.sound.play('chip');
    }),
  );
  view.clearButton.addEventListener('click', () => {
    page.stakes = {};
    clearResults(page);
    render(page);
  });
  view.rebetButton.addEventListener('click', () => {
    page.stakes = { ...page.lastStakes };
    clearResults(page);
    render(page);
  });
  view.dealButton.addEventListener('click', () => void deal(page));
}

/** Puts one card on its hand, flipping it over, and updates that hand's running score. */
async function showCard(
  shell: Shell,
  target: Hand,
  cards: Card[],
  card: Card,
  instant: boolean,
): Promise<void> {
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
}

/** The round's bets, checked by the rules before anything is sent; null (and a word to the player) if not. */
function checkedBets(page: TablePage): BaccaratBet[] | null {
  const { shell, stakes } = page;
  const bets = BACCARAT_BET_KINDS.flatMap((kind) => (stakes[kind] ? [{ kind, amount: stakes[kind] }] : []));
  // The rules' own check before anything is sent: a refused round never reaches the wallet.
  if (!checkRoundBets(bets, page.table).ok) {
    shell.notice(shell.i18n.t('placeBet'));
    return null;
  }
  if (total(stakes) > page.balance) {
    shell.showError(new GameApiFailure('NOT_ENOUGH_MONEY', 'checked before sending'));
    return null;
  }
  return bets;
}

function setDealing(page: TablePage, dealing: boolean): void {
  page.busy = dealing;
  page.view.dealButton.textContent = page.shell.i18n.t(dealing ? 'dealing' : 'deal');
  render(page);
}

/** Clears the table and asks the server to deal; null when it refused. */
async function requestDeal(page: TablePage, bets: BaccaratBet[]): Promise<DealReply | null> {
  const { view, shell } = page;
  setDealing(page, true);
  view.outcomeLine.textContent = ' ';
  view.outcomeLine.className = 'outcome';
  for (const hand of [view.player, view.banker]) {
    fill(hand.cards);
    hand.score.textContent = '';
  }
  try {
    return await shell.api.deal({
      bets: bets.map((b) => ({ type: b.kind, amount: b.amount })),
      request_id: requestId(),
    });
  } catch (error) {
    shell.showError(error);
    setDealing(page, false);
    return null;
  }
}

/** Replays the deal card by card in deal order; the cards each hand got. */
async function replayDeal(page: TablePage, reply: DealReply): Promise<Record<'PLAYER' | 'BANKER', Card[]>> {
  const instant = reducedMotion();
  const held = { PLAYER: [] as Card[], BANKER: [] as Card[] };
  for (const { hand: side, card } of reply.deal_order) {
    const target = side === 'PLAYER' ? page.view.player : page.view.banker;
    await showCard(page.shell, target, held[side], cardOf(card), instant);
    if (!instant) await wait(80);
  }
  return held;
}

function outcomeText(shell: Shell, outcome: DealReply['outcome']): string {
  const { t } = shell.i18n;
  return { PLAYER: t('playerWins'), BANKER: t('bankerWins'), TIE: t('tieResult') }[outcome];
}

/** The outcome line, what each bet paid, the road. */
function showResult(page: TablePage, reply: DealReply): void {
  const { view, shell } = page;
  view.outcomeLine.textContent = `${outcomeText(shell, reply.outcome)} · ${reply.player_score} : ${reply.banker_score}`;
  view.outcomeLine.className = `outcome ${reply.outcome.toLowerCase()}`;
  for (const bet of reply.bets) {
    const spot = view.spots.get(bet.type);
    if (!spot) continue;
    spot.result.textContent = bet.payout > 0 ? `+${riel(bet.payout)}` : riel(0);
    spot.button.classList.add(bet.payout > 0 ? 'won' : 'lost');
  }
  if (reply.win > 0) shell.sound.play('win');
  view.road.add(reply.outcome);
  view.bigRoad.add(reply.outcome);
}

function announceRound(shell: Shell, reply: DealReply, held: Record<'PLAYER' | 'BANKER', Card[]>): void {
  const { t } = shell.i18n;
  const cardsSaid = (cards: Card[]) => cards.map(cardLabel).join(' ');
  shell.announce(
    `${outcomeText(shell, reply.outcome)} ${reply.player_score} : ${reply.banker_score}. ` +
      `${t('player')}: ${cardsSaid(held.PLAYER)}; ${t('banker')}: ${cardsSaid(held.BANKER)}. ` +
      reply.bets.map((b) => `${t(BET_NAMES[b.type])} ${riel(b.amount)} → ${riel(b.payout)}`).join('; ') +
      `. ${t('win')} ${riel(reply.win)}. ${t('balance')} ${riel(reply.balance)}`,
  );
}

async function deal(page: TablePage): Promise<void> {
  if (page.busy) return;
  page.shell.clearError();
  const bets = checkedBets(page);
  if (!bets) return;
  const reply = await requestDeal(page, bets);
  if (!reply) return;
  const { shell } = page;
  shell.setBalance(reply.balance - reply.win);
  page.lastStakes = page.stakes;
  const held = await replayDeal(page, reply);
  showResult(page, reply);
  page.balance = reply.balance;
  shell.setBalance(page.balance);
  announceRound(shell, reply, held);
  page.fairness.update({
    server_seed_hash: reply.server_seed_hash,
    client_seed: reply.client_seed,
    next_nonce: reply.nonce + 1,
  });
  page.settled = page.stakes;
  page.stakes = {};
  setDealing(page, false);
}

async function main(): Promise<void> {
  const shell = await openShell('baccaratTitle', '2');
  if (!shell) return;
  const { t } = shell.i18n;
  // The round is one wallet bet of its sum, so the table offers what the casino's wallet takes in one bet
  // (its session answer's max_bet, decision 0042): never a round that the wallet is bound to refuse.
  const table = baccaratTable(shell.session.max_bet);
  const view = createView(shell);
  shell.addTopButton('rules', rulesSheet(shell, table), 'open-rules');
  const fairness = createFairness(shell, (round) =>
    'outcome' in round.result ? t(BET_NAMES[round.result.outcome]) : '',
  );
  const page: TablePage = {
    shell,
    table,
    view,
    fairness,
    chip: CHIPS[0],
    stakes: {},
    lastStakes: {},
    settled: {},
    busy: false,
    balance: shell.session.balance,
  };
  layout(shell, view);
  wireControls(page);
  render(page);
  shell.api
    .history(72)
    .then((history) => {
      view.road.set(outcomesOf(history));
      view.bigRoad.set(outcomesOf(history));
    })
    .catch(() => {
      // The road is a convenience: a failed history leaves it empty rather than bothering the player.
    });
}

void main();
