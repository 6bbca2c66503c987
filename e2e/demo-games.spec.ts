import { createHash } from 'node:crypto';
import { expect, type Page, type Response, test } from '@playwright/test';
import type { DealReply, SpinReply } from '../apps/demo-provider/src/api/game-api';
import { bigRoad } from '../apps/demo-provider/src/rules';
import { type DemoFixture, startDemoFixture } from './demo-games-fixture';
import { expectAccessible, shot } from './support';

/*
 * The demo studio's game pages (issue 12, items 4–5): the slot Angkor Fortune and the baccarat table, on a phone
 * and a desktop, against a fixture server that deals with the real rules (e2e/demo-games-fixture.ts, which
 * builds the pages first). Every figure the page shows is checked against the server's answer.
 */

let fixture: DemoFixture;
test.beforeAll(async () => {
  test.setTimeout(60_000);
  fixture = await startDemoFixture();
});
test.afterAll(async () => {
  await fixture.close();
});

const riel = (n: number) => `${n.toLocaleString('en-US')} ៛`;

function open(
  page: Page,
  game: 'angkor-fortune' | 'baccarat',
  code = 'launch-ok',
  lang = 'km',
): Promise<unknown> {
  const provider = game === 'baccarat' ? 2 : 3;
  return page.goto(
    `${fixture.url}/provider/demo/${game}/?provider=${provider}&code=${code}&lang=${lang}&platform=mobile&sound=1`,
  );
}

const isSpin = (r: Response) => r.url().endsWith('/api/slot/spin') && r.request().method() === 'POST';
const isDeal = (r: Response) => r.url().endsWith('/api/baccarat/deal') && r.request().method() === 'POST';

/** One spin: its answer, once the page has landed the reels and re-enabled the button. */
async function spinOnce(page: Page): Promise<SpinReply> {
  const [response] = await Promise.all([page.waitForResponse(isSpin), page.getByTestId('spin').click()]);
  const reply = (await response.json()) as SpinReply;
  await expect(page.getByTestId('spin')).toBeEnabled({ timeout: 10_000 });
  return reply;
}

test('slot: the reels land on the server stops, wins are drawn and counted up, the balance follows', async ({
  page,
}, info) => {
  // Three axe runs and a few spins of two seconds each, on two cores shared with other runs.
  test.setTimeout(90_000);
  // `lucky`: the fixture's seed wins on the first spin, so the loop below usually stops at once.
  await open(page, 'angkor-fortune', 'lucky');
  await expect(page.getByRole('heading', { name: 'សំណាងអង្គរ' })).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText('1,000,000 ៛');
  await expect(page.getByTestId('line-bet')).toHaveText('100 ៛');
  await expect(page.getByTestId('total-bet')).toHaveText('2,000 ៛');
  // The spin button is a thumb's size.
  const box = (await page.getByTestId('spin').boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);
  await shot(page, 'demo-slot-start', info);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'បង្កើនការភ្នាល់' }).click();
  await expect(page.getByTestId('total-bet')).toHaveText('5,000 ៛');

  // Every value the win shows, to see it count up rather than jump.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { winSeen: string[] }).winSeen = seen;
    const win = document.querySelector('[data-testid="win"]')!;
    new MutationObserver(() => seen.push(win.textContent ?? '')).observe(win, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });

  let balance = 1_000_000;
  let reply: SpinReply | undefined;
  for (let i = 0; i < 30; i++) {
    await page.evaluate(() => ((window as unknown as { winSeen: string[] }).winSeen.length = 0));
    const r = await spinOnce(page);
    expect(r.total_bet).toBe(5_000);
    balance += r.win - r.total_bet;
    expect(r.balance).toBe(balance);
    await expect(page.getByTestId('balance')).toHaveText(riel(balance));
    if (r.win > 0 && r.lines.length > 0) {
      reply = r;
      break;
    }
    if (r.win === 0) await expect(page.getByTestId('win-caption')).toHaveText('មិនឈ្នះទេ — សាកម្ដងទៀត');
  }
  expect(reply, 'a line win within 30 spins (hit rate 49 %)').toBeDefined();
  await expect(page.getByTestId('win')).toHaveText(riel(reply!.win));
  const seen = await page.evaluate(() => (window as unknown as { winSeen: string[] }).winSeen);
  if (reply!.win >= 100) expect(new Set(seen).size, `count-up values: ${seen.join(' ')}`).toBeGreaterThan(2);
  expect(seen.at(-1)).toBe(riel(reply!.win));
  // Each winning line drawn over the window, and announced with its win.
  // (attached, not "visible": a straight line across a row is an SVG box of no height). The page cycles
  // through the lines, so the one drawn now is one of the reply's.
  await expect(page.locator('.win-line').first()).toBeAttached();
  const drawn = await page
    .locator('.win-line')
    .evaluateAll((lines) => lines.map((l) => l.getAttribute('data-line')));
  for (const line of drawn) expect(reply!.lines.map((l) => String(l.line))).toContain(line);
  const status = page.getByTestId('status');
  await expect(status).toContainText(`ឈ្នះ ${riel(reply!.win)}`);
  for (const line of reply!.lines) await expect(status).toContainText(`ខ្សែ ${line.line} `);
  await shot(page, 'demo-slot-win', info);
  await expectAccessible(page);

  // The paytable comes from the machine's data, with the published RTP.
  await page.getByTestId('open-paytable').click();
  const sheet = page.getByTestId('sheet-paytable');
  await expect(sheet.getByTestId('rtp')).toContainText('96.60 %');
  await expect(sheet).toContainText('×1,000');
  await expect(sheet).toContainText(riel(1_000 * 250)); // five apsaras at 250 ៛ a line
  await shot(page, 'demo-slot-paytable', info);
  await expectAccessible(page);
});

