import { expect, test, type Page } from '@playwright/test';
import { createPlayer, expectAccessible, isPhone, signIn, shot } from './support';

// 44 px touch targets; layout works in 1/64 px, so a 44 px box can measure 43.99…
const TOUCH_TARGET_PX = 44 - 1 / 64;

/** Seed §2 side menu, in order: [accessible name, path]. */
const MENU = [
  ['ឡូតូ 59', '/game/lotto/59'],
  ['កីឡា', '/game/sport'],
  ['កាស៊ីណូ', '/game/casino'],
  ['បាញ់ត្រី', '/game/fishing'],
  ['មើលសំបុត្រឡូតូ 59', '/ticket/lotto59'],
  ['ប្រវត្តិដកប្រាក់', '/transaction/withdraw'],
  ['ប្រវត្តិដាក់ប្រាក់', '/transaction/deposit'],
  ['របាយការណ៍ឡូតូ 59', '/report/lotto/59'],
  ['របាយការណ៍កីឡា', '/report/sport'],
  ['របាយការណ៍កាស៊ីណូ', '/report/casino'],
  ['របាយការណ៍បាញ់ត្រី', '/report/fishing'],
  ['ប្ដូរពាក្យសម្ងាត់', '/user/password'],
  ['ចាកចេញ', '/logout'],
] as const;

async function expectMenuInOrder(page: Page) {
  const links = page.getByRole('navigation', { name: 'ម៉ឺនុយមេ' }).getByRole('link');
  await expect(links).toHaveCount(MENU.length);
  for (const [index, [name, href]] of MENU.entries()) {
    await expect(links.nth(index)).toHaveAccessibleName(name);
    await expect(links.nth(index)).toHaveAttribute('href', href);
  }
  await expect(page.getByTestId('app-version')).toContainText('2.0');
}

/** `rem` in pixels on this page (1rem = the root font size). */
const remPx = (page: Page) =>
  page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));

async function navWidthPx(page: Page): Promise<number> {
  return (await page.getByRole('navigation', { name: 'ម៉ឺនុយមេ' }).boundingBox())?.width ?? -1;
}

test.describe('main layout (seed §2)', () => {
  test('top bar: username in upper case, balance with ៛ (not on sport, casino, slots); language switch', async ({
    page,
  }, info) => {
    const player = createPlayer(info, 'layout', 12_500);
    await signIn(page, player);
    const header = page.getByRole('banner');
    await expect(header.getByTestId('top-bar-username')).toHaveText(player.username.toUpperCase());
    await expect(header.getByTestId('top-bar-balance')).toHaveText(/^សមតុល្យ:\s*12,500 ៛$/);
    await expect(page.getByRole('main')).toBeVisible();
    for (const name of ['ទំព័រដើម', 'ផ្ទុកឡើងវិញ', isPhone(info) ? 'ប្ដូរទៅទិដ្ឋភាពកុំព្យូទ័រ' : 'ប្ដូរទៅទិដ្ឋភាពទូរស័ព្ទ']) {
      await expect(header.getByRole(name === 'ទំព័រដើម' ? 'link' : 'button', { name })).toBeVisible();
    }
    // Seed §2: the back button only on phone game pages.
    await expect(header.getByRole('button', { name: 'ថយក្រោយ' })).toHaveCount(isPhone(info) ? 1 : 0);

    for (const path of ['/game/sport', '/game/casino', '/game/slot', '/game/slot/play/4']) {
      await page.goto(path);
      await expect(header.getByTestId('top-bar-username')).toBeVisible();
      await expect(header.getByTestId('top-bar-balance')).toHaveCount(0);
    }
    await page.goto('/game/fishing');
    await expect(header.getByTestId('top-bar-balance')).toBeVisible();

    // Every touch target in the top bar is at least 44 px.
    for (const control of await header.locator('a, button').all()) {
      const box = await control.boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
      expect(box?.height).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
    }

    // Language: English from the menu, kept after a reload, then back to Khmer.
    await page.goto('/game/lotto/59');
    if (isPhone(info)) await page.getByRole('button', { name: 'បើកម៉ឺនុយ' }).click();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { name: 'Lotto 59' })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(isPhone(info) ? 0 : 1);
    await page.goto('/transaction/deposit');
    await expect(page.getByRole('heading', { name: 'Deposit history' })).toBeVisible();
    await shot(page, 'deposit-history-english', info);
    if (isPhone(info)) await page.getByRole('button', { name: 'Open the menu' }).click();
    await page.getByRole('button', { name: 'ភាសាខ្មែរ' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'km');
    await expect(page.getByRole('heading', { name: 'ប្រវត្តិដាក់ប្រាក់' })).toBeVisible();
  });

  test('side menu: items in order; desktop 3.15rem ↔ 14rem, phone overlay closes on a choice', async ({
    page,
  }, info) => {
    const player = createPlayer(info, 'menu');
    await signIn(page, player);
    const rem = await remPx(page);
    const toggle = page.getByRole('banner').getByRole('button', { name: /ម៉ឺនុយ/ });

    if (isPhone(info)) {
      await expect(page.getByRole('navigation', { name: 'ម៉ឺនុយមេ' })).toHaveCount(0);
      await toggle.click();
      const drawer = page.getByRole('dialog', { name: 'ម៉ឺនុយមេ' });
      await expect(drawer).toBeVisible();
      await expectMenuInOrder(page);
      await shot(page, 'menu-open', info);
      await expectAccessible(page);
      for (const link of await drawer.getByRole('link').all()) {
        expect((await link.boundingBox())?.height).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
      }
      await drawer.getByRole('link', { name: 'ប្រវត្តិដាក់ប្រាក់' }).click();
      await expect(page).toHaveURL(/\/transaction\/deposit$/);
      await expect(drawer).toHaveCount(0);
      // Escape closes it too, and focus returns to the menu button.
      await toggle.click();
      await expect(drawer).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(drawer).toHaveCount(0);
      await expect(toggle).toBeFocused();
      return;
    }

    const nav = page.getByRole('navigation', { name: 'ម៉ឺនុយមេ' });
    await expectMenuInOrder(page);
    await page.mouse.move(900, 500);
    await expect.poll(() => navWidthPx(page)).toBeCloseTo(3.15 * rem, 0);
    await shot(page, 'menu-narrow', info);
    await nav.hover();
    await expect.poll(() => navWidthPx(page)).toBeCloseTo(14 * rem, 0);
    await expect(nav.getByText('ប្រវត្តិដាក់ប្រាក់')).toBeVisible();
    await shot(page, 'menu-hover', info);
    await page.mouse.move(900, 500);
    await expect.poll(() => navWidthPx(page)).toBeCloseTo(3.15 * rem, 0);
    await toggle.click();
    await page.mouse.move(900, 500);
    await expect.poll(() => navWidthPx(page)).toBeCloseTo(14 * rem, 0);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await shot(page, 'menu-pinned', info);
    await expectAccessible(page);
    await nav.getByRole('link', { name: 'ប្រវត្តិដកប្រាក់' }).click();
    await expect(page).toHaveURL(/\/transaction\/withdraw$/);
    await toggle.click();
    await page.mouse.move(900, 500);
    await expect.poll(() => navWidthPx(page)).toBeCloseTo(3.15 * rem, 0);
  });
});
