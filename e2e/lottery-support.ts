import { expect, test, type Page } from '@playwright/test';
import { expectNoLatinWords } from './khmer-text';
import { expectAccessible, shot, SHOTS, type Player } from './support';

/* The steps both lottery specs take on the screens (the real server's and the page.route stand-in's). */

// layout.spec.ts: 44 px touch targets; layout works in 1/64 px, so a 44 px box can measure 43.99….
const TOUCH_TARGET_PX = 44 - 1 / 64;

/** Every control of the lottery screen (not the shared top bar and menu) is at least 44 × 44 px. */
export async function expectTouchTargets(page: Page) {
  const small = await page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'main button, main a, main select, main textarea, main input[type="text"], main label:has(> input)',
    );
    return Array.from(controls)
      .filter((el) => el.checkVisibility() && !el.classList.contains('sr-only'))
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.width < min || box.height < min)
      .map(({ el, box }) => `${el.tagName} "${el.textContent?.trim() ?? ''}" ${box.width}×${box.height}`);
  }, TOUCH_TARGET_PX);
  expect(small).toEqual([]);
}

export async function checkScreen(page: Page, player: Player, name: string) {
  await expectNoLatinWords(page, { allow: [player.username] });
  await expectAccessible(page);
  await shot(page, `lottery-${name}`, test.info());
}

export async function confirmDialog(page: Page, player: Player, name?: string) {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await expectNoLatinWords(page, { allow: [player.username] });
  if (name)
    await page.screenshot({ scale: 'css', path: `${SHOTS}/lottery-${name}-${test.info().project.name}.png` });
  await dialog.getByRole('button', { name: 'បញ្ជាក់' }).click();
  await expect(dialog).toBeHidden();
}

export async function tab(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'ផ្នែកនៃឆ្នោត' }).getByRole('link', { name }).click();
}

/** Types an item and adds it, after checking its preview. */
export async function addItem(
  page: Page,
  item: { digits: 2 | 3; posts: string[]; numbers: string; amount: string },
  preview: { count: string; lines: string; face: string; net: string },
) {
  await page.getByText(item.digits === 2 ? 'លេខ ២ ខ្ទង់' : 'លេខ ៣ ខ្ទង់', { exact: true }).click();
  for (const post of item.posts) await page.getByTestId(`post-${post}`).click();
  await page.getByTestId('bet-numbers').fill(item.numbers);
  await page.getByTestId('bet-amount').fill(item.amount);
  await expect(page.getByTestId('preview-count')).toHaveText(preview.count);
  await expect(page.getByTestId('preview-lines')).toHaveText(preview.lines);
  await expect(page.getByTestId('preview-face')).toHaveText(preview.face);
  await expect(page.getByTestId('preview-net')).toHaveText(preview.net);
  await page.getByTestId('bet-add').click();
  // The posts stay chosen for the next item; clear them so each item starts from none.
  for (const post of item.posts) await page.getByTestId(`post-${post}`).click();
}
