import AxeBuilder from '@axe-core/playwright';
import { DEFAULT_RATES_HUNDREDTHS, payoutOf } from '@lotto59/domain';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import {
  balanceOf,
  expectBalanceOnLedger,
  ledgerOf,
  placeAndConfirm,
  press,
  pressBet,
  RANGE_BUTTON,
  recordDrawStarts,
  riel,
  ROUND_CYCLE_MS,
  secondsLeft,
  stakesOf,
  switchToFastPool,
  waitForBettingWindow,
  watchFor,
} from './lotto59-support';
import { expectNoLatinWords } from './khmer-text';
import { createPlayer, expectAccessible, isPhone, SHOTS, signIn } from './support';

/*
 * Issue 11, items 1–4 in the browser, at phone and desktop sizes, in Khmer, on fast rounds: the win moment
 * from the server's settlement, the live draw, one-thumb betting, feedback near the close. Every state is
 * photographed and attached to the report.
 */

/** A viewport picture (what the player sees, bars included), saved beside the others and attached to the report. */
async function snap(page: Page, name: string, info: TestInfo, fullPage = false): Promise<void> {
  const path = `${SHOTS}/${name}-${info.project.name}.png`;
  await page.screenshot({ scale: 'css', path, fullPage });
  await info.attach(name, { path, contentType: 'image/png' });
}

/** The player's own tickets of a round, as the server answers them (the truth the screen must show). */
async function serverRound(page: Page, round: number) {
  const res = await page.request.get(`/api/v1/ticket/list?result_id=${round}&per_page=100`);
  expect(res.status()).toBe(200);
  const { data } = (await res.json()) as {
    data: {
      items: { id: number; status: string; payout: number; amount: number }[];
      total_amount: number;
      total_payout: number;
    };
  };
  return data;
}

const panelOf = (page: Page, round: number): Locator =>
  page.locator(`[data-testid="draw-panel"][data-round="${round}"]`);

/**
 * The panel's own round's win moment: a direct child of the panel. An earlier round's outcome held until it
 * is paid (`held-outcome`) sits in the same panel with a win moment of its own, and must not be taken for it.
 */
const ownMoment = (panel: Locator, outcome = ''): Locator =>
  panel.locator(`:scope > [data-testid="win-moment"]${outcome}`);

/**
 * Waits for the round's outcome on screen, then for the server's payment: issue 26 shows the outcome as soon as
 * the draw is public (`data-paid="false"`, worked out from the draw) and keeps it until the payout arrives.
 */
async function settledMoment(page: Page, round: number): Promise<Locator> {
  const moment = ownMoment(panelOf(page, round), ':not([data-outcome="pending"])');
  await expect(moment).toBeVisible({ timeout: ROUND_CYCLE_MS });
  await expect(moment).toHaveAttribute('data-paid', 'true', { timeout: ROUND_CYCLE_MS });
  return moment;
}

/** True when the element's box lies inside the viewport. */
async function onScreen(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = locator.page().viewportSize();
  if (!box || !viewport) return false;
  return box.y >= 0 && box.y + box.height <= viewport.height + 1;
}

const grid = (page: Page) => page.getByRole('group', { name: 'ជ្រើសលេខ 1 ដល់ 59' });

