import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoLatinWords } from './khmer-text';
import { createPlayer, expectAccessible, shot, signIn } from './support';

/** A full page load starts the app again (session, lazy chunks): on a busy machine more than 5 s. */
const PAGE_LOAD_MS = 20_000;
const KICKOFF = new Date(Date.now() + 3_600_000).toISOString();

/**
 * The sportsbook's server in miniature: signed wallet calls (providers.md §2, §3) with the secret the e2e server
 * generated for provider `sport` in its data folder. It does what the studio does with a launch: exchanges the
 * page's one-time code for the session token, then bets and settles slips with the §8 sport meta.
 */
class Sportsbook {
  private readonly secret: string;

  constructor(private readonly baseUrl: string) {
    const dataDir = process.env.E2E_DATA_DIR;
    if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
    const secrets = JSON.parse(readFileSync(join(dataDir, 'provider-secrets.json'), 'utf8')) as Record<
      string,
      string
    >;
    this.secret = secrets.sport!;
  }

  async call(action: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const text = JSON.stringify({ request_uuid: randomUUID(), ...body });
    const timestamp = String(Date.now());
    const signature = createHmac('sha256', Buffer.from(this.secret, 'ascii'))
      .update(`${timestamp}.${text}`)
      .digest('hex');
    const res = await fetch(`${this.baseUrl}/wallet/sport/${action}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-provider': 'sport',
        'x-timestamp': timestamp,
        'x-signature': signature,
      },
      body: text,
    });
    expect(res.status).toBe(200);
    const reply = (await res.json()) as Record<string, unknown>;
    expect(reply.status, JSON.stringify(reply)).toBe('RS_OK');
    return reply;
  }

  /** One slip: the bet, and the win when it is settled. */
  async slip(
    session: { token: string; user: string },
    slip: { id: string; stake: number; meta: Record<string, unknown> },
    win?: { amount: number; meta: Record<string, unknown> },
  ): Promise<void> {
    const common = { token: session.token, user: session.user, game_code: 'demo-league', round_id: slip.id };
    const bet = {
      ...common,
      transaction_uuid: randomUUID(),
      amount: slip.stake,
      currency: 'KHR',
      meta: slip.meta,
    };
    await this.call('bet', bet);
    if (win) {
      await this.call('win', {
        ...common,
        transaction_uuid: randomUUID(),
        reference_transaction_uuid: bet.transaction_uuid,
        amount: win.amount,
        round_closed: true,
        currency: 'KHR',
        meta: win.meta,
      });
    }
  }
}

const leg = (fixture: string, market: string, selection: string, line: number | null, odds: number) => ({
  fixture,
  kickoff_at: KICKOFF,
  market,
  selection,
  line,
  odds,
});

async function launchedSession(page: Page): Promise<{ code: string }> {
  const frame = page.getByTestId('game-frame');
  await expect(frame).toHaveAttribute('src', /\/provider\/demo\/demo-league\/\?/, { timeout: PAGE_LOAD_MS });
  const src = (await frame.getAttribute('src'))!;
  const url = new URL(src, 'http://x');
  expect(url.searchParams.get('provider')).toBe('sport');
  return { code: url.searchParams.get('code')! };
}

test('sport: /game/sport launches the sportsbook (balance hidden), and /report/sport shows its slips', async ({
  page,
  baseURL,
}, info) => {
  // Two page loads, an axe run and eight signed calls: minutes on a loaded machine, not stuck.
  test.setTimeout(180_000);
  const player = createPlayer(info, 'sport', 100_000);
  const book = new Sportsbook(baseURL!);
  await signIn(page, player);
  await expect(page.getByTestId('top-bar-balance')).toBeVisible();

  // This test is the sportsbook's server: the studio's own page must not spend the one-time launch code
  // first (the embedded demo provider serves Demo League, which would), so the frame gets a blank page.
  await page.route('**/provider/demo/demo-league/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>sportsbook</title>',
    }),
  );
  // The page launches through /api/sport/login into the provider game frame; the top bar hides the balance.
  const login = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/sport/login');
  await page.goto('/game/sport');
  expect((await login).status()).toBe(200);
  const { code } = await launchedSession(page);
  await expect(page.getByTestId('top-bar-balance')).toHaveCount(0);
  const frame = (await page.getByTestId('game-frame').boundingBox())!;
  expect(frame.height).toBeGreaterThan((page.viewportSize()?.height ?? 0) * 0.8);
  await shot(page, 'sport-game', info);

  // What the sportsbook's server does with the launch: the code for the session token, then slips.
  const session = await book.call('session', { code });
  const s = { token: String(session.token), user: String(session.user) };
  // Slip ids are the wallet's round ids, unique per provider: one set per run of this test.
  const tag = `${info.project.name}-${randomUUID().slice(0, 8)}`;
  await book.slip(
    s,
    {
      id: `${tag}-a`,
      stake: 10_000,
      meta: {
        slip_no: 101,
        type: 'SINGLE',
        odds: 1.43,
        legs: [leg('Mekong Tigers v Koh Kong Dolphins', '1X2', 'HOME', null, 1.43)],
      },
    },
    { amount: 14_300, meta: { status: 'WON', legs: [{ result: 'WIN', score: '2-0' }] } },
  );
  await book.slip(
    s,
    {
      id: `${tag}-b`,
      stake: 5_000,
      meta: {
        slip_no: 102,
        type: 'PARLAY',
        odds: 3.75,
        legs: [
          leg('Angkor Lions v Kampot Pepper', 'AH', 'HOME', -1.25, 2.02),
          leg('Kep Crabs v Bokor Eagles', 'OU', 'OVER', 2.5, 1.86),
        ],
      },
    },
    {
      amount: 7_550,
      meta: {
        status: 'HALF_WON',
        legs: [
          { result: 'HALF_WIN', score: '2-1' },
          { result: 'VOID', score: null },
        ],
      },
    },
  );
  await book.slip(s, {
    id: `${tag}-c`,
    stake: 2_000,
    meta: {
      slip_no: 103,
      type: 'SINGLE',
      odds: 4.64,
      legs: [leg('Ratanak Stars v Tonle Sap Sharks', '1X2', 'DRAW', null, 4.64)],
    },
  });

  // Off the game page the balance shows again, with what the slips did: 100,000 − 17,000 + 21,850.
  await page.goto('/report/sport');
  await expect(page.getByRole('heading', { name: 'របាយការណ៍កីឡា' })).toBeVisible({ timeout: PAGE_LOAD_MS });
  await expect(page.getByTestId('top-bar-balance')).toContainText('104,850 ៛');
  const rows = page.getByTestId('sport-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('សន្លឹក 0000103');
  await expect(rows.nth(0)).toContainText('រង់ចាំ');
  await expect(rows.nth(1)).toContainText('សន្លឹក 0000102 · ផ្សំ');
  await expect(rows.nth(1).getByTestId('slip-win-lose')).toHaveText('+2,550 ៛');
  await expect(rows.nth(2).getByTestId('slip-win-lose')).toHaveText('+4,300 ៛');
  const parlayLegs = page.getByTestId('sport-legs').nth(1).getByTestId('sport-leg');
  await expect(parlayLegs).toHaveCount(2);
  await expect(parlayLegs.nth(0).getByTestId('sport-leg-fixture')).toHaveText('តោអង្គរ ទល់ ម្រេចកំពត');
  await expect(parlayLegs.nth(0).getByTestId('sport-leg-pick')).toHaveText(
    'ហេនឌីកាបអាស៊ី · ម្ចាស់ផ្ទះ -1.25 @ 2.02',
  );
  await expect(parlayLegs.nth(1).getByTestId('sport-leg-result')).toHaveText('មោឃៈ');
  await expect(page.getByTestId('sport-total-count')).toHaveText('3');
  await expect(page.getByTestId('sport-total-stake')).toHaveText('17,000 ៛');
  await expect(page.getByTestId('sport-total-payout')).toHaveText('21,850 ៛');
  await expect(page.getByTestId('sport-total-win-lose')).toHaveText('+4,850 ៛');
  await expect(page.getByTestId('sport-total-pending-count')).toHaveText('1');
  await expect(page.getByTestId('sport-total-pending-stake')).toHaveText('2,000 ៛');
  await shot(page, 'sport-report', info);
  await expectNoLatinWords(page, { allow: [player.username] });
  await expectAccessible(page);

  await page.getByLabel('ស្ថានភាព').selectOption('PENDING');
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('sport-total-count')).toHaveText('1');
  await expect(page).toHaveURL(/status=PENDING/);
});
