import { expect, test } from '@playwright/test';
import { LOTTERY_E2E } from './lottery-e2e';
import { createPlayer, expectAccessible, ops, SHOTS, signIn } from './support';

/**
 * Issue 26, item 5: the lottery's 00–99 / 000–999 picker and the player's saved 2D numbers on the real server,
 * at both sizes: two taps write a number, the numbers written are saved, and they come back after a reload as
 * one-tap buttons.
 */
test('lottery bet: numbers picked digit by digit, saved as favourites, back after a reload', async ({
  page,
}, info) => {
  test.setTimeout(LOTTERY_E2E.testTimeoutMs);
  const player = createPlayer(info, 'lotfav', 100_000);
  ops('player', 'flag', player.username, 'enableLottery', 'on');
  await signIn(page, player);
  await page.goto('/game/lottery/bet/tn');
  const picker = page.getByTestId('number-picker');
  await expect(picker).toBeVisible({ timeout: LOTTERY_E2E.tnEverySeconds * 1000 });
  await picker.getByRole('group', { name: 'ខ្ទង់ទី 1' }).getByRole('button', { name: '0' }).click();
  await picker.getByRole('group', { name: 'ខ្ទង់ទី 2' }).getByRole('button', { name: '7' }).click();
  await picker.getByTestId('picker-add').click();
  await picker.getByRole('group', { name: 'ខ្ទង់ទី 1' }).getByRole('button', { name: '4' }).click();
  await picker.getByRole('group', { name: 'ខ្ទង់ទី 2' }).getByRole('button', { name: '2' }).click();
  await picker.getByTestId('picker-add').click();
  await expect(page.getByTestId('bet-numbers')).toHaveValue('07 42');
  await picker.getByTestId('save-lottery-favourites').click();
  await expect(picker.getByTestId('lottery-favourites').getByRole('button', { name: '42' })).toBeVisible();
  await picker.scrollIntoViewIfNeeded();
  await picker.screenshot({ scale: 'css', path: `${SHOTS}/lottery-picker-${info.project.name}.png` });
  await expectAccessible(page);

  await page.reload();
  const saved = page.getByTestId('lottery-favourites');
  await expect(saved.getByRole('button', { name: '07' })).toBeVisible({ timeout: 20_000 });
  await saved.getByRole('button', { name: '07' }).click();
  await expect(page.getByTestId('bet-numbers')).toHaveValue('07');
});