test('a player bets, watches the draw and sees the win moment with what the server paid; another round, no win', async ({
  page,
}, info) => {
  // Up to five fast rounds (the win, then up to four tries for a loss): room for a slow machine.
  test.setTimeout(300_000);
  const player = createPlayer(info, 'winmoment', 200_000);
  await signIn(page, player);
  await switchToFastPool(page);
  const bar = page.getByTestId('bet-bar');

  await test.step('the bet bar stays on screen while the board scrolls; the range cards say 1 តូច … 5 ធំ', async () => {
    await expect(page.getByRole('button', { name: /^ចន្លោះ 1 តូច / })).toBeVisible();
    await expect(page.getByRole('button', { name: /^ចន្លោះ 5 ធំ / })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'ភ្នាល់', exact: true })).toBeDisabled();
    const board = page.getByRole('region', { name: 'ចាក់ឆ្នោត' });
    for (const y of [0, 600, 1_200, 100_000]) {
      await page.evaluate((to) => window.scrollTo(0, to), y);
      if (isPhone(info)) {
        // One-thumb betting: on a phone the bar is pinned to the bottom of the screen wherever the board is.
        await expect.poll(() => onScreen(bar)).toBe(true);
        await expect.poll(() => onScreen(bar.getByTestId('bar-countdown'))).toBe(true);
      } else {
        // Issue 11, desktop: nothing floats over the board; the bar stands in the page, beside the board, under
        // the draw (issue 26, item 10: under the board it was 900 px down a laptop screen).
        const [barBox, boardBox] = [await bar.boundingBox(), await board.boundingBox()];
        expect(barBox && boardBox && barBox.x + barBox.width <= boardBox.x).toBe(true);
      }
    }
    await snap(page, 'game-bar-scrolled', info);
    // Issue 11: the axe finding on the board (label-content-name-mismatch, 7 range cards) is gone.
    const { violations } = await new AxeBuilder({ page })
      .withRules(['label-content-name-mismatch'])
      .analyze();
    expect(violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
    await expectAccessible(page);
  });

  let round = 0;
  let drawing = async (): Promise<void> => undefined;
  await test.step('a NUMBER bet on every ball of post A, chosen on the grid: one of them must win', async () => {
    await press(page, 'ប៉ុស្តិ៍ A');
    await page.getByRole('button', { name: 'ទាំងអស់', exact: true }).click();
    await expect(page.getByLabel('លេខ', { exact: true })).toHaveValue('1-59');
    await page.getByRole('button', { name: '500', exact: true }).click();
    await expect(bar.getByTestId('slip-summary')).toHaveText('59 សំបុត្រ · សរុប 29,500 ៛');
    await snap(page, 'game-grid-all', info, true);
    await waitForBettingWindow(page, 5);
    ({ round } = await placeAndConfirm(page));
    // The running total shows only while balls come out (3 s on the fast clocks): watched from the bet on,
    // so the checks below may still run when the round closes on a busy machine.
    const panel = panelOf(page, round);
    drawing = watchFor(async () => {
      await expect(panel.getByTestId('running-total')).toBeVisible({ timeout: ROUND_CYCLE_MS });
      await snap(page, 'game-drawing', info);
    });
    await expect(page.getByTestId('last-bet')).toContainText(`ជុំ #${round}`);
    // After a bet the view returns to the draw.
    await expect(page.getByTestId('draw-panel')).toBeInViewport();
    await expect(bar.getByTestId('bar-placed')).toHaveText(`បានភ្នាល់ក្នុងជុំ #${round}`);
    // The stake is off the balance: the ledger holds it (200,000 → 170,500), and the top bar shows the
    // ledger's balance now (its payout too, when the round is already drawn and paid on a busy machine).
    const ledger = await expectBalanceOnLedger(page, 200_000);
    expect(ledger.filter((r) => r.kind === 'STAKE').map((r) => [-r.amount, r.balance_after])).toEqual([
      [29_500, 170_500],
    ]);
  });

  await test.step('the draw: balls roll in, the total counts, the result lights up, then the win moment', async () => {
    const panel = panelOf(page, round);
    await drawing();
    const moment = await settledMoment(page, round);
    // Issue 26, item 3: 25,000 ៛ back of 29,500 ៛ staked is "part of your stake back", never "you won".
    await expect(moment).toHaveAttribute('data-outcome', 'part');
    await expect(moment).toContainText('អ្នកទទួលបានប្រាក់មកវិញខ្លះ');
    await expect(moment).not.toContainText('អបអរសាទរ');
    await snap(page, 'game-win-counting', info);
    // The amount is the server's settlement, to the riel: one NUMBER bet of 500 ៛ at ×50.
    const server = await serverRound(page, round);
    const expected = payoutOf(500, DEFAULT_RATES_HUNDREDTHS.NUMBER);
    expect(server.total_payout).toBe(expected);
    expect(server.items.filter((b) => b.status === 'WON').map((b) => b.payout)).toEqual([expected]);
    await expect(moment.getByTestId('win-payout')).toHaveText(riel(server.total_payout));
    await expect(moment.getByTestId('win-payout')).toHaveAttribute(
      'data-amount',
      String(server.total_payout),
    );
    // The net is a loss here: it is called a loss, never a profit.
    await expect(moment.getByTestId('win-net')).toHaveText(
      `ខាត −${riel(server.total_amount - server.total_payout)}`,
    );
    await expect(moment.getByTestId('win-tickets').getByRole('listitem')).toHaveCount(1);
    // The player's ball (their number at post A) is marked on the draw, and post A itself.
    await expect(panel.locator('li[data-marked]')).toHaveCount(1);
    await expect(panel.locator('li[data-marked]').getByTestId('ball')).toContainText('ប៉ុស្តិ៍ A');
    // The result's band and side light up on the board.
    await expect(page.locator('button[data-lit]')).toHaveCount(2);
    // The top bar counts to the balance after the payout.
    await expect(page.getByTestId('top-bar-balance')).toContainText(riel(170_500 + expected));
    await page.getByTestId('draw-panel').scrollIntoViewIfNeeded();
    await snap(page, 'game-win', info);
    await snap(page, 'game-win-full', info, true);
    await expectAccessible(page);
    // Khmer everywhere (issue 11): the win moment shows no Latin word either.
    await expectNoLatinWords(page, { allow: [player.username] });
  });

  await test.step('another round, a number tapped on the grid: the no-win state (or the win the server paid)', async () => {
    // One number at one post loses 58 times in 59; a round that happens to win is checked too, and the
    // next one is tried, so the no-win state is seen without the assertions depending on luck.
    let lost = false;
    for (let attempt = 0; attempt < 4 && !lost; attempt += 1) {
      // The slip first (it stays across a round's close), then a window: the bet lands in the round the
      // confirm names however slowly the slip was built.
      await press(page, 'ប៉ុស្តិ៍ B');
      await grid(page).getByRole('button', { name: '7', exact: true }).click();
      await expect(page.getByLabel('លេខ', { exact: true })).toHaveValue('7');
      await page.getByRole('button', { name: '1,000', exact: true }).click();
      await expect(bar.getByTestId('slip-summary')).toHaveText('1 សំបុត្រ · សរុប 1,000 ៛');
      await waitForBettingWindow(page, 5);
      const placed = await placeAndConfirm(page);
      const moment = await settledMoment(page, placed.round);
      const server = await serverRound(page, placed.round);
      expect(server.total_amount).toBe(1_000);
      if (server.total_payout === 0) {
        lost = true;
        await expect(moment).toHaveAttribute('data-outcome', 'lose');
        await expect(moment).toContainText('ជុំនេះមិនបានឈ្នះទេ');
        await expect(moment.getByTestId('win-net')).toHaveText('ភ្នាល់ 1,000 ៛ · លទ្ធផល −1,000 ៛');
        await page.getByTestId('draw-panel').scrollIntoViewIfNeeded();
        await snap(page, 'game-no-win', info);
        await expectAccessible(page);
        await expectNoLatinWords(page, { allow: [player.username] });
      } else {
        await expect(moment).toHaveAttribute('data-outcome', 'win');
        await expect(moment).toContainText('អបអរសាទរ! អ្នកឈ្នះ');
        await expect(moment.getByTestId('win-payout')).toHaveText(riel(server.total_payout));
      }
    }
    expect(lost).toBe(true);
  });
});

