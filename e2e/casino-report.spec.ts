import { expect, test, type Page } from '@playwright/test';
import { seedRounds } from './casino-support';
import { expectNoLatinWords } from './khmer-text';
import { createPlayer, expectAccessible, shot, signIn } from './support';

const MINUTE = 60_000;
/** A full page load starts the app again (session, lazy chunks): on a busy machine more than 5 s. */
const PAGE_LOAD_MS = 20_000;

// ♠A ♥10 against ♦K ♣9 (pool indexes 0, 22, 38, 47): the banker wins 9 to 1.
const BACCARAT_WIN = {
  bets: [{ type: 'BANKER', amount: 5_000, payout: 9_750 }],
  player_cards: [0, 22],
  banker_cards: [38, 47],
  player_score: 1,
  banker_score: 9,
};
const SLOT_WIN = {
  stops: [3, 17, 8, 22, 5],
  lines: [{ line: 4, symbol: 'K', count: 3, win: 600 }],
  scatter: { count: 0, win: 0 },
};

test('casino report: rounds of baccarat and slots, totals, detail with card faces, status filter', async ({
  page,
}, info) => {
  const player = createPlayer(info, 'casino');
  const tag = info.project.name === 'phone' ? '1' : '2';
  seedRounds(player.username, [
    {
      provider: '2',
      roundId: `${tag}001`,
      gameCode: 'baccarat',
      stake: 5_000,
      payout: 9_750,
      status: 'CLOSED',
      winMeta: BACCARAT_WIN,
      agoMs: 10 * MINUTE,
    },
    {
      provider: '3',
      roundId: `${tag}002`,
      gameCode: 'angkor-fortune',
      stake: 1_000,
      payout: 600,
      status: 'CLOSED',
      winMeta: SLOT_WIN,
      agoMs: 20 * MINUTE,
    },
    {
      provider: '2',
      roundId: `${tag}003`,
      gameCode: 'baccarat',
      stake: 2_000,
      payout: 0,
      status: 'OPEN',
      agoMs: 1 * MINUTE,
    },
    {
      provider: '3',
      roundId: `${tag}004`,
      gameCode: 'angkor-fortune',
      stake: 0,
      payout: 0,
      status: 'ROLLED_BACK',
      agoMs: 30 * MINUTE,
    },
  ]);
  await signIn(page, player);
  await page.goto('/report/casino');
  await expect(page.getByRole('heading', { name: 'របាយការណ៍កាស៊ីណូ' })).toBeVisible({ timeout: PAGE_LOAD_MS });

  const rows = page.getByTestId('casino-row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText(`#${tag}003`);
  await expect(rows.nth(0)).toContainText('កំពុងលេង');
  await expect(rows.nth(1)).toContainText('បាការ៉ា');
  await expect(rows.nth(1).getByTestId('round-win-lose')).toHaveText('+4,750 ៛');
  await expect(rows.nth(2)).toContainText('សំណាងអង្គរ');
  await expect(rows.nth(2).getByTestId('round-win-lose')).toHaveText('−400 ៛');
  await expect(rows.nth(3)).toContainText('បានលុបចោល');
  await expect(page.getByTestId('casino-total-count')).toHaveText('4');
  await expect(page.getByTestId('casino-total-stake')).toHaveText('8,000 ៛');
  await expect(page.getByTestId('casino-total-payout')).toHaveText('10,350 ៛');
  await expect(page.getByTestId('casino-total-win-lose')).toHaveText('+2,350 ៛');

  await rows.nth(1).getByRole('button', { name: 'មើលលម្អិត' }).click();
  const detail = page.getByTestId('round-detail');
  await expect(detail.getByTestId('card-face')).toHaveCount(4);
  await expect(detail.getByRole('img', { name: 'A ប៊ិច' })).toBeVisible();
  await expect(detail.getByTestId('hand-score')).toHaveText(['អ្នកលេង៖ 1 ពិន្ទុ', 'ម្ចាស់បៀ៖ 9 ពិន្ទុ']);
  await expect(detail.getByTestId('baccarat-bet')).toHaveText('ម្ចាស់បៀ៖ ភ្នាល់ 5,000 ៛ សង 9,750 ៛');
  await rows.nth(2).getByRole('button', { name: 'មើលលម្អិត' }).click();
  await expect(page.getByTestId('slot-line')).toHaveText('ខ្សែ 4៖ K × 3 → 600 ៛');
  await shot(page, 'casino-report', info);
  await expectNoLatinWords(page, { allow: [player.username] });
  await expectAccessible(page);

  await page.getByLabel('ស្ថានភាព').selectOption('CLOSED');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('casino-total-count')).toHaveText('2');
  await expect(page.getByTestId('casino-total-win-lose')).toHaveText('+4,350 ៛');
  await expect(page).toHaveURL(/status=CLOSED/);

  // Issue 26, item 11: a game filter (slots against baccarat), and a round in two lines on a 360 px phone.
  await page.getByLabel('ស្ថានភាព').selectOption('');
  await page.getByLabel('ហ្គេម', { exact: true }).selectOption('angkor-fortune');
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId('casino-total-count')).toHaveText('2');
  await expect(page).toHaveURL(/game=angkor-fortune/);
  for (const row of await rows.all()) await expect(row).toContainText('សំណាងអង្គរ');
  if (info.project.name === 'phone') {
    await page.setViewportSize({ width: 360, height: 740 });
    // Two lines and the card's padding: the title line, then status, stake, win/lose and the detail arrow.
    const TWO_LINES_PX = 100;
    for (const row of await rows.all())
      expect((await row.boundingBox())?.height).toBeLessThanOrEqual(TWO_LINES_PX);
  }
  await shot(page, 'casino-report-compact', info);
});

