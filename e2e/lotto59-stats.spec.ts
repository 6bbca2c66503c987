import { numberStats } from '@lotto59/domain';
import { expect, test } from '@playwright/test';
import { ROUND_CYCLE_MS, switchToFastPool } from './lotto59-support';
import { createPlayer, expectAccessible, shot, SHOTS, signIn } from './support';

/**
 * Issue 26, item 5: the hot and cold numbers beside the lotto 59 grid, at both sizes. The figures on screen are
 * the domain's count of the pool's drawn rounds (read back from the result history), and a tap on a hot number
 * adds it to the NUMBER bet.
 */
test('hot and cold numbers of the last draws beside the 1–59 grid, and the saved favourite numbers; a tap adds one to the bet', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await signIn(page, createPlayer(info, 'stats', 100_000));
  await switchToFastPool(page);
  const panel = page.getByTestId('number-stats');
  // A fresh e2e server may not have drawn yet: the panel fills once the first fast round is public.
  await expect
    .poll(async () => Number((await panel.getAttribute('data-draws')) ?? 0), { timeout: ROUND_CYCLE_MS * 2 })
    .toBeGreaterThan(0);
  await expect(panel).toContainText('លេខញឹក');
  await expect(panel).toContainText('លេខកម្រ');

  // The server's figures against the domain's rule over the same draws (retried: a new draw may land between).
  await expect
    .poll(
      async () => {
        const history = await page.request.get('/api/v1/result/history?poll=POLL_2&per_page=100');
        const draws = ((await history.json()).data.items as { numbers: number[] }[]).map((r) => r.numbers);
        const expected = numberStats(draws);
        const hot = await panel
          .getByTestId('stats-hot')
          .getByRole('button')
          .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-number'))));
        return JSON.stringify(hot) === JSON.stringify(expected.hot);
      },
      { timeout: 20_000 },
    )
    .toBe(true);

  // The button of one number, not "the first button": a draw landing now renders the panel anew, and the first
  // button may then be another number (a CI run clicked 25 after reading another).
  const hotButtons = panel.getByTestId('stats-hot').getByRole('button');
  const number = Number(await hotButtons.first().getAttribute('data-number'));
  const hotNumber = panel.getByTestId('stats-hot').locator(`button[data-number="${number}"]`);
  await hotNumber.click();
  await expect(page.getByLabel('លេខ', { exact: true })).toHaveValue(new RegExp(`\\b${number}\\b`));
  await expect(hotNumber).toBeDisabled();

  // Saved as the player's favourite numbers: kept on the server, shown again after a reload, a tap adds one.
  const favourites = page.getByTestId('favourites');
  await favourites.getByTestId('save-favourites').click();
  await expect(favourites.getByRole('button', { name: String(number), exact: true })).toBeVisible();
  await page.reload();
  await expect(favourites.getByRole('button', { name: String(number), exact: true })).toBeEnabled({
    timeout: 20_000,
  });
  const saved = await page.request.get('/api/v1/favourites');
  expect((await saved.json()).data.LOTTO59).toContain(String(number));
  await favourites.getByRole('button', { name: String(number), exact: true }).click();
  await expect(page.getByLabel('លេខ', { exact: true })).toHaveValue(new RegExp(`\\b${number}\\b`));

  // Every ball's count, folded below.
  await panel.getByText('ចំនួនដងនៃលេខនីមួយៗ').click();
  await expect(panel.getByTestId('stats-counts').locator('li')).toHaveCount(59);
  await shot(page, 'lotto59-hot-cold', info);
  // The panel alone, at the device's size, for a person to look at (the full page is 8,000 px tall). A draw
  // landing now renders the panel anew (a CI run once caught it detached mid-scroll): retried.
  await expect(async () => {
    await panel.screenshot({
      scale: 'css',
      path: `${SHOTS}/lotto59-hot-cold-panel-${info.project.name}.png`,
      timeout: 5_000,
    });
  }).toPass({ timeout: 30_000 });
  await expectAccessible(page);
});
