import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { topBarBalance } from './provider-support';
import { createPlayer, expectAccessible, ops, shot, signIn } from './support';
import { fromMenu } from './provider-support';
import { expectNoLatinWords } from './khmer-text';
import { seedMoves } from './statement-support';

test('the statement: every product with its running balance, the product chips, the CSV read back, one row verified and one pending seal', async ({
  page,
}, info) => {
  const player = createPlayer(info, 'stmt', 100_000);
  ops('deposit', player.username, '20000');
  seedMoves(player.username, [
    { kind: 'provider_bet', account: 'provider:2', amount: 4_000, reference: 'bac-e2e-1' },
    { kind: 'provider_win', account: 'provider:2', amount: 7_800, reference: 'bac-e2e-1' },
    { kind: 'provider_bet', account: 'provider:3', amount: 1_000, reference: 'spin-e2e-1' },
    { kind: 'provider_bet', account: 'provider:sport', amount: 3_000, reference: 'slip-e2e-1' },
    { kind: 'provider_transfer_in', account: 'float:4', amount: 10_000, reference: 'xfer-e2e-1' },
  ]);
  await signIn(page, player);
  await fromMenu(page, info, 'របាយការណ៍ហិរញ្ញវត្ថុ');
  await expect(page).toHaveURL(/\/transaction\/statement/);
  await expect(page.getByRole('heading', { name: 'របាយការណ៍ហិរញ្ញវត្ថុ' })).toBeVisible();

  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(1 + 7);
  await expect(page.getByTestId('statement-product')).toHaveText([
    'បាញ់ត្រី · ផ្ទេរចូលហ្គេម',
    'កីឡា · ភ្នាល់',
    'ស្លុត · ភ្នាល់',
    'កាស៊ីណូ · ឈ្នះ',
    'កាស៊ីណូ · ភ្នាល់',
    'បេឡា · ដាក់ប្រាក់',
    'បេឡា · ដាក់ប្រាក់',
  ]);
  // The running balance is the ledger's: its newest figure is the top bar's.
  await expect(page.getByTestId('statement-balance')).toHaveText([
    '109,800 ៛',
    '119,800 ៛',
    '122,800 ៛',
    '123,800 ៛',
    '116,000 ៛',
    '120,000 ៛',
    '100,000 ៛',
  ]);
  expect(await topBarBalance(page)).toBe(109_800);
  await expect(page.getByTestId('statement-chart-bar')).toHaveCount(1);
  // Sealed now by the operator (the e2e server runs no sealing worker, playwright.config.ts), the newest row
  // verifies in the page: its inclusion path and the seal's signature checked with Web Crypto.
  expect(ops('ledger', 'seal')).toMatch(/^sealed #\d+: ids \d+\.\.\d+, \d+ transfers$/m);
  await page.reload();
  await expect(rows).toHaveCount(1 + 7);
  await rows.nth(1).getByTestId('statement-verify').click();
  await expect(rows.nth(1).getByTestId('statement-verify-state')).toHaveText('បានផ្ទៀងផ្ទាត់');
  await expect(rows.nth(1).getByTestId('statement-verify-state')).toHaveAttribute('data-state', 'verified');
  await shot(page, 'statement', info);
  // Khmer everywhere (issue 11): the references' ids are identifiers in <code>, not words.
  await expectNoLatinWords(page, { allow: [player.username] });
  await expectAccessible(page);

  // The CSV of the range, downloaded and read back: BOM, Khmer headers, the same rows.
  const download = page.waitForEvent('download');
  await page.getByTestId('statement-csv').click();
  const file = readFileSync((await (await download).path())!);
  expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = file.toString('utf8').slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe('លេខប្រតិបត្តិការ,ពេលវេលា,ផលិតផល,ប្រភេទ,ឯកសារយោង,ចំនួនទឹកប្រាក់,សមតុល្យក្រោយ');
  expect(lines).toHaveLength(1 + 7);
  expect(lines[1]).toMatch(/,បាញ់ត្រី,ផ្ទេរចូលហ្គេម,ការផ្ទេរ xfer-e2e-1,-10000,109800$/);
  expect(lines[7]).toMatch(/,បេឡា,ដាក់ប្រាក់,,100000,100000$/);

  // A movement after the seal: no seal covers it, and the page says so.
  ops('deposit', player.username, '5000');
  await page.reload();
  await expect(rows).toHaveCount(1 + 8);
  await expect(page.getByTestId('statement-balance').first()).toHaveText('114,800 ៛');
  await rows.nth(1).getByTestId('statement-verify').click();
  await expect(rows.nth(1).getByTestId('statement-verify-state')).toHaveText('រង់ចាំការបិទត្រា');
  await expect(rows.nth(1).getByTestId('statement-verify-state')).toHaveAttribute(
    'data-state',
    'pending-seal',
  );
  await shot(page, 'statement-pending-seal', info);

  // A product chip: the casino's two rows, and their link to the casino report.
  await page.getByTestId('statement-chip-CASINO').click();
  await expect(page).toHaveURL(/product=CASINO/);
  await expect(rows).toHaveCount(1 + 2);
  await expect(page.getByTestId('statement-total-CASINO')).toHaveText('+3,800 ៛');
  await shot(page, 'statement-casino', info);
  await rows.nth(1).getByTestId('statement-reference').click();
  await expect(page).toHaveURL(/\/report\/casino$/);
});