test('a jackpot line from the ball picker; "repeat last bet" places the same slip again with a new key', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const player = createPlayer(info, 'repeat', 100_000);
  await signIn(page, player);
  await switchToFastPool(page);
  const bets: { url: string; key: string; body: unknown }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/bet(\/jackpot)?$/.test(request.url()))
      bets.push({
        url: request.url(),
        key: request.headers()['idempotency-key'] ?? '',
        body: request.postDataJSON() as unknown,
      });
  });

  await test.step('the ball picker fills a jackpot line', async () => {
    await page.getByRole('tab', { name: 'ជែកផត' }).click();
    const picker = page.getByRole('group', { name: 'ជ្រើសលេខសម្រាប់ខ្សែទី 1' });
    for (const n of ['44', '3', '15', '26', '59'])
      await picker.getByRole('button', { name: n, exact: true }).click();
    await expect(page.getByRole('textbox', { name: 'ខ្សែទី 1' })).toHaveValue('3 15 26 44 59');
    await expect(picker.getByRole('button', { name: '1', exact: true })).toBeDisabled();
    await snap(page, 'game-ball-picker', info, true);
    await expectAccessible(page);
    await waitForBettingWindow(page, 5);
    await placeAndConfirm(page, 'ភ្នាល់ជែកផត');
    // 1,000 ៛ off the balance (100,000 → 99,000 in the ledger); the top bar shows the ledger's balance.
    const ledger = await expectBalanceOnLedger(page, 100_000);
    expect(stakesOf(ledger)).toEqual([1_000]);
    expect(ledger.find((r) => r.kind === 'STAKE')?.balance_after).toBe(99_000);
    expect(bets.at(-1)?.body).toMatchObject({ lines: [[3, 15, 26, 44, 59]] });
  });

  await test.step('repeat last bet, with ×2 beside the chips', async () => {
    await page.getByRole('tab', { name: 'ចន្លោះ និងលេខ' }).click();
    await press(page, RANGE_BUTTON.RANGE_6);
    await press(page, RANGE_BUTTON.RANGE_7);
    await page.getByRole('button', { name: '500', exact: true }).click();
    await page.getByRole('button', { name: 'បង្កើនទឹកប្រាក់ទ្វេដង' }).click();
    const amount = page.getByLabel('ទឹកប្រាក់ភ្នាល់ក្នុងមួយសំបុត្រ (៛)');
    await expect(amount).toHaveValue('1,000');
    await amount.fill('2000');
    await expect(amount).toHaveValue('2,000');
    await waitForBettingWindow(page, 6);
    await placeAndConfirm(page);
    // 4,000 ៛ more staked. The jackpot line's round may be paid by now (two or three numbers matched) and
    // this round too: the top bar shows 100,000 − 5,000 + what the ledger has credited so far.
    expect(stakesOf(await expectBalanceOnLedger(page, 100_000))).toEqual([1_000, 4_000]);
    // The slip is empty again; "repeat" places the same one.
    await expect(page.getByRole('button', { name: 'ភ្នាល់', exact: true })).toBeDisabled();
    await waitForBettingWindow(page, 5);
    const { round, message } = await placeAndConfirm(page, 'ភ្នាល់ដដែលម្ដងទៀត');
    expect(message).toContain(riel(4_000));
    // The same 4,000 ៛ again: 100,000 − 9,000 + the payouts credited so far.
    expect(stakesOf(await expectBalanceOnLedger(page, 100_000))).toEqual([1_000, 4_000, 4_000]);
    const [first, again] = bets.slice(-2);
    expect(first?.url).toMatch(/\/api\/bet$/);
    expect(again?.body).toEqual({ ...(first?.body as object), result_id: round });
    expect(again?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(again?.key).not.toBe(first?.key);
    await snap(page, 'game-repeated', info);
  });
});

