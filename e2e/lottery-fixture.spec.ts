import { expect, test } from '@playwright/test';
import { LotteryFixture } from './lottery-fixture';
import { addItem, checkScreen, confirmDialog, expectTouchTargets, tab } from './lottery-support';
import { createPlayer, isPhone, ops, signIn } from './support';

/*
 * Kept beside lottery.spec.ts (the real server): the screens against the domain-computed stand-in of lottery.md
 * §6 (lottery-fixture.ts), for what the real server cannot show on demand: a VN draw of the §7 test vector.
 * The ticket: TN 2D A+C `១០-១៤` × 1,000 ៛ (5 numbers × 2 lines: face 10,000, net 8,000), TN 3D ROLL `12*` × 100 ៛ (10 × 5: face 5,000, net 4,000) and TN 2D B `77` × 500 ៛ (net
 * 400), whose last item is then deleted. The result: the §7 vector draw, on which the fixture's settled ticket
 * (§4 example, VN-S 2D A+B 10-14 × 1,000 ៛) hits G8 = 14 once: 75,000 ៛.
 */

const BALANCE = 1_000_000;
test('fixture stand-in (page.route): the VN §7 vector draw, a ticket of 2D and 3D items, delete, result with hits, verify, report', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const player = createPlayer(info, 'lotfix', BALANCE);
  ops('player', 'flag', player.username, 'enableLottery', 'on');
  const fixture = new LotteryFixture(Date.now(), BALANCE);
  await fixture.install(page);
  await signIn(page, player);

  // Menu entry (seed §6: only with the flag), then the hub opens on the draw times.
  if (isPhone(info)) await page.getByRole('button', { name: 'បើកម៉ឺនុយ' }).click();
  await page.getByRole('link', { name: 'ឆ្នោត', exact: true }).click();
  await expect(page).toHaveURL(/\/game\/lottery\/timeout$/);
  await expect(page.getByTestId('next-TN').getByTestId('countdown')).toHaveText(/^\d{2}:\d{2}$/);
  const first = await page.getByTestId('next-TN').getByTestId('countdown').textContent();
  await expect(page.getByTestId('next-TN').getByTestId('countdown')).not.toHaveText(first ?? '');
  await checkScreen(page, player, 'fixture-timeout');

  // Bet: TN, three items, the preview computed before confirming.
  await page.getByTestId('next-TN').getByRole('link', { name: 'ចាក់' }).click();
  await expect(page).toHaveURL(/\/game\/lottery\/bet\/tn$/);
  await page.getByTestId('post-A').click();
  await page.getByTestId('bet-numbers').fill('១០-៩');
  await expect(page.getByTestId('bet-error')).toHaveText('«១០-៩» ត្រូវមាន 2 ខ្ទង់');
  await page.getByTestId('post-A').click();
  await addItem(
    page,
    { digits: 2, posts: ['A', 'C'], numbers: '១០-១៤', amount: '1000' },
    { count: '5', lines: '2', face: '10,000 ៛', net: '8,000 ៛' },
  );
  await addItem(
    page,
    { digits: 3, posts: ['ROLL'], numbers: '12*', amount: '100' },
    { count: '10', lines: '5', face: '5,000 ៛', net: '4,000 ៛' },
  );
  await addItem(
    page,
    { digits: 2, posts: ['B'], numbers: '77', amount: '500' },
    { count: '1', lines: '1', face: '500 ៛', net: '400 ៛' },
  );
  await expect(page.getByTestId('slip-item')).toHaveCount(3);
  await expect(page.getByTestId('slip-net')).toHaveText('12,400 ៛');
  await checkScreen(page, player, 'fixture-bet');
  await expectTouchTargets(page);
  await page.getByTestId('bet-submit').click();
  await confirmDialog(page, player, 'fixture-confirm');

  // The ticket: three items; delete the last one before the cut-off.
  await expect(page).toHaveURL(/\/game\/lottery\/ticket$/);
  await expect(page.getByTestId('ticket-item')).toHaveCount(3);
  await expect(page.getByTestId('ticket-net')).toHaveText('12,400 ៛');
  await page.getByTestId('ticket-item').filter({ hasText: '77' }).getByTestId('delete-item').click();
  await confirmDialog(page, player);
  await expect(page.getByTestId('ticket-item')).toHaveCount(2);
  await expect(page.getByTestId('ticket-net')).toHaveText('12,000 ៛');
  // The fixture's settled ticket paid 8,000 ៛ before the test; this one keeps 12,000 ៛ after the refund of 400.
  expect(fixture.balance).toBe(BALANCE - 8_000 - 12_000);
  await checkScreen(page, player, 'fixture-ticket');
  await expectTouchTargets(page);

  // The result of the §7 vector draw: the player's G8 hit marked, and the sheet verified in the browser.
  await tab(page, 'លទ្ធផល');
  await page.getByRole('button', { name: /យួនខាងត្បូង.*ទូទាត់រួច/ }).click();
  const sheet = page.getByTestId('result-sheet');
  await expect(sheet.locator('[data-line="G8"]')).toContainText('14');
  await expect(sheet.locator('[data-line="DB"]')).toContainText('376382');
  await expect(sheet.locator('[data-hit]')).toHaveCount(1);
  await expect(sheet.locator('[data-hit]')).toHaveText(/^14/);
  await expect(page.getByTestId('result-item-payout')).toHaveText('75,000 ៛');
  await page.getByTestId('verify-run').click();
  await expect(page.getByTestId('verify-outcome')).toHaveAttribute('data-match', 'true');
  await expect(page.getByTestId('verify-outcome')).toContainText('ត្រូវគ្នា៖ លទ្ធផលទាំងអស់ 18 លេខ');
  await checkScreen(page, player, 'fixture-result');
  await expectTouchTargets(page);

  // Report: the settled ticket (net 8,000, payout 75,000) and the open one (net 12,000).
  await tab(page, 'របាយការណ៍');
  await expect(page.getByTestId('report-tickets')).toHaveText('2');
  await expect(page.getByTestId('report-net')).toHaveText('20,000 ៛');
  await expect(page.getByTestId('report-payout')).toHaveText('75,000 ៛');
  await expect(page.getByTestId('report-win-lose')).toHaveText('+67,000 ៛');
  await expect(page.getByTestId('report-outstanding')).toHaveText('12,000 ៛');
  await checkScreen(page, player, 'fixture-report-tab');

  await page.goto('/report/lottery');
  await expect(page.getByRole('heading', { name: 'របាយការណ៍ឆ្នោត' })).toBeVisible();
  await expect(page.getByTestId('report-payout')).toHaveText('75,000 ៛');
  await checkScreen(page, player, 'fixture-report');

  // The ticket list with payouts.
  await page.goto('/ticket/lottery');
  await expect(page.getByTestId('lottery-ticket-list').locator('tbody tr')).toHaveCount(2);
  await expect(page.getByTestId('list-total-payout')).toHaveText('75,000 ៛');
  await expect(page.getByTestId('row-status').first()).toHaveText('កំពុងរង់ចាំ');
  await checkScreen(page, player, 'fixture-tickets');
});