test('baccarat: every bet kind in a round, cards dealt in order, payouts per bet, the bead plate', async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  await open(page, 'baccarat');
  await expect(page.getByRole('heading', { name: 'បាការ៉ា' })).toBeVisible();
  await expect(page.getByTestId('deal')).toBeDisabled();
  await shot(page, 'demo-baccarat-start', info);
  await expectAccessible(page);

  // 1,000 on each of the five spots, 5,000 more on PLAYER and BANKER.
  for (const kind of ['PLAYER', 'BANKER', 'TIE', 'PLAYER_PAIR', 'BANKER_PAIR'])
    await page.getByTestId(`spot-${kind}`).click();
  await page.getByTestId('chip-5000').click();
  await page.getByTestId('spot-PLAYER').click();
  await page.getByTestId('spot-BANKER').click();
  await expect(page.getByTestId('stake-PLAYER')).toHaveText('6,000 ៛');
  await expect(page.getByTestId('stake-TIE')).toHaveText('1,000 ៛');
  await expect(page.getByTestId('total-bet')).toContainText('15,000 ៛');

  let balance = 1_000_000;
  for (let round = 1; round <= 2; round++) {
    if (round === 2) await page.getByTestId('rebet').click();
    const [response] = await Promise.all([page.waitForResponse(isDeal), page.getByTestId('deal').click()]);
    const reply = (await response.json()) as DealReply;
    expect(reply.bets.map((b) => b.type).sort()).toEqual(
      ['BANKER', 'BANKER_PAIR', 'PLAYER', 'PLAYER_PAIR', 'TIE'].sort(),
    );
    // The round is over when its bets can be placed again (the table is cleared for the next one).
    await expect(page.getByTestId('rebet')).toBeEnabled({ timeout: 10_000 });
    await expect(page.getByTestId('deal')).toBeDisabled();
    // The cards in deal order, each on its hand, and the scores.
    const players = reply.deal_order.filter((d) => d.hand === 'PLAYER').map((d) => String(d.card));
    const bankers = reply.deal_order.filter((d) => d.hand === 'BANKER').map((d) => String(d.card));
    expect(
      await page
        .getByTestId('cards-PLAYER')
        .locator('.card')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-card'))),
    ).toEqual(players);
    expect(
      await page
        .getByTestId('cards-BANKER')
        .locator('.card')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-card'))),
    ).toEqual(bankers);
    await expect(page.getByTestId('score-PLAYER')).toHaveText(String(reply.player_score));
    await expect(page.getByTestId('score-BANKER')).toHaveText(String(reply.banker_score));
    const word = { PLAYER: 'អ្នកលេងឈ្នះ', BANKER: 'ធនាគារឈ្នះ', TIE: 'ស្មើគ្នា' }[reply.outcome];
    await expect(page.getByTestId('outcome')).toHaveText(
      `${word} · ${reply.player_score} : ${reply.banker_score}`,
    );
    for (const bet of reply.bets)
      await expect(page.getByTestId(`payout-${bet.type}`)).toHaveText(
        bet.payout > 0 ? `+${riel(bet.payout)}` : riel(0),
      );
    balance += reply.win - reply.total_bet;
    expect(reply.balance).toBe(balance);
    await expect(page.getByTestId('balance')).toHaveText(riel(balance));
    await expect(page.getByTestId('bead-plate').locator('.bead')).toHaveCount(round);
    await expect(page.getByTestId('bead-plate').locator('.bead').last()).toHaveAttribute(
      'data-outcome',
      reply.outcome,
    );
    await shot(page, `demo-baccarat-round${round}`, info);
  }
  await expectAccessible(page);

  // The limits are checked before anything is sent: a second 500,000 on TIE is refused on the page.
  await page.getByTestId('chip-500000').click();
  await page.getByTestId('spot-TIE').click();
  await page.getByTestId('spot-TIE').click();
  await expect(page.getByTestId('stake-TIE')).toHaveText('500,000 ៛');
  await expect(page.getByTestId('status')).toContainText('លើសកំណត់ 500,000 ៛');

  // The rules sheet: the drawing table from the rules (banker 3 stands on a third card of 8, draws on 7).
  await page.getByTestId('open-rules').click();
  const table = page.getByTestId('drawing-table');
  const row3 = table.locator('tbody tr').nth(3).locator('td');
  await expect(row3.nth(9)).toHaveText('S');
  await expect(row3.nth(8)).toHaveText('D');
  await expect(page.getByTestId('sheet-rules')).toContainText('0.95:1');
  await shot(page, 'demo-baccarat-rules', info);
  await expectAccessible(page);
});