/** The provider's launch is route-mocked until the real provider is merged: a same-origin stub game page. */
async function mockProvider(page: Page): Promise<{ launches: () => number }> {
  let launches = 0;
  await page.route('**/api/external/3/list', (route) =>
    route.fulfill({
      json: {
        data: [
          {
            code: 'angkor-fortune',
            name: 'Angkor Fortune',
            name_km: 'សំណាងអង្គរ',
            lines: 20,
            rtp: '96.60',
            min_bet: 1_000,
            max_bet: 50_000,
            thumbnail: '/e2e-stub/thumb.svg',
          },
        ],
      },
    }),
  );
  await page.route('**/api/external/*/url?*', (route) => {
    launches += 1;
    return route.fulfill({
      json: {
        data: {
          url: `/e2e-stub/game.html?code=${launches}`,
          token: 'x'.repeat(43),
          expires_at: new Date(Date.now() + 30 * MINUTE).toISOString(),
        },
      },
    });
  });
  await page.route('**/e2e-stub/thumb.svg', (route) =>
    route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="#b45309"/></svg>',
    }),
  );
  await page.route('**/e2e-stub/game.html*', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><html lang="km"><head><meta charset="utf-8"><title>ហ្គេម</title></head><body style="background:#064e3b;color:#fff"><h1>ហ្គេមសាកល្បង</h1></body></html>',
    }),
  );
  return { launches: () => launches };
}

test('slots: the list opens a game in a full-height frame, launched anew on each visit, no balance shown', async ({
  page,
}, info) => {
  const player = createPlayer(info, 'slots', 20_000);
  const provider = await mockProvider(page);
  await signIn(page, player);
  await expect(page.getByTestId('top-bar-balance')).toBeVisible();

  await page.goto('/game/slot');
  const game = page.getByTestId('slot-game');
  await expect(game).toContainText('សំណាងអង្គរ', { timeout: PAGE_LOAD_MS });
  await expect(game).toContainText('អត្រាសងត្រឡប់ 96.60%');
  await expect(page.getByTestId('top-bar-balance')).toHaveCount(0);
  await shot(page, 'slot-list', info);
  await expectNoLatinWords(page, { allow: [player.username] });

  await game.getByRole('link', { name: 'លេង សំណាងអង្គរ' }).click();
  await expect(page).toHaveURL(/\/game\/slot\/play\/angkor-fortune$/);
  const frame = page.getByTitle('សំណាងអង្គរ');
  await expect(frame).toHaveAttribute('src', '/e2e-stub/game.html?code=1');
  await expect(page.frameLocator('iframe[title="សំណាងអង្គរ"]').getByRole('heading')).toHaveText('ហ្គេមសាកល្បង');
  const box = (await frame.boundingBox())!;
  expect(box.height).toBeGreaterThan((page.viewportSize()?.height ?? 0) * 0.8);
  await expect(page.getByTestId('top-bar-balance')).toHaveCount(0);
  await shot(page, 'slot-play', info);

  // Leaving the game refetches the balance; coming back launches again.
  const userCall = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/user');
  await page.goBack();
  await userCall;
  await expect(page).toHaveURL(/\/game\/slot$/);
  await page.getByTestId('slot-game').getByRole('link').click();
  await expect(page.getByTitle('សំណាងអង្គរ')).toHaveAttribute('src', '/e2e-stub/game.html?code=2');
  expect(provider.launches()).toBe(2);

  await page.goto('/game/casino');
  await expect(page.getByTitle('បាការ៉ា')).toHaveAttribute('src', '/e2e-stub/game.html?code=3', {
    timeout: PAGE_LOAD_MS,
  });
  await expect(page.getByTestId('top-bar-balance')).toHaveCount(0);
});
