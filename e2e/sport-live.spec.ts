import { expect, type Page, type Response, test } from '@playwright/test';
import type { PlaceSlipReply, SportBoard, SportFixture } from '../apps/demo-provider/src/api/game-api';
import { selectionsOf } from '../apps/demo-provider/web/src/sport/slip-model';
import { SPORT_E2E } from './provider-e2e';
import { apiData, fromMenu, riel, topBarBalance } from './provider-support';
import { createPlayer, shot, SHOTS, signIn } from './support';

/*
 * Issue 13, the sportsbook half of the browser's "Done when", on the real stack: our server (embedded mode) with
 * the studio's Demo League mounted under /provider/demo/ and fast fixtures (playwright.config.ts: a round every
 * 30 s, full time 6 s after kick-off). The player opens /game/sport (launched through /api/sport/login, our
 * balance hidden), places a single and a parlay in the real Demo League page, waits for the matches to finish,
 * and finds the payouts in our balance to the riel and the slips in /report/sport. Nothing is stubbed: every
 * figure checked is one the stack produced, the outcomes are the league's own.
 */

const START = 200_000;
const SINGLE_STAKE = 20_000;
const PARLAY_STAKE = 10_000;
/** A page load starts the app again (session, lazy chunks): on a busy machine more than 5 s. */
const PAGE_LOAD_MS = 20_000;
/** The latest kick-off the test can meet: a round ahead, the lead, full time, settlement and a loaded machine. */
const SETTLE_MS =
  SPORT_E2E.roundMinutes * 60_000 + SPORT_E2E.betLeadMs + SPORT_E2E.matchMinutes * 60_000 + 60_000;

const pathOf = (r: Response) => new URL(r.url()).pathname;
const isPlace = (r: Response) =>
  pathOf(r) === '/provider/demo/api/sport/slips' && r.request().method() === 'POST';

interface Seen {
  board: SportBoard;
  /** The studio's clock minus ours when the board arrived. */
  offsetMs: number;
}

/** Every board the Demo League page received. */
function watchBoards(page: Page): Seen[] {
  const boards: Seen[] = [];
  page.on('response', (response) => {
    if (pathOf(response) !== '/provider/demo/api/sport/fixtures') return;
    void response
      .json()
      .then((board: SportBoard) => boards.push({ board, offsetMs: Date.parse(board.now) - Date.now() }))
      .catch(() => undefined);
  });
  return boards;
}

/** The first round far enough from kick-off to pick and place before it: its four fixtures. */
function nextRound(seen: Seen): SportFixture[] {
  const now = Date.now() + seen.offsetMs;
  const open = seen.board.open.filter((f) => Date.parse(f.kickoff_at) - now >= SPORT_E2E.betLeadMs);
  const first = open[0];
  return first ? open.filter((f) => f.round_index === first.round_index) : [];
}

/** The selection most likely to win (the lowest odds), so that the test usually sees a payout. */
const favourite = (f: SportFixture): number => {
  const odds = selectionsOf(f).map((s) => s.odds);
  return odds.indexOf(Math.min(...odds));
};

interface SportRow {
  id: string;
  slip_no: string;
  type: 'SINGLE' | 'PARLAY';
  stake: number;
  payout: number;
  win_lose: number;
  status: string;
  legs: unknown[];
}