test('baccarat: the big road beside the bead plate, mark by mark as the rules derive it', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await open(page, 'baccarat');
  const road = page.getByTestId('big-road');
  await expect(road).toBeVisible();
  await expect(road.locator('.ring')).toHaveCount(0);
  await page.getByTestId('spot-BANKER').click();
  const outcomes: DealReply['outcome'][] = [];
  // Enough hands for a change of winner and, most often, a tie: each checked against the rules' big road.
  for (let round = 1; round <= 10; round++) {
    if (round > 1) await page.getByTestId('rebet').click();
    const [response] = await Promise.all([page.waitForResponse(isDeal), page.getByTestId('deal').click()]);
    outcomes.push(((await response.json()) as DealReply).outcome);
    await expect(page.getByTestId('rebet')).toBeEnabled({ timeout: 10_000 });
  }
  const expected = bigRoad(outcomes).cells.map((c) => ({
    column: String(c.column),
    row: String(c.row),
    winner: c.winner,
    ties: String(c.ties),
  }));
  await expect(road.locator('.ring')).toHaveCount(expected.length);
  const drawn = await road.locator('.ring').evaluateAll((els) =>
    els.map((e) => ({
      column: e.getAttribute('data-column'),
      row: e.getAttribute('data-row'),
      winner: e.getAttribute('data-winner'),
      ties: e.getAttribute('data-ties'),
    })),
  );
  expect(drawn).toEqual(expected);
  // Beside the bead plate: both roads on screen together, the bead plate one bead per hand, ties included.
  await expect(page.getByTestId('bead-plate').locator('.bead')).toHaveCount(outcomes.length);
  await road.scrollIntoViewIfNeeded();
  await shot(page, 'demo-baccarat-big-road', info);
  await expectAccessible(page);
});

