import { expect, test } from '@playwright/test';
import { createPlayer, expectAccessible, signIn, ops, shot } from './support';

test.describe('routes and guards (seed §2, §4, §6)', () => {
  test('a visitor: the landing page offers "log in", private pages and unknown paths lead to /login', async ({
    page,
  }, info) => {
    await page.goto('/');
    const logInButton = page.getByRole('banner').getByRole('link', { name: 'ចូល' });
    await expect(logInButton).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot(page, 'landing-visitor', info);
    await expectAccessible(page);
    await logInButton.click();
    await expect(page).toHaveURL(/\/login$/);
    expect(page.context().pages()).toHaveLength(1); // the same window

    for (const path of [
      '/transaction/deposit',
      '/user/password',
      '/report/lotto/59',
      '/no/such/page',
      '/lotto',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }

    await page.goto('/404');
    await expect(page.getByRole('heading', { name: 'រកមិនឃើញទំព័រនេះទេ' })).toBeVisible();
    await shot(page, 'not-found', info);
    await expectAccessible(page);
  });

  test('a player: "start playing", redirects to lotto 59, lottery routes only with the flag, full-screen fishing', async ({
    page,
  }, info) => {
    const player = createPlayer(info, 'guards');
    await signIn(page, player);

    await page.goto('/');
    const start = page.getByRole('banner').getByRole('link', { name: 'ចាប់ផ្ដើមលេង' });
    await expect(start).toBeVisible();
    await shot(page, 'landing-player', info);
    await start.click();
    await expect(page).toHaveURL(/\/game\/lotto\/59$/);

    for (const path of ['/no/such/page', '/login', '/game/lottery/bet/vn']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/game\/lotto\/59$/);
    }
    // /lotto replaces its history entry: back does not return to it.
    await page.goto('/transaction/deposit');
    await page.goto('/lotto');
    await expect(page).toHaveURL(/\/game\/lotto\/59$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/transaction\/deposit$/);

    ops('player', 'flag', player.username, 'enableLottery', 'on');
    await page.goto('/game/lottery/bet/VN');
    await expect(page.getByRole('heading', { name: 'ឆ្នោត' })).toBeVisible();
    await expect(page).toHaveURL(/\/game\/lottery\/bet\/VN$/);
    await shot(page, 'lottery-notice', info);

    // The sportsbook opens in the provider game frame (launched by /api/sport/login), no notice any more.
    await page.goto('/game/sport');
    await expect(page.getByTestId('game-frame')).toBeVisible();
    await expect(page.getByTestId('game-frame')).toHaveAttribute('src', /\/provider\/demo\/demo-league\/\?/);

    // Not a fishing provider: back to the fishing lobby.
    await page.goto('/game/fishing/play/3');
    await expect(page).toHaveURL(/\/game\/fishing$/);
    await expect(page.getByRole('heading', { name: 'ហ្គេមបាញ់ត្រី' })).toBeVisible();
    // Provider 4 without an open session: the full-screen frame says it could not open, with a way back.
    await page.goto('/game/fishing/play/4');
    await expect(page.getByTestId('game-frame-error')).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByRole('banner')).toHaveCount(0);
    await shot(page, 'fishing-play', info);
    await expectAccessible(page);
  });
});