test('a single and a parlay in Demo League through our wallet: settled, paid to the riel, in the sport report', async ({
  page,
}, info) => {
  // Up to a round and a half of waiting (about a minute), page loads and an ops call on two busy cores.
  test.setTimeout(SETTLE_MS + 90_000);
  const player = createPlayer(info, 'sportlive', START);
  const boards = watchBoards(page);
  await signIn(page, player);
  await expect(page.getByTestId('top-bar-balance')).toContainText(riel(START), { timeout: PAGE_LOAD_MS });
  const before = await topBarBalance(page);

  // 1. The sportsbook from the menu: launched through /api/sport/login into the frame; our balance is hidden.
  const login = page.waitForResponse((r) => pathOf(r) === '/api/sport/login');
  await fromMenu(page, info, 'កីឡា');
  await expect(page).toHaveURL(/\/game\/sport$/);
  expect((await login).status()).toBe(200);
  await expect(page.getByTestId('game-frame')).toHaveAttribute('src', /\/provider\/demo\/demo-league\/\?/, {
    timeout: PAGE_LOAD_MS,
  });
  await expect(page.getByTestId('top-bar-balance')).toHaveCount(0);
  const league = page.frameLocator('iframe[data-testid="game-frame"]');
  await expect(league.getByRole('heading', { name: 'លីគគំរូ' })).toBeVisible({ timeout: PAGE_LOAD_MS });
  // The studio shows what our wallet holds.
  await expect(league.getByTestId('balance')).toHaveText(riel(before));
  await expect.poll(() => boards.length, { timeout: PAGE_LOAD_MS }).toBeGreaterThan(0);
  await shot(page, 'sport-live-board', info);

  // 2. A round that kicks off soon enough to settle within the test, late enough to place both slips first.
  const round = nextRound(boards.at(-1)!);
  expect(round.length, 'a round to bet on').toBeGreaterThanOrEqual(3);
  const [a, b, c] = round as [SportFixture, SportFixture, SportFixture];

  // The single: the favourite of the first fixture.
  const single = `${a.id}#${favourite(a)}`;
  await league.getByTestId(`odds-${a.id}-${favourite(a)}`).click();
  await league.getByTestId(`stake-${single}`).fill(String(SINGLE_STAKE));
  const [singleResponse] = await Promise.all([
    page.waitForResponse(isPlace),
    league.getByTestId('place').click(),
  ]);
  expect(singleResponse.status(), await singleResponse.text()).toBe(200);
  const singleSlip = (await singleResponse.json()) as PlaceSlipReply;
  expect(singleSlip.slip).toMatchObject({ type: 'SINGLE', stake: SINGLE_STAKE, status: 'PENDING' });
  expect(singleSlip.balance).toBe(before - SINGLE_STAKE);

  // The parlay: the favourites of two other fixtures.
  await league.getByTestId(`odds-${b.id}-${favourite(b)}`).click();
  await league.getByTestId(`odds-${c.id}-${favourite(c)}`).click();
  await league.getByTestId('mode-parlay').click();
  await league.getByTestId('stake-parlay').fill(String(PARLAY_STAKE));
  await expect(league.getByTestId('combined-odds')).toBeVisible();
  await page.screenshot({ scale: 'css', path: `${SHOTS}/sport-live-slip-${info.project.name}.png` });
  const [parlayResponse] = await Promise.all([
    page.waitForResponse(isPlace),
    league.getByTestId('place').click(),
  ]);
  expect(parlayResponse.status(), await parlayResponse.text()).toBe(200);
  const parlaySlip = (await parlayResponse.json()) as PlaceSlipReply;
  expect(parlaySlip.slip).toMatchObject({ type: 'PARLAY', stake: PARLAY_STAKE, status: 'PENDING' });
  expect(parlaySlip.slip.legs).toHaveLength(2);
  expect(parlaySlip.balance).toBe(before - SINGLE_STAKE - PARLAY_STAKE);
  const ids = [singleSlip.slip.slip_id, parlaySlip.slip.slip_id];

  // 3. Both settle once the round's matches are over: our report reads them from the wallet's rounds.
  const ours = async () =>
    (await apiData<{ items: SportRow[] }>(page, '/api/report/sport')).items.filter((r) => ids.includes(r.id));
  await expect
    .poll(async () => (await ours()).filter((r) => r.status !== 'PENDING').length, {
      timeout: SETTLE_MS,
      intervals: [1_000],
    })
    .toBe(2);
  const rows = await ours();
  const payouts = rows.reduce((sum, r) => sum + r.payout, 0);
  for (const r of rows) expect(r.win_lose).toBe(r.payout - r.stake);
  const after = before - SINGLE_STAKE - PARLAY_STAKE + payouts;

  // The settled slips inside the sportsbook, with the payouts our wallet received.
  await league.getByTestId('tab-bets').click();
  await league.getByTestId('bets-settled').click();
  for (const slip of [singleSlip.slip, parlaySlip.slip]) {
    const row = rows.find((r) => r.id === slip.slip_id)!;
    expect(row.slip_no).toBe(slip.slip_no.padStart(7, '0'));
    await expect(league.getByTestId(`slip-card-${slip.slip_no}`).getByTestId('slip-payout')).toContainText(
      riel(row.payout),
    );
  }
  // Each leg's score and result in the page's language (no raw WIN / LOSS codes); the balance with the payouts.
  const legResults = league.getByTestId('leg-result');
  await expect(legResults).toHaveCount(3);
  for (const result of await legResults.all()) await expect(result).toHaveText(/^\d+–\d+ [\u1780-\u17ff ]+$/);
  await expect(league.getByTestId('balance')).toHaveText(riel(after));
  await shot(page, 'sport-live-settled', info);

  // 4. Off the game page the balance shows again: before − stakes + payouts, to the riel.
  await fromMenu(page, info, 'របាយការណ៍កីឡា');
  await expect(page.getByRole('heading', { name: 'របាយការណ៍កីឡា' })).toBeVisible({ timeout: PAGE_LOAD_MS });
  await expect(page.getByTestId('top-bar-balance')).toContainText(riel(after));
  expect((await apiData<{ balance: number }>(page, '/api/user')).balance).toBe(after);
  const shown = page.getByTestId('sport-row');
  await expect(shown).toHaveCount(2);
  await expect(shown.nth(0)).toContainText(`សន្លឹក ${parlaySlip.slip.slip_no.padStart(7, '0')} · ផ្សំ`);
  await expect(page.getByTestId('sport-legs').nth(0).getByTestId('sport-leg')).toHaveCount(2);
  await expect(page.getByTestId('sport-total-count')).toHaveText('2');
  await expect(page.getByTestId('sport-total-stake')).toHaveText(riel(SINGLE_STAKE + PARLAY_STAKE));
  await expect(page.getByTestId('sport-total-payout')).toHaveText(riel(payouts));
  await expect(page.getByTestId('sport-total-pending-count')).toHaveText('0');
  expect(await apiData(page, '/api/report/sport/total')).toEqual({
    count: 2,
    stake: SINGLE_STAKE + PARLAY_STAKE,
    payout: payouts,
    win_lose: payouts - SINGLE_STAKE - PARLAY_STAKE,
    pending_count: 0,
    pending_stake: 0,
  });
  await page.mouse.move(page.viewportSize()!.width - 10, page.viewportSize()!.height - 10);
  await shot(page, 'sport-live-report', info);
});
