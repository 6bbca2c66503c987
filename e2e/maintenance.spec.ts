import { devices, expect, test, type Browser } from '@playwright/test';
import { expectNoLatinWords } from './khmer-text';
import { createPlayer, expectAccessible, signIn, ops, SHOTS, type Player } from './support';

/**
 * Maintenance is one switch for the whole server, so this spec runs alone, after the phone and desktop
 * projects (playwright.config.ts), and checks both sizes itself.
 */
const SIZES = {
  phone: devices['Pixel 5'],
  desktop: { viewport: { width: 1280, height: 800 } },
} as const;

async function openSignedIn(browser: Browser, baseURL: string, size: keyof typeof SIZES, player: Player) {
  const context = await browser.newContext({ ...SIZES[size], baseURL, locale: 'km-KH' });
  const page = await context.newPage();
  await signIn(page, player);
  return page;
}

test('maintenance switched on by the operator shows the maintenance screen; its button reloads the start page', async ({
  browser,
}, info) => {
  const baseURL = info.project.use.baseURL!;
  const pages = {
    phone: await openSignedIn(browser, baseURL, 'phone', createPlayer(info, 'maint_phone')),
    desktop: await openSignedIn(browser, baseURL, 'desktop', createPlayer(info, 'maint_desktop')),
  };
  ops('maintenance', 'on');
  try {
    for (const [size, page] of Object.entries(pages)) {
      // The server re-reads the switch every second in the e2e run (MAINTENANCE_REFRESH_SECONDS).
      const heading = page.getByRole('heading', { name: 'ប្រព័ន្ធកំពុងធ្វើបច្ចុប្បន្នភាព' });
      await expect(async () => {
        await page.reload();
        await expect(heading).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
      await expect(page.getByRole('img', { name: 'ម៉ាស៊ីនឆ្នោតកំពុងជួសជុល' })).toBeVisible();
      await expect(page.getByRole('navigation')).toHaveCount(0);
      await page.screenshot({ scale: 'css', path: `${SHOTS}/maintenance-${size}.png`, fullPage: true });
      await expectAccessible(page);
      await expectNoLatinWords(page);
    }
  } finally {
    ops('maintenance', 'off');
  }
  for (const page of Object.values(pages)) {
    await expect(async () => {
      await page.getByRole('button', { name: 'ត្រឡប់ទៅទំព័រដើម' }).click();
      await expect(page.getByRole('banner').getByRole('link', { name: 'ចាប់ផ្ដើមលេង' })).toBeVisible({
        timeout: 1_500,
      });
    }).toPass({ timeout: 10_000 });
    await expect(page).toHaveURL(/\/$/);
  }
});