test('fairness: rotate reveals the seed, each past round re-derived in the browser matches', async ({
  page,
}, info) => {
  // Less motion asked for: the reels land at once (and the test runs faster).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await open(page, 'angkor-fortune');
  await spinOnce(page);
  await spinOnce(page);
  await page.getByTestId('open-fairness').click();
  const hashBefore = await page.getByTestId('fair-hash').textContent();
  await expect(page.getByTestId('fair-nonce')).toHaveText('2');
  await expect(page.getByTestId('fair-round')).toHaveCount(2);
  // Before rotation the seed is secret: verify says so.
  await page.getByTestId('verify').first().click();
  await expect(page.getByTestId('verify-result').first()).toContainText('ប្ដូរគ្រាប់ពូជជាមុនសិន');

  // A client seed outside [A-Za-z0-9_-]{1,64} is refused on the page; a good one is saved.
  await page.getByTestId('fair-client-seed').fill('no spaces!');
  await page.getByRole('button', { name: 'រក្សាទុក' }).click();
  await expect(page.locator('#client-seed-help')).toHaveText(/មិនត្រឹមត្រូវ/);
  await page.getByTestId('fair-client-seed').fill('my-lucky_seed42');
  await page.getByRole('button', { name: 'រក្សាទុក' }).click();
  await expect(page.locator('#client-seed-help')).toHaveText('បានរក្សាទុក');

  await page.getByTestId('fair-rotate').click();
  const revealed = page.getByTestId('fair-revealed').locator('code').first();
  await expect(revealed).toHaveText(/^[0-9a-f]{64}$/);
  const seed = (await revealed.textContent())!;
  expect(createHash('sha256').update(seed).digest('hex')).toBe(hashBefore);
  await expect(page.getByTestId('fair-nonce')).toHaveText('0');
  await expect(page.getByTestId('fair-hash')).not.toHaveText(hashBefore!);

  for (const i of [0, 1]) {
    await page.getByTestId('verify').nth(i).click();
    await expect(page.getByTestId('verdict').nth(i)).toHaveText('ត្រូវគ្នា ✓');
  }
  await shot(page, 'demo-fairness-match', info);
  await expectAccessible(page);
});

test('fairness: a history that lies about a round is caught as a mismatch', async ({ page }, info) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await open(page, 'baccarat', 'tamper', 'en');
  await expect(page.getByRole('heading', { name: 'Baccarat' })).toBeVisible();
  await page.getByTestId('spot-BANKER').click();
  await page.getByTestId('deal').click();
  await expect(page.getByTestId('outcome')).not.toHaveText(' ');
  await page.getByTestId('open-fairness').click();
  await page.getByTestId('fair-rotate').click();
  await expect(page.getByTestId('fair-revealed').locator('code').first()).toHaveText(/^[0-9a-f]{64}$/);
  await page.getByTestId('verify').first().click();
  // The fixture's history moves the first card by one: the re-derived deal no longer matches it.
  await expect(page.getByTestId('verdict').first()).toHaveText('Mismatch ✗');
  await shot(page, 'demo-fairness-mismatch', info);
});

test('a spent launch code asks the player, in Khmer, to reopen the game', async ({ page }, info) => {
  await open(page, 'angkor-fortune', 'expired');
  await expect(page.getByTestId('reopen')).toHaveText('វគ្គលេងបានផុតកំណត់។ សូមបិទ ហើយបើកហ្គេមម្ដងទៀត។');
  await shot(page, 'demo-reopen', info);
  await expectAccessible(page);
});

