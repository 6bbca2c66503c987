import { expect, test } from '@playwright/test';
import { createPlayer, expectAccessible, isPhone, logIn, shot } from './support';

test('a password change end to end: Khmer field errors, the server’s, success, then the new password works', async ({
  page,
}, info) => {
  const player = createPlayer(info, 'pass');
  const newPassword = `new-${player.password}`;
  await logIn(page, player);
  if (isPhone(info)) await page.getByRole('button', { name: 'បើកម៉ឺនុយ' }).click();
  await page.getByRole('link', { name: 'ប្ដូរពាក្យសម្ងាត់' }).click();
  await expect(page).toHaveURL(/\/user\/password$/);
  await expect(page.getByRole('heading', { name: 'ប្ដូរពាក្យសម្ងាត់', level: 1 })).toBeVisible();
  await shot(page, 'password', info);
  await expectAccessible(page);

  const oldField = page.getByLabel('ពាក្យសម្ងាត់ចាស់');
  const newField = page.getByLabel('ពាក្យសម្ងាត់ថ្មី', { exact: true });
  const confirmField = page.getByLabel('បញ្ជាក់ពាក្យសម្ងាត់ថ្មី');
  const submit = page.getByRole('button', { name: 'រក្សាទុកពាក្យសម្ងាត់ថ្មី' });

  // Checked at once, in Khmer.
  await newField.fill('short');
  await confirmField.fill('other');
  await submit.click();
  await expect(oldField).toHaveAccessibleDescription('សូមវាយពាក្យសម្ងាត់ចាស់របស់អ្នក');
  await expect(newField).toHaveAccessibleDescription('ពាក្យសម្ងាត់ថ្មីត្រូវមាន 8 ដល់ 64 តួអក្សរ');
  await expect(confirmField).toHaveAccessibleDescription('ការបញ្ជាក់មិនដូចពាក្យសម្ងាត់ថ្មីទេ');
  await shot(page, 'password-errors', info);
  await expectAccessible(page);

  // Checked by the server: the old password is wrong.
  await oldField.fill('not-my-password');
  await newField.fill(newPassword);
  await confirmField.fill(newPassword);
  await submit.click();
  await expect(oldField).toHaveAttribute('aria-invalid', 'true');
  // In Khmer: the server's English text is for operators (issue 11).
  await expect(oldField).toHaveAccessibleDescription('ពាក្យសម្ងាត់ចាស់មិនត្រឹមត្រូវ');

  await oldField.fill(player.password);
  await submit.click();
  const done = page.getByRole('alertdialog', { name: 'យល់ព្រម' });
  await expect(done).toContainText('ពាក្យសម្ងាត់របស់អ្នកត្រូវបានប្ដូររួចរាល់។');
  await shot(page, 'password-changed', info);
  await done.getByRole('button', { name: 'យល់ព្រម' }).click();
  await expect(done).toHaveCount(0);
  await expect(oldField).toHaveValue('');

  // Still signed in on this device (the session was rotated); log out, then in with the new password.
  if (isPhone(info)) await page.getByRole('button', { name: 'បើកម៉ឺនុយ' }).click();
  await page.getByRole('link', { name: 'ចាកចេញ' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('ឈ្មោះអ្នកប្រើ').fill(player.username);
  await page.getByLabel('ពាក្យសម្ងាត់').fill(player.password);
  await page.getByRole('button', { name: 'ចូល' }).click();
  await expect(page.getByText('ឈ្មោះអ្នកប្រើ ឬពាក្យសម្ងាត់មិនត្រឹមត្រូវ')).toBeVisible();
  await logIn(page, { ...player, password: newPassword });
  await expect(page.getByTestId('top-bar-username')).toHaveText(player.username.toUpperCase());
});
