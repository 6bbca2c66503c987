import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { devices, expect, test, type Browser, type Page } from '@playwright/test';
import { createPlayer, SHOTS, signIn, type Player } from './support';

/**
 * Issue 11, a fast first open: a new player on a slow phone network. Chromium's own throttling (DevTools
 * protocol) stands in for the phone: Fast 3G as Lighthouse defines it and a CPU four times slower than this
 * machine's, with a cold cache (a new browser context per run). Each figure is the median of RUNS runs and
 * is printed, so CI keeps a record of it.
 */
const FAST_3G = {
  offline: false,
  latency: 562.5, // ms, added to every request
  downloadThroughput: (1.44 * 1_000_000) / 8, // bytes per second
  uploadThroughput: (675 * 1_000) / 8,
};
const CPU_SLOWDOWN = 4;
/** A thumb on a phone keyboard: about five keys a second. */
const TYPING_DELAY_MS = 200;
/**
 * Runs per figure: three for a measurement (`E2E_TIMING_RUNS=3`, the median is what docs/performance.md quotes),
 * one in CI, where every check of a run still holds and the figure is only printed (docs/ci-timing.md: the two
 * extra runs were 80 s of the phone project).
 */
const RUNS = Number(process.env.E2E_TIMING_RUNS ?? (process.env.CI === 'true' ? 1 : 3));
/** `/login` usable: the form takes input and submits. */
const LOGIN_USABLE_BUDGET_MS = 3_000;
/** From the login click to a usable board: rates on screen and the bet controls ready. */
const BOARD_USABLE_BUDGET_MS = 2_500;

interface Run {
  loginUsableMs: number;
  boardUsableMs: number;
  /** Content-Encoding of every script and style sheet the run loaded, by URL. */
  encodings: Map<string, string | undefined>;
  /** `GET /api/user` calls until the login form was usable: 1 when the app used index.html's preload. */
  userCalls: number;
  /**
   * When the last byte /login needs (the page, its scripts and style sheet, `/api/user`) had arrived: the
   * network's share of `loginUsableMs`, the rest being the (throttled, shared) CPU.
   */
  loginBytesMs: number;
  /** Every request of the run, in the order they started: the waterfall printed for the first run. */
  waterfall: WaterfallRow[];
  /** The click on "log in", on the page's clock. */
  clickedAt: number;
}

/** One request as the page's Resource Timing saw it (ms since navigation start; bytes on the wire). */
interface WaterfallRow {
  name: string;
  start: number;
  /** Waited for a connection (HTTP/1.1: six per host) or the cache: `requestStart - startTime`. */
  queued: number;
  end: number;
  bytes: number;
}

/** The page's resources so far, the document first. */
function readWaterfall(page: Page): Promise<WaterfallRow[]> {
  return page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const entries = [nav, ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[])];
    return entries.map((e) => ({
      name: e === nav ? location.pathname + ' (document)' : new URL(e.name).pathname + new URL(e.name).search,
      start: Math.round(e.startTime),
      queued: Math.round(Math.max(0, e.requestStart - e.startTime)),
      end: Math.round(e.responseEnd),
      bytes: e.transferSize,
    }));
  });
}

/** A waterfall as lines: start → end, bytes, time queued, what; and the requests that overlap no other. */
function printWaterfall(title: string, rows: WaterfallRow[], from = 0): void {
  console.log(`[first-open] waterfall, ${title} (ms from ${from ? 'the click' : 'navigation start'}):`);
  for (const row of [...rows].sort((a, b) => a.start - b.start))
    console.log(
      `  ${String(row.start - from).padStart(5)} → ${String(row.end - from).padStart(5)}  ` +
        `${String(row.bytes).padStart(7)} B  queued ${String(row.queued).padStart(4)}  ${row.name}`,
    );
  const bytes = rows.reduce((sum, row) => sum + row.bytes, 0);
  console.log(`  ${rows.length} requests, ${bytes} B on the wire`);
}

/**
 * The page's own clock (ms since navigation start) at the first moment `ready` holds. `ready` runs in the page,
 * so it must use nothing from this file; it returns the clock itself (the page's CSP forbids eval'd strings).
 */
function whenReady(page: Page, ready: () => number | false): Promise<number> {
  // 50 ms polling: fine enough for the figures, light enough not to slow the throttled CPU it measures.
  return page
    .waitForFunction(ready, undefined, { polling: 50, timeout: 20_000 })
    .then((handle) => handle.jsonValue() as Promise<number>);
}

