import { expect, test } from '@playwright/test';
import { createPlayer, expectAccessible, shot } from './support';

/**
 * The demo player of embedded mode signs in on the desktop run; the phone run, which may run at the same
 * time, uses its own player with the same balance (one live session per player: the two would end each
 * other's sessions).
 */
test('a player signs in on the Khmer login page and sees the balance', async ({ page }, info) => {
  const player =
    info.project.name === 'desktop'
      ? { username: 'demo', password: 'demo1234' }
      : createPlayer(info, 'login', 1_000_000);
  await page.goto('/game/lotto/59');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'km');
  await expect(page.getByRole('button', { name: 'ចូល' })).toBeVisible();
  await shot(page, 'login', info);
  await expectAccessible(page);

  await page.getByLabel('ឈ្មោះអ្នកប្រើ').fill(player.username);
  await page.getByLabel('ពាក្យសម្ងាត់').fill('wrong password');
  await page.getByRole('button', { name: 'ចូល' }).click();
  await expect(page.getByText('ឈ្មោះអ្នកប្រើ ឬពាក្យសម្ងាត់មិនត្រឹមត្រូវ')).toBeVisible();
  await expect(page.getByLabel('ឈ្មោះអ្នកប្រើ')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/login$/);
  await shot(page, 'login-error', info);

  await page.getByLabel('ពាក្យសម្ងាត់').fill(player.password);
  await page.getByRole('button', { name: 'ចូល' }).click();
  await expect(page).toHaveURL(/\/game\/lotto\/59$/);
  await expect(page.getByTestId('top-bar-username')).toHaveText(player.username.toUpperCase());
  await expect(page.getByTestId('top-bar-balance')).toHaveText(/1,000,000\s៛/);
  await expect(page.getByRole('heading', { name: 'ឡូតូ 59' })).toBeVisible();
  await shot(page, 'lotto59-after-login', info);
  await expectAccessible(page);

  // The session is an HttpOnly cookie the page cannot read; the XSRF token is readable.
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'lotto59_session')?.httpOnly).toBe(true);
  expect(cookies.find((c) => c.name === 'XSRF-TOKEN')?.httpOnly).toBe(false);
  // Seed §4: the reset-token cookie marks the first load as done.
  expect(cookies.find((c) => c.name === 'reset_token')?.value).toBe('v1');

  // A signed-in player on /login goes to lotto 59.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/game\/lotto\/59$/);
});