test('both games fit an iframe of 360 × 640 and of 1280 × 800, the main button in view', async ({
  page,
}, info) => {
  for (const [width, height] of [
    [360, 640],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const game of ['angkor-fortune', 'baccarat'] as const) {
      const provider = game === 'baccarat' ? 2 : 3;
      const src = `${fixture.url}/provider/demo/${game}/?provider=${provider}&code=frame&lang=km&platform=mobile&sound=0`;
      // How our web app shows a game: a borderless iframe filling the screen.
      await page.setContent(
        `<html lang="km"><body style="margin:0"><iframe title="game" src="${src}" style="display:block;border:0;width:${width}px;height:${height}px"></iframe></body></html>`,
      );
      const frame = page.frameLocator('iframe');
      const button = frame.getByTestId(game === 'baccarat' ? 'deal' : 'spin');
      await expect(button).toBeVisible();
      const box = (await button.boundingBox())!;
      expect(
        box.y + box.height,
        `${game} at ${width}×${height}: the main button in view`,
      ).toBeLessThanOrEqual(height);
      const overflow = await frame.locator('body').evaluate((body) => body.scrollWidth - body.clientWidth);
      expect(overflow, `${game} at ${width}×${height}: no sideways scroll`).toBeLessThanOrEqual(0);
      await page.screenshot({
        scale: 'css',
        path: `artifacts/screenshots/demo-frame-${game}-${width}x${height}-${info.project.name}.png`,
      });
    }
  }
});

test('sound only when the launch asks for it, and only after the first tap', async ({ page }) => {
  // Counts the audio contexts the page makes (a synthesized sound needs one).
  await page.addInitScript(() => {
    const counted = window as unknown as { audioContexts: number; AudioContext: typeof AudioContext };
    counted.audioContexts = 0;
    const Original = window.AudioContext;
    counted.AudioContext = class extends Original {
      constructor() {
        super();
        counted.audioContexts += 1;
      }
    };
  });
  const contexts = () => page.evaluate(() => (window as unknown as { audioContexts: number }).audioContexts);
  await page.emulateMedia({ reducedMotion: 'reduce' });

  await page.goto(`${fixture.url}/provider/demo/angkor-fortune/?provider=3&code=quiet&lang=km&sound=0`);
  await spinOnce(page);
  expect(await contexts()).toBe(0);
  await expect(page.getByTestId('sound-toggle')).toHaveCount(0);

  await open(page, 'angkor-fortune');
  await expect(page.getByTestId('spin')).toBeVisible();
  expect(await contexts()).toBe(0);
  await spinOnce(page);
  expect(await contexts()).toBe(1);
  const toggle = page.getByTestId('sound-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
});

test('refusals: not enough money changes nothing and says so in Khmer; an expired session asks to reopen', async ({
  page,
}, info) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // 1,500 ៛ cannot pay a 2,000 ៛ spin: the server refuses, the balance stays.
  await open(page, 'angkor-fortune', 'poor');
  const [response] = await Promise.all([page.waitForResponse(isSpin), page.getByTestId('spin').click()]);
  expect(response.status()).toBe(409);
  await expect(page.getByTestId('error')).toHaveText('សមតុល្យមិនគ្រប់គ្រាន់។');
  await expect(page.getByTestId('balance')).toHaveText('1,500 ៛');
  await expect(page.getByTestId('spin')).toBeEnabled();
  await shot(page, 'demo-slot-refused', info);
  await expectAccessible(page);

  // Baccarat checks the balance before sending: nothing reaches the server.
  await open(page, 'baccarat', 'poor');
  await page.getByTestId('chip-5000').click();
  await page.getByTestId('spot-PLAYER').click();
  let dealt = false;
  page.on('request', (r) => (dealt ||= r.url().endsWith('/api/baccarat/deal')));
  await page.getByTestId('deal').click();
  await expect(page.getByTestId('error')).toHaveText('សមតុល្យមិនគ្រប់គ្រាន់។');
  expect(dealt).toBe(false);

  // A session that ends mid-play: the next spin asks the player to reopen the game.
  await open(page, 'angkor-fortune', 'once');
  await spinOnce(page);
  await page.getByTestId('spin').click();
  await expect(page.getByTestId('reopen')).toHaveText('វគ្គលេងបានផុតកំណត់។ សូមបិទ ហើយបើកហ្គេមម្ដងទៀត។');
});