/** One cold open of `/login`, then a login through the form, under Fast 3G and a slow CPU. */
async function measureOnce(browser: Browser, baseURL: string, player: Player): Promise<Run> {
  const context = await browser.newContext({ ...devices['Pixel 5'], baseURL, locale: 'km-KH' });
  const page = await context.newPage();
  const encodings = new Map<string, string | undefined>();
  let userCalls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/user') userCalls += 1;
  });
  page.on('response', (response) => {
    // A file of a few dozen bytes (a chunk that only re-exports another) has no .br: compressed it would be
    // larger (apps/web/build/precompress.ts), so it comes as it is. Every other script and style must be brotli.
    const tiny = Number(response.headers()['content-length'] ?? Infinity) < 128;
    if (/\/assets\/.+\.(js|css)$/.test(response.url()) && !tiny)
      encodings.set(response.url(), response.headers()['content-encoding']);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

  await page.goto('/login', { waitUntil: 'commit' });
  // Usable: the inputs and the button are React's (the loading screen of index.html has none), enabled.
  const loginUsableMs = await whenReady(page, () => {
    const form = document.querySelector('form');
    const inputs = form?.querySelectorAll('input:not([disabled])') ?? [];
    const ready = inputs.length >= 2 && form?.querySelector('button[type="submit"]:not([disabled])') != null;
    return ready && performance.now();
  });
  const userCallsBeforeLogin = userCalls;
  const loginBytesMs = await page.evaluate(() =>
    Math.max(
      ...performance
        .getEntriesByType('resource')
        .filter((e) => /\/assets\/.+\.(js|css)$|\/api\/user$/.test(e.name))
        .map((e) => (e as PerformanceResourceTiming).responseEnd),
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd,
    ),
  );
  // …and it does take input and submit. Typed key by key at a phone's pace, as a new player would: the page
  // uses that time to fetch the next screen's code, as it does for a real player.
  await page.getByLabel('ឈ្មោះអ្នកប្រើ').pressSequentially(player.username, { delay: TYPING_DELAY_MS });
  await page.getByLabel('ពាក្យសម្ងាត់').pressSequentially(player.password, { delay: TYPING_DELAY_MS });
  // The click as the page sees it: Playwright's own checks before it clicks are not the player's wait.
  await page.evaluate(() =>
    document.addEventListener(
      'click',
      () => document.documentElement.setAttribute('data-clicked-at', String(performance.now())),
      { capture: true, once: true },
    ),
  );
  await page.getByRole('button', { name: 'ចូល' }).click();
  // Usable board: the range buttons, which carry the rates, are on screen and take a tap (or the board
  // says betting is closed for this round, when the login lands between two rounds).
  const boardReadyAt = await whenReady(page, () => {
    const ranges = Array.from(document.querySelectorAll('button[data-bet-type]'));
    const rated = ranges.length > 0 && ranges.every((button) => /\d/.test(button.textContent ?? ''));
    const open = ranges.some((button) => !(button as HTMLButtonElement).disabled);
    const closed = document.querySelector('[data-testid="board-closed"]') !== null;
    return rated && (open || closed) && performance.now();
  });
  const clickedAt = Number(await page.locator('html').getAttribute('data-clicked-at'));
  const waterfall = await readWaterfall(page);
  await expect(page).toHaveURL(/\/game\/lotto\/59$/);
  await context.close();
  return {
    loginUsableMs,
    boardUsableMs: boardReadyAt - clickedAt,
    encodings,
    userCalls: userCallsBeforeLogin,
    loginBytesMs,
    waterfall,
    clickedAt,
  };
}

/** On 3G the scripts take seconds: index.html itself draws the loading screen meanwhile. */
async function expectLoadingScreenBeforeScripts(browser: Browser, baseURL: string): Promise<void> {
  const context = await browser.newContext({ ...devices['Pixel 5'], baseURL, locale: 'km-KH' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await page.goto('/login', { waitUntil: 'commit' });
  const boot = page.getByTestId('boot-screen');
  await expect(boot).toBeVisible();
  // Drawn by the HTML alone: React has not rendered (no form yet), the app name is on screen.
  expect(await page.locator('form').count()).toBe(0);
  await expect(boot).toContainText('ឡូតូ 59');
  // Through the DevTools protocol: Playwright's own screenshot waits for the web fonts, i.e. for a later screen.
  const { data } = await cdp.send('Page.captureScreenshot', { format: 'png' });
  writeFileSync(`${SHOTS}/first-open-loading-screen-phone.png`, Buffer.from(data, 'base64'));
  await expect(page.getByRole('button', { name: 'ចូល' })).toBeVisible({ timeout: 20_000 });
  await expect(boot).toHaveCount(0);
  await context.close();
}

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

test('first open on Fast 3G with a 4x slower CPU: /login and the board usable, timed against their budgets', async ({
  browser,
}, info) => {
  test.setTimeout(180_000);
  const baseURL = String(info.project.use.baseURL);
  await expectLoadingScreenBeforeScripts(browser, baseURL);
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    // A player per run: one live session per player, and each run logs in afresh.
    runs.push(await measureOnce(browser, baseURL, createPlayer(info, `fast${i}`, 100_000)));
  }
  // Where the time goes: every request of the first run, up to the login form usable and after the click.
  const first = runs[0]!;
  printWaterfall(
    `/login (usable at ${Math.round(first.loginUsableMs)} ms) and the typing, first run`,
    first.waterfall.filter((row) => row.start <= first.clickedAt),
  );
  printWaterfall(
    'after the login click, first run',
    first.waterfall.filter((row) => row.start > first.clickedAt),
    first.clickedAt,
  );
  const login = median(runs.map((r) => r.loginUsableMs));
  const board = median(runs.map((r) => r.boardUsableMs));
  const list = (pick: (r: Run) => number) => runs.map((r) => Math.round(pick(r))).join(', ');
  console.log(
    `[first-open] Fast 3G + ${CPU_SLOWDOWN}x CPU, cold cache, median of ${RUNS}: ` +
      `/login usable ${Math.round(login)} ms (runs ${list((r) => r.loginUsableMs)}; budget ${LOGIN_USABLE_BUDGET_MS}; ` +
      `its bytes all in by ${Math.round(median(runs.map((r) => r.loginBytesMs)))} ms), ` +
      `login click -> board usable ${Math.round(board)} ms (runs ${list((r) => r.boardUsableMs)}; budget ${BOARD_USABLE_BUDGET_MS}); ` +
      // The CPU figures depend on what else the machine runs: its load is printed beside them.
      `machine load ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
  );

  // Every script and style sheet came brotli-compressed.
  const encodings = new Map(runs.flatMap((r) => [...r.encodings]));
  expect(encodings.size).toBeGreaterThan(0);
  expect([...encodings].filter(([, encoding]) => encoding !== 'br')).toEqual([]);
  // The app's own session check was answered by index.html's preload, not asked a second time.
  expect(runs.map((r) => r.userCalls)).toEqual(runs.map(() => 1));
  // The budgets are figures to read, not a gate (issue 26: no test asserts a time): the same code measured
  // 2.5 s on one day and 3.0–3.1 s on another on this 2-core VM (decision 0018), and 6.1–8.0 s beside the
  // other worker on the seventh session's slower VM. CI prints the verdict and attaches it to the report.
  const verdict = (ms: number, budget: number) => (ms < budget ? 'within budget' : 'OVER BUDGET');
  const summary =
    `/login usable ${Math.round(login)} ms: ${verdict(login, LOGIN_USABLE_BUDGET_MS)}; ` +
    `login → board ${Math.round(board)} ms: ${verdict(board, BOARD_USABLE_BUDGET_MS)}`;
  console.log(`[first-open] ${summary}`);
  info.annotations.push({ type: 'first-open', description: summary });
});

/**
 * Issue 26: the studio's game pages on the same phone profile, signed in, cache disabled: from the navigation
 * to the first control a player can use inside the game's frame. Printed with the machine's load, never
 * asserted (decision 0018: the figures move with the machine's hour).
 */
const GAME_PAGES = [
  { name: 'slot', path: '/game/slot/play/angkor-fortune', control: '[data-testid="spin"]' },
  { name: 'baccarat', path: '/game/casino', control: '[data-testid="spot-PLAYER"]' },
  { name: 'sportsbook', path: '/game/sport', control: '[data-testid^="odds-"]' },
] as const;

test('first control of the slot, baccarat and sportsbook pages on Fast 3G with a 4x slower CPU (printed)', async ({
  browser,
}, info) => {
  test.setTimeout(240_000);
  const baseURL = String(info.project.use.baseURL);
  const context = await browser.newContext({ ...devices['Pixel 5'], baseURL, locale: 'km-KH' });
  const setup = await context.newPage();
  await signIn(setup, createPlayer(info, 'gamefirst', 1_000_000));
  await setup.close();
  const figures: Record<string, number[]> = {};
  for (let run = 0; run < RUNS; run++) {
    for (const game of GAME_PAGES) {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', FAST_3G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      const started = Date.now();
      await page.goto(game.path, { waitUntil: 'commit' });
      const control = page.frameLocator('iframe[data-testid="game-frame"]').locator(game.control).first();
      await expect(control).toBeEnabled({ timeout: 60_000 });
      (figures[game.name] ??= []).push(Date.now() - started);
      await page.close();
    }
  }
  const line = GAME_PAGES.map(({ name }) => {
    const runs = figures[name]!;
    return `${name} ${median(runs)} ms (runs ${runs.join(', ')})`;
  }).join('; ');
  const summary = `first control, median of ${RUNS}: ${line}; target 4000 ms each; machine load ${loadavg()[0]!.toFixed(1)}`;
  console.log(`[first-open] ${summary}`);
  info.annotations.push({ type: 'game-first-control', description: summary });
  await context.close();
});