test('a bet placed in the last second keeps its confirmation visible; no toast covers the countdown', async ({
  page,
}, info) => {
  // Three round cycles at most: see the retry below.
  test.setTimeout(3 * ROUND_CYCLE_MS + 60_000);
  const player = createPlayer(info, 'lastsecond', 50_000);
  await signIn(page, player);
  await switchToFastPool(page);
  await waitForBettingWindow(page, 4);
  await press(page, RANGE_BUTTON.RANGE_6);
  await page.getByRole('button', { name: '1,000', exact: true }).click();
  const placedToast = page.getByRole('status').filter({ hasText: 'ការភ្នាល់បានជោគជ័យ' });
  let round = 0;
  let toastSeen = Promise.resolve(false);
  let drawStarts: Awaited<ReturnType<typeof recordDrawStarts>> | undefined;
  for (let attempt = 1; ; attempt++) {
    // The last seconds of the round: the confirm opens with 3 s or less left and is confirmed at 2 s or less.
    await expect
      .poll(() => secondsLeft(page), { timeout: ROUND_CYCLE_MS, intervals: [100] })
      .toBeLessThanOrEqual(3);
    const answer = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/bet' && r.request().method() === 'POST',
      { timeout: ROUND_CYCLE_MS },
    );
    // Watched from before the bet: the toast may come and go while the steps below run on a busy machine.
    // A bound, not a figure: the wait for 2 s left, the confirm and the bet's answer are slower there.
    toastSeen = placedToast.waitFor({ timeout: ROUND_CYCLE_MS }).then(
      () => true,
      () => false,
    );
    // And the round's close: its loading toast lasts 850 ms, recorded in the page as it shows.
    drawStarts = await recordDrawStarts(page);
    await pressBet(page);
    const dialog = page.getByRole('alertdialog', { name: 'បញ្ជាក់ការភ្នាល់' });
    await expect(dialog).toContainText('1,000 ៛');
    round = Number(/#(\d+)/.exec((await dialog.textContent()) ?? '')?.[1]);
    await expect.poll(() => secondsLeft(page), { intervals: [50] }).toBeLessThanOrEqual(2);
    await dialog.getByRole('button', { name: 'បញ្ជាក់', exact: true }).click();
    const response = await answer;
    if (response.ok()) break;
    // Two workers on two loaded cores can spend the last two seconds between the countdown and the server
    // (CI at 05:20 on 2026-11-29: the bet reached the server after its round closed). The server refuses it
    // with the seed's "Request timeout." and nothing is staked; the player sees the betting-time-over alert.
    // That is a correct answer, not this test's subject: it is shown, dismissed, and the next round is tried.
    const refusal = (await response.json()) as { code: string; message: string };
    expect(refusal.message).toBe('Request timeout.');
    // Closed while the bet was on its way (BETTING_CLOSED), or before it left (ROUND_NOT_OPEN).
    expect(['BETTING_CLOSED', 'ROUND_NOT_OPEN']).toContain(refusal.code);
    const refused = page.getByRole('alertdialog', { name: 'ការភ្នាល់មិនត្រូវបានទទួល' });
    await expect(refused).toContainText('អស់ម៉ោងភ្នាល់សម្រាប់ជុំនេះហើយ');
    await refused.getByRole('button', { name: 'យល់ព្រម' }).click();
    expect(attempt, 'three rounds in a row closed before the bet reached the server').toBeLessThan(3);
    info.annotations.push({ type: 'bet after its round closed, next round tried', description: `#${round}` });
    await press(page, RANGE_BUTTON.RANGE_6);
    await waitForBettingWindow(page, 4);
  }
  expect(await toastSeen, 'the placed toast was shown').toBe(true);
  // The stake is off the balance (50,000 → 49,000 in the ledger); the round closes within 2 s and may be
  // paid before this check on a busy machine: the top bar shows the ledger's balance at this moment.
  const ledger = await expectBalanceOnLedger(page, 50_000);
  expect(ledger.filter((r) => r.kind === 'STAKE').map((r) => [-r.amount, r.balance_after])).toEqual([
    [1_000, 49_000],
  ]);
  await snap(page, 'game-last-second-placed', info);
  // The round closes, the draw starts: "loading" joins the toasts instead of replacing the confirmation.
  await drawStarts!.started(round);
  await expect(page.getByTestId('bar-placed')).toHaveText(`បានភ្នាល់ក្នុងជុំ #${round}`);
  await expect(page.getByTestId('last-bet')).toContainText(`ជុំ #${round}`);
  // Nothing covers a countdown: the toasts stand above the bar, away from the header.
  const stack = await page.getByTestId('toast-stack').boundingBox();
  for (const countdown of [page.getByTestId('bar-countdown'), page.getByTestId('countdown')]) {
    if ((await countdown.count()) === 0) continue;
    const box = await countdown.boundingBox();
    if (!stack || !box) continue;
    const overlaps =
      box.x < stack.x + stack.width &&
      stack.x < box.x + box.width &&
      box.y < stack.y + stack.height &&
      stack.y < box.y + box.height;
    expect(overlaps).toBe(false);
  }
  await snap(page, 'game-last-second-loading', info);
});

