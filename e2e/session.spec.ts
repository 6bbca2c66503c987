import { expect, test } from '@playwright/test';
import { createPlayer, expectAccessible, isPhone, signIn, shot } from './support';

test.describe('the "please log in again" alert (seed §8)', () => {
  test('411: signed in on a second device, the first is told at its next call; OK reloads to /login', async ({
    page,
    browser,
  }, info) => {
    const player = createPlayer(info, 'twice');
    await signIn(page, player);

    const other = await browser.newContext({ baseURL: info.project.use.baseURL, locale: 'km-KH' });
    await signIn(await other.newPage(), player);
    await other.close();

    // The first device acts: it opens the deposit history from the menu. The lotto 59 page it was on also
    // calls the server by itself (the next round, the ticket badge); whichever call comes first is told.
    const alert = page.getByRole('alertdialog', { name: 'សូមចូលម្ដងទៀត' });
    const act = async () => {
      if (isPhone(info)) await page.getByRole('button', { name: 'បើកម៉ឺនុយ' }).click({ timeout: 5_000 });
      await page.getByRole('link', { name: 'ប្រវត្តិដាក់ប្រាក់' }).click({ timeout: 5_000 });
    };
    await Promise.race([alert.waitFor(), act().catch(() => alert.waitFor())]);
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('ឧបករណ៍នេះត្រូវបានចាកចេញ');
    await expect(alert).toHaveCount(1);
    const ok = alert.getByRole('button', { name: 'យល់ព្រម' });
    await expect(ok).toBeFocused();
    await shot(page, 'alert-411', info);
    await expectAccessible(page);
    // Focus stays inside the dialog.
    await page.keyboard.press('Tab');
    await expect(ok).toBeFocused();

    await ok.click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'ចូល' })).toBeVisible();
  });

  test('419: a stale XSRF token on a state change; the reload fetches a fresh one', async ({
    page,
  }, info) => {
    const player = createPlayer(info, 'xsrf');
    await signIn(page, player);
    await page.goto('/user/password');
    await page
      .context()
      .addCookies([{ name: 'XSRF-TOKEN', value: 'stale-token', url: info.project.use.baseURL! }]);

    await page.getByLabel('ពាក្យសម្ងាត់ចាស់').fill(player.password);
    await page.getByLabel('ពាក្យសម្ងាត់ថ្មី', { exact: true }).fill('a-new-password-9');
    await page.getByLabel('បញ្ជាក់ពាក្យសម្ងាត់ថ្មី').fill('a-new-password-9');
    await page.getByRole('button', { name: 'រក្សាទុកពាក្យសម្ងាត់ថ្មី' }).click();

    const alert = page.getByRole('alertdialog', { name: 'សូមចូលម្ដងទៀត' });
    await expect(alert).toContainText('សុវត្ថិភាពបានផុតកំណត់');
    await shot(page, 'alert-419', info);
    // Escape does what OK does: the page reloads, still signed in, with a fresh token.
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/user\/password$/);
    await expect(page.getByRole('heading', { name: 'ប្ដូរពាក្យសម្ងាត់', level: 1 })).toBeVisible();
    const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
    expect(xsrf?.value).not.toBe('stale-token');
  });
});
