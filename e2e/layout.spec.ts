import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { ROUND_CYCLE_MS } from './lotto59-support';
import { createPlayer, expectAccessible, isPhone, ops, signIn, shot } from './support';

// 44 px touch targets; layout works in 1/64 px, so a 44 px box can measure 43.99…
const TOUCH_TARGET_PX = 44 - 1 / 64;

/** Seed §2 side menu, in order, and the games page (issue 26): [accessible name, path]. */
const MENU = [
  ['ឡូតូ 59', '/game/lotto/59'],
  ['កីឡា', '/game/sport'],
  ['កាស៊ីណូ', '/game/casino'],
  ['បាញ់ត្រី', '/game/fishing'],
  // Issue 26: one more entry after the seed's games, the games page.
  ['ហ្គេមទាំងអស់', '/games'],
  ['មើលសំបុត្រឡូតូ 59', '/ticket/lotto59'],
  ['ប្រវត្តិដកប្រាក់', '/transaction/withdraw'],
  ['ប្រវត្តិដាក់ប្រាក់', '/transaction/deposit'],
  // Issue 25: the statement, beside deposits and withdrawals.
  ['របាយការណ៍ហិរញ្ញវត្ថុ', '/transaction/statement'],
  ['របាយការណ៍ឡូតូ 59', '/report/lotto/59'],
  ['របាយការណ៍កីឡា', '/report/sport'],
  ['របាយការណ៍កាស៊ីណូ', '/report/casino'],
  ['របាយការណ៍បាញ់ត្រី', '/report/fishing'],
  ['ប្ដូរពាក្យសម្ងាត់', '/user/password'],
  // Issue 26 item 3: the push opt-in, in the account group (decision 0051).
  ['ការជូនដំណឹង', '/user/notifications'],
  // Issue 24: responsible gaming, in the account group.
  ['ការលេងប្រកបដោយការទទួលខុសត្រូវ', '/user/limits'],
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

/** Issue 26's narrowest phone: 360 × 740 (the phone project is a Pixel 5, 393 px wide). */
const NARROW = { width: 360, height: 740 } as const;

/** Nothing on the page is wider than the screen: it never pans sideways. */
async function expectNoSidewaysPan(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

/** Places NUMBER bets in the fast pool's open round through the API, as the board does; its ticket id. */
async function placeRangeBet(page: Page): Promise<number> {
  const playing = await page.request.get('/api/v1/result/playing?poll=POLL_2');
  const { data } = (await playing.json()) as { data: { round: { id: number } } };
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post('/api/bet', {
    // 15 tickets, each with its post and number: the longest printable ticket of the walk's kind.
    data: {
      poll: 'POLL_2',
      result_id: data.round.id,
      bets: [{ type: 'NUMBER', posts: [...'ABCDE'], numbers: '57-59', amount: 1_000 }],
    },
    headers: {
      'X-XSRF-TOKEN': decodeURIComponent(xsrf),
      'X-Requested-With': 'XMLHttpRequest',
      'Idempotency-Key': crypto.randomUUID(),
    },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { bets: { id: number }[] } }).data.bets[0]!.id;
}

test.describe('issue 26: what a new player tripped on', () => {
  test('the games page lists every product (slots too), the lottery with its flag; ticket detail fits 360 px', async ({
    page,
  }, info) => {
    const player = createPlayer(info, 'games26', 50_000);
    await signIn(page, player);
    if (isPhone(info)) await page.setViewportSize(NARROW);

    await page.goto('/games');
    const tiles = page.getByTestId('game-tiles').getByRole('link');
    await expect(tiles).toHaveCount(5);
    await expect(tiles.nth(3)).toHaveAttribute('href', '/game/slot');
    for (const tile of await tiles.all())
      expect((await tile.boundingBox())?.height).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
    await expectNoSidewaysPan(page);
    await shot(page, 'games-page', info);
    await expectAccessible(page);
    ops('player', 'flag', player.username, 'enableLottery', 'on');
    await page.reload();
    await expect(tiles).toHaveCount(6);
    await expect(tiles.last()).toHaveAttribute('href', '/game/lottery');
    await tiles.nth(3).click();
    await expect(page).toHaveURL(/\/game\/slot$/);

    // Item 4: the ticket detail at 360 px, drawn and settled (balls, result, proof, printable ticket), the top
    // bar's name and balance whole.
    const ticket = await placeRangeBet(page);
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/api/v1/ticket/list?type=ALL&per_page=1`);
          return ((await res.json()) as { data: { items: { status: string }[] } }).data.items[0]?.status;
        },
        { timeout: ROUND_CYCLE_MS, intervals: [500] },
      )
      .not.toBe('PENDING');
    await page.goto(`/ticket/lotto59/${ticket}`);
    // A page's first open with its calls: 5 s was not enough beside the other worker on a slower VM.
    await expect(page.getByTestId('draw-result')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('recall-stake')).toHaveText('1,000 ៛');
    await expectNoSidewaysPan(page);
    for (const id of ['top-bar-username', 'top-bar-balance']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= (page.viewportSize()?.width ?? 0)).toBe(true);
    }
    await shot(page, 'ticket-detail-narrow', info);
  });

  test('items 10 and 12: the laptop screen shows the bet bar and every menu link; 44 px grid cells; unique landmarks; the chip label fits', async ({
    page,
  }, info) => {
    const player = createPlayer(info, 'laptop26', 50_000);
    // The longest menu: the lottery's three links too.
    ops('player', 'flag', player.username, 'enableLottery', 'on');
    await signIn(page, player);
    const nav = page.getByRole('navigation', { name: 'ម៉ឺនុយមេ' });

    if (isPhone(info)) {
      // Item 12: every cell of the 1–59 grid is a 44 px target on a 360 px phone.
      await page.setViewportSize(NARROW);
      await page.goto('/game/lotto/59');
      const cells = page.getByRole('group', { name: 'ជ្រើសលេខ 1 ដល់ 59' }).getByRole('button');
      await expect(cells).toHaveCount(59);
      for (const cell of await cells.all()) {
        const box = await cell.boundingBox();
        expect(box?.width).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
        expect(box?.height).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
      }
      await expectNoSidewaysPan(page);
      await cells.first().scrollIntoViewIfNeeded();
      await page.screenshot({
        scale: 'css',
        path: `artifacts/screenshots/grid-narrow-${info.project.name}.png`,
      });
      // Item 12: the password fields' eye toggles, named for their field.
      await page.goto('/user/password');
      await page.getByRole('button', { name: 'បង្ហាញពាក្យសម្ងាត់ចាស់' }).click();
      await expect(page.getByLabel('ពាក្យសម្ងាត់ចាស់')).toHaveAttribute('type', 'text');
      await shot(page, 'password-narrow', info);
    } else {
      // Item 10: a 1366 × 768 laptop shows the bet bar without a scroll, beside the board, not over it.
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.goto('/game/lotto/59');
      const bar = page.getByTestId('bet-bar');
      await expect(bar.getByRole('button', { name: 'ភ្នាល់', exact: true })).toBeInViewport({ ratio: 1 });
      const [barBox, boardBox] = [
        await bar.boundingBox(),
        await page.getByRole('region', { name: 'ចាក់ឆ្នោត' }).boundingBox(),
      ];
      expect(barBox && boardBox && barBox.x + barBox.width <= boardBox.x).toBe(true);
      await page.screenshot({
        scale: 'css',
        path: `artifacts/screenshots/laptop-game-${info.project.name}.png`,
      });
      // Item 10: the menu opened by the pointer shows every link at 768 px, logout included.
      await nav.hover();
      await expect.poll(() => navWidthPx(page)).toBeCloseTo(14 * (await remPx(page)), 0);
      const links = nav.getByRole('link');
      await expect(links).toHaveCount(MENU.length + 3);
      for (const link of await links.all()) await expect(link).toBeInViewport({ ratio: 1 });
      await page.screenshot({
        scale: 'css',
        path: `artifacts/screenshots/laptop-menu-${info.project.name}.png`,
      });
      await page.mouse.move(900, 500);
    }

    // Item 12: no two landmarks alike across the app and a game's frame, nor on the fishing lobby.
    const landmarks = async () =>
      (await new AxeBuilder({ page }).withRules(['landmark-unique']).analyze()).violations.flatMap((v) =>
        v.nodes.map((n) => n.target.join(' ')),
      );
    await page.goto('/game/casino');
    const table = page.frameLocator('iframe[data-testid="game-frame"]');
    await expect(table.getByRole('heading', { name: 'បាការ៉ា', exact: true })).toBeVisible({
      timeout: 20_000,
    });
    expect(await landmarks()).toEqual([]);
    // Item 12: every chip's label fits inside its ring ("100K" ran over it).
    const over = await table
      .locator('.chip')
      .evaluateAll((chips) => chips.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent));
    expect(over).toEqual([]);
    await page.screenshot({
      scale: 'css',
      path: `artifacts/screenshots/baccarat-chips-${info.project.name}.png`,
    });
    // Item 9: the one game's two modes named apart, the minimum in ៛.
    await page.goto('/game/fishing');
    await expect(page.getByRole('heading', { name: 'នាគសមុទ្រ · ផ្ទេរប្រាក់ចូលហ្គេម' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'នាគសមុទ្រ · លេងពីសមតុល្យមេ' })).toBeVisible();
    await expect(page.getByTestId('fishing-card-4')).toContainText('យ៉ាងតិច 1,000 ៛');
    expect(await landmarks()).toEqual([]);
    await shot(page, 'fishing-lobby-names', info);
  });
});
