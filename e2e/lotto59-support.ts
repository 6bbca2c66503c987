import { expect, test, type Page } from '@playwright/test';

/**
 * Lotto 59 timings of the e2e server (playwright.config.ts passes them as LOTTO_* variables, see
 * docs/operations.md): a fast round (POLL_2) every 10 s, its 10 balls out within 3.5 s of the close and
 * settled after 4 s. The classic pool keeps a window long enough for the pages the other specs open.
 */
export const LOTTO_E2E = {
  openSecondsPoll1: 30,
  openSecondsPoll2: 10,
  releaseDelaySeconds: 0.5,
  releaseBallSeconds: 0.3,
  releaseTotalSeconds: 4,
} as const;

/** Longest wait for the next fast round to close, be drawn and settled, with room for a slow machine. */
export const ROUND_CYCLE_MS = (LOTTO_E2E.openSecondsPoll2 + LOTTO_E2E.releaseTotalSeconds) * 1000 + 10_000;

/** The seconds the countdown shows (0 when none is running). */
export const secondsLeft = (page: Page): Promise<number> =>
  page.evaluate(() =>
    Number(document.querySelector('[data-testid="countdown"]')?.getAttribute('data-seconds-left') ?? 0),
  );

/** Waits until the open round has at least `seconds` left, so a bet started now lands in it. */
export async function waitForBettingWindow(page: Page, seconds = 5): Promise<void> {
  await expect
    .poll(() => secondsLeft(page), { timeout: ROUND_CYCLE_MS, intervals: [200] })
    .toBeGreaterThanOrEqual(seconds);
}

/** The fast pool, through the pool switch (the board starts on the player's pool, classic by default). */
export async function switchToFastPool(page: Page): Promise<void> {
  const fast = page.getByRole('group', { name: 'ប្រភេទជុំ' }).getByRole('button', { name: 'រហ័ស' });
  await fast.click();
  await expect(fast).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('countdown')).toBeVisible();
}

/** Presses a toggle (range, post) unless it is pressed already. */
export async function press(page: Page, name: string | RegExp): Promise<void> {
  const button = page.getByRole('button', { name });
  if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

/** Range buttons by their accessible names: `ចន្លោះ 1 សរុប 55–238 គុណ 9.20`, `ក្រោម …`, `លើ …`. */
export const RANGE_BUTTON = {
  RANGE_1: /^ចន្លោះ 1 /,
  RANGE_2: /^ចន្លោះ 2 /,
  RANGE_3: /^ចន្លោះ 3 /,
  RANGE_4: /^ចន្លោះ 4 /,
  RANGE_5: /^ចន្លោះ 5 /,
  RANGE_6: /^ក្រោម /,
  RANGE_7: /^លើ /,
} as const;

/**
 * Presses the bet bar's button. The bar is pinned to the bottom of the screen (sticky); at phone size on a
 * loaded machine, Playwright's scroll-then-hit-test of that pinned button has met the results grid under it
 * for minutes on end (seen in CI and reproduced under load; the page's own hit test at the same moment found
 * the button). So a tap that misses is made again as a keyboard press of the same button, as a keyboard user
 * would, and the miss is written into the test report with the page's geometry at that moment. That the bar
 * stays on screen over the board is asserted by lotto59-game.spec.ts, from the boxes, not by this tap.
 */
export async function pressBet(page: Page, name = 'ភ្នាល់'): Promise<void> {
  const button = page.getByRole('button', { name, exact: true });
  await expect(button).toBeEnabled({ timeout: ROUND_CYCLE_MS });
  try {
    await button.click({ timeout: 8_000 });
  } catch (error) {
    if (!(await button.isEnabled())) throw error;
    const geometry = await button.evaluate((b) => {
      const r = b.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      const v = window.visualViewport;
      return JSON.stringify({
        scroll: [scrollX, scrollY],
        inner: [innerWidth, innerHeight],
        visualViewport: v && [v.scale, v.offsetLeft, v.offsetTop, v.width, v.height],
        button: [r.x, r.y, r.width, r.height],
        hitIsButton: hit !== null && b.contains(hit),
      });
    });
    test.info().annotations.push({ type: 'bet-bar tap missed, pressed by keyboard', description: geometry });
    await button.focus();
    await page.keyboard.press('Enter');
  }
}

/** Presses "bet", then confirms in the dialog; returns the round the dialog named. */
export async function placeAndConfirm(
  page: Page,
  submit = 'ភ្នាល់',
): Promise<{ round: number; message: string }> {
  await pressBet(page, submit);
  const dialog = page.getByRole('alertdialog', { name: 'បញ្ជាក់ការភ្នាល់' });
  await expect(dialog).toBeVisible();
  const message = (await dialog.textContent()) ?? '';
  const round = Number(/#(\d+)/.exec(message)?.[1]);
  await dialog.getByRole('button', { name: 'បញ្ជាក់', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  return { round, message };
}

/** The alert a refused bet raises: checks its message, then closes it. */
export async function expectRefusal(page: Page, message: string): Promise<void> {
  const alert = page.getByRole('alertdialog', { name: 'ការភ្នាល់មិនត្រូវបានទទួល' });
  await expect(alert).toContainText(message);
}

export async function closeAlert(page: Page): Promise<void> {
  await page.getByRole('alertdialog').getByRole('button', { name: 'យល់ព្រម' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
}

/** The top bar's balance, as a number of riel. */
export async function balanceOf(page: Page): Promise<number> {
  const text = (await page.getByTestId('top-bar-balance').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

/** `12,500 ៛`, as the app writes riel. */
export const riel = (amount: number): string => `${amount.toLocaleString('en-US')} ៛`;