/**
 * The CSS animations running on the page, by name. The loading spinner is left out: it tells that
 * something is on its way (a progress sign, not decoration), and keeps turning for everyone.
 */
const runningAnimations = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    document
      .getAnimations()
      .map((a) => (a as CSSAnimation).animationName)
      .filter((name) => name !== 'spin'),
  );

test('reduced motion: no animation runs, the draw and the win show their final state at once', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const player = createPlayer(info, 'still', 100_000);
  await signIn(page, player);
  await switchToFastPool(page);
  await press(page, 'ប៉ុស្តិ៍ C');
  await page.getByRole('button', { name: 'ទាំងអស់', exact: true }).click();
  await page.getByRole('button', { name: '500', exact: true }).click();
  await waitForBettingWindow(page, 5);
  const { round } = await placeAndConfirm(page);
  // The balance shows its new figure as soon as the answer is in: no count.
  await expect(page.getByTestId('last-bet')).toBeVisible();
  // Read once, no waiting: a balance that counted would show a figure between two of the ledger's. It is the
  // balance after the stake (70,500), or after the payout when the round is already paid on a busy machine.
  const shown = await balanceOf(page);
  const ledger = await ledgerOf(page);
  const stake = ledger.findIndex((r) => r.kind === 'STAKE');
  expect(ledger[stake]?.balance_after).toBe(70_500);
  expect(ledger.slice(stake).map((r) => r.balance_after)).toContain(shown);

  const panel = panelOf(page, round);
  // The draw has started (all ten balls may be out already when the machine is busy).
  await expect(panel).toHaveAttribute('data-released', /^([1-9]|10)$/, { timeout: ROUND_CYCLE_MS });
  expect(await runningAnimations(page)).toEqual([]);
  const moment = ownMoment(panel, '[data-outcome="part"]');
  await expect(moment).toBeVisible({ timeout: ROUND_CYCLE_MS });
  // The first frame of the win moment already holds the server's figure.
  expect(await moment.getByTestId('win-payout').textContent()).toBe(riel(25_000));
  expect(await runningAnimations(page)).toEqual([]);
  await snap(page, 'game-reduced-motion', info);
});
