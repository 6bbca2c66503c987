import { expect, test } from '@playwright/test';
import {
  RANGE_BUTTON,
  closeAlert,
  placeAndConfirm,
  press,
  switchToFastPool,
  waitForBettingWindow,
} from './lotto59-support';
import { createPlayer, shot, signIn } from './support';

/**
 * Responsible gaming (responsible-gaming.md §5) at both sizes: a limit set on /user/limits, a bet over it
 * refused on the lotto 59 board with the room left and a link, and in a studio's slot around the game; the reality check over the board and over
 * the full-screen fishing game; self-exclusion through its confirm dialog. The reality check's 15 minutes
 * pass on the page's own clock (Playwright's clock), so the test need not wait a quarter of an hour.
 */
test('limits, the refusal with the room left, the reality check over the board and fishing, self-exclusion', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await page.clock.install();
  const player = createPlayer(info, 'rg', 500_000);
  await signIn(page, player);

  await test.step('set a wager limit per day on /user/limits (Khmer first)', async () => {
    await page.goto('/user/limits');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ការលេងប្រកបដោយការទទួលខុសត្រូវ');
    const row = page.getByTestId('limit-WAGER-DAY');
    await row.getByRole('textbox').fill('3000');
    await row.getByRole('button', { name: 'កំណត់' }).click();
    await expect(page.getByTestId('limit-WAGER-DAY-remaining')).toContainText('3,000 ៛');
    // Reality check every 15 minutes, from this session's login.
    await page.getByRole('radio', { name: '15 នាទី' }).click();
    await expect(page.getByRole('radio', { name: '15 នាទី' })).toBeChecked();
    await shot(page, 'rg-limits', info);
  });

  await test.step('a bet over the limit is refused on the board, with the room left and a link', async () => {
    await page.goto('/game/lotto/59');
    await switchToFastPool(page);
    await waitForBettingWindow(page, 6);
    await press(page, RANGE_BUTTON.RANGE_1);
    await press(page, RANGE_BUTTON.RANGE_2);
    await page.getByLabel('ទឹកប្រាក់ភ្នាល់ក្នុងមួយសំបុត្រ (៛)').fill('2,000');
    await placeAndConfirm(page);
    const alert = page.getByRole('alertdialog', { name: 'ដែនកំណត់របស់អ្នក' });
    await expect(alert).toContainText('នៅសល់ 3,000 ៛');
    await expect(alert.getByRole('link', { name: 'មើលដែនកំណត់របស់ខ្ញុំ' })).toHaveAttribute('href', '/user/limits');
    await shot(page, 'rg-refused-on-board', info);
    await closeAlert(page);
  });

  await test.step("a spin over the limit in a studio's slot: the room left is said around the game", async () => {
    await page.goto('/game/slot/play/angkor-fortune');
    const game = page.frameLocator('iframe[data-testid="game-frame"]');
    await expect(game.getByTestId('total-bet')).toHaveText('2,000 ៛', { timeout: 30_000 });
    // 2,000 of the 3,000 ៛ left: played. The next 2,000 is over the 1,000 left: our wallet refuses it, the game
    // says so in its own words and tells the page around it, which says how much room is left.
    await game.getByTestId('spin').click();
    await expect(game.getByTestId('spin')).toBeEnabled({ timeout: 15_000 });
    await game.getByTestId('spin').click();
    const alert = page.getByRole('alertdialog', { name: 'ដែនកំណត់របស់អ្នក' });
    await expect(alert).toContainText('នៅសល់ 1,000 ៛');
    await expect(alert.getByRole('link', { name: 'មើលដែនកំណត់របស់ខ្ញុំ' })).toHaveAttribute('href', '/user/limits');
    await expect(game.getByTestId('error')).toHaveText('អ្នកបានដល់កំណត់ភ្នាល់ហើយ។');
    await shot(page, 'rg-refused-in-slot', info);
    await closeAlert(page);
  });

  await test.step('the reality check comes over the board after 15 minutes', async () => {
    await page.clock.fastForward('15:05');
    const check = page.getByTestId('reality-check');
    await expect(check).toBeVisible();
    await expect(check).toContainText('នាទីហើយ');
    await shot(page, 'rg-reality-check-board', info);
    await check.getByRole('button', { name: 'បន្ត' }).click();
    await expect(check).toHaveCount(0);
  });

  await test.step('and over the full-screen fishing game', async () => {
    await page.goto('/game/fishing');
    // The check answered over the board is not asked again after this full page load.
    await expect(page.getByTestId('fishing-card-5')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('reality-check')).toHaveCount(0);
    await page.getByTestId('fishing-card-5').getByRole('button', { name: 'បើកហ្គេម' }).click();
    await page.getByTestId('fishing-play-5').click();
    await expect(page).toHaveURL(/\/game\/fishing\/play\/5$/);
    await expect(page.locator('iframe[data-testid="game-frame"]')).toBeVisible({ timeout: 30_000 });
    await page.clock.fastForward('15:05');
    const check = page.getByTestId('reality-check');
    await expect(check).toBeVisible();
    // Modal over the game: the frame under it takes no click.
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await page.screenshot({
      scale: 'css',
      path: `artifacts/screenshots/rg-reality-check-fishing-${info.project.name}.png`,
    });
    await check.getByRole('button', { name: 'បន្ត' }).click();
    await expect(check).toHaveCount(0);
  });

  await test.step('self-exclusion through its confirm dialog ends the session', async () => {
    await page.goto('/user/limits');
    await page.getByRole('radio', { name: '6 ខែ' }).click();
    await page.getByLabel('ពាក្យសម្ងាត់').fill(player.password);
    await page.getByRole('button', { name: 'ដកខ្លួនចេញ', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('មិនអាចលុបចោលបានទេ');
    await shot(page, 'rg-exclusion-confirm', info);
    await confirm.getByRole('button', { name: 'បញ្ជាក់', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
    // Logging in again is refused while excluded.
    await page.getByLabel('ឈ្មោះអ្នកប្រើ').fill(player.username);
    await page.getByLabel('ពាក្យសម្ងាត់').fill(player.password);
    await page.getByRole('button', { name: 'ចូល' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await shot(page, 'rg-login-refused', info);
  });
});
