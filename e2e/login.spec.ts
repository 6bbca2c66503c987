import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/** Screenshots land here (git-ignored) so a person can look at every screen the tests saw. */
const SHOTS = 'artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });

test('the demo player signs in on the Khmer login page and sees the balance', async ({ page }, info) => {
  await page.goto('/game/lotto/59');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'km');
  await expect(page.getByRole('button', { name: 'ចូល' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/login-${info.project.name}.png`, fullPage: true });

  await page.getByLabel('ឈ្មោះអ្នកប្រើ').fill('demo');
  await page.getByLabel('ពាក្យសម្ងាត់').fill('wrong password');
  await page.getByRole('button', { name: 'ចូល' }).click();
  await expect(page.getByText('ឈ្មោះអ្នកប្រើ ឬពាក្យសម្ងាត់មិនត្រឹមត្រូវ')).toBeVisible();
  await expect(page.getByLabel('ឈ្មោះអ្នកប្រើ')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/login$/);
  await page.screenshot({ path: `${SHOTS}/login-error-${info.project.name}.png`, fullPage: true });

  await page.getByLabel('ពាក្យសម្ងាត់').fill('demo1234');
  await page.getByRole('button', { name: 'ចូល' }).click();
  await expect(page).toHaveURL(/\/game\/lotto\/59$/);
  await expect(page.getByText('DEMO')).toBeVisible();
  await expect(page.getByText(/1,000,000\s៛/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/signed-in-${info.project.name}.png`, fullPage: true });

  // The session is an HttpOnly cookie the page cannot read; the XSRF token is readable.
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'lotto59_session')?.httpOnly).toBe(true);
  expect(cookies.find((c) => c.name === 'XSRF-TOKEN')?.httpOnly).toBe(false);

  // A signed-in player on /login goes to lotto 59.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/game\/lotto\/59$/);
});
