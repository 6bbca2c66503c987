import { expect, test } from '@playwright/test';
import { createPlayer, expectAccessible, isPhone, signIn, ops, shot } from './support';

/** Today in Phnom Penh (the operator's time zone), `YYYY-MM-DD` (the API's and the address's format). */
const todayInPhnomPenh = () => new Date(Date.now() + 7 * 3_600_000).toISOString().slice(0, 10);
/** The same day as a player types it (seed: `DD-MM-YYYY`). */
const asTyped = (iso: string) => iso.split('-').reverse().join('-');

test('deposit and withdraw history after operator deposits and withdrawals; the operator reads the analytics', async ({
  page,
}, info) => {
  const player = createPlayer(info, 'cash');
  await signIn(page, player);
  await page.goto('/transaction/deposit');
  await expect(page.getByText('មិនមានការដាក់ប្រាក់ក្នុងរយៈពេលនេះទេ។')).toBeVisible();
  await expect(page.getByTestId('transactions-total')).toHaveText('0 ៛');
  await shot(page, 'deposit-empty', info);

  ops('deposit', player.username, '50,000', '--note', 'counter 1');
  ops('deposit', player.username, '2500');
  ops('withdraw', player.username, '12000', '--note', 'cash out');

  await page.reload();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3); // header + 2
  await expect(rows.nth(1)).toContainText('2,500 ៛');
  await expect(rows.nth(1)).toContainText('52,500 ៛');
  await expect(rows.nth(2)).toContainText('50,000 ៛');
  await expect(rows.nth(2)).toContainText('counter 1');
  // Seed: DD-MM-YYYY hh:mm A, the day period in Khmer.
  await expect(rows.nth(1)).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2} (ព្រឹក|ល្ងាច)/);
  await expect(page.getByTestId('transactions-total')).toHaveText('52,500 ៛');
  await expect(page.getByText('2 ប្រតិបត្តិការ')).toBeVisible();
  await shot(page, 'deposit-history', info);
  await expectAccessible(page);

  // The date filter: today has both, a day long ago has none.
  const today = todayInPhnomPenh();
  await page.getByLabel('ចាប់ពីថ្ងៃ').fill(asTyped(today));
  await page.getByLabel('ដល់ថ្ងៃ').fill(asTyped(today));
  await page.getByRole('button', { name: 'ស្វែងរក' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
  await expect(rows).toHaveCount(3);
  await page.getByLabel('ចាប់ពីថ្ងៃ').fill('01-01-2020');
  await page.getByLabel('ដល់ថ្ងៃ').fill('02-01-2020');
  await page.getByRole('button', { name: 'ស្វែងរក' }).click();
  await expect(page.getByText('មិនមានការដាក់ប្រាក់ក្នុងរយៈពេលនេះទេ។')).toBeVisible();
  await page.getByRole('button', { name: 'សម្អាត' }).click();
  await expect(rows).toHaveCount(3);

  if (isPhone(info)) await page.getByRole('button', { name: 'បើកម៉ឺនុយ' }).click();
  await page.getByRole('link', { name: 'ប្រវត្តិដកប្រាក់' }).click();
  await expect(page.getByRole('heading', { name: 'ប្រវត្តិដកប្រាក់' })).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('12,000 ៛');
  await expect(rows.nth(1)).toContainText('40,500 ៛');
  await expect(rows.nth(1)).toContainText('cash out');
  await expect(page.getByTestId('transactions-total')).toHaveText('12,000 ៛');
  await shot(page, 'withdraw-history', info);
  await expectAccessible(page);

  // Seed §1: screen views reach the server's analytics (sent in batches; leaving the page sends the rest).
  await page.goto('/');
  await expect
    .poll(() => ops('analytics', '--player', player.username, '--type', 'screen_view', '--limit', '50'), {
      timeout: 10_000,
    })
    .toContain('/transaction/withdraw');
});
