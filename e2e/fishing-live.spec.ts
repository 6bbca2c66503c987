import { expect, type Page, type Request, type Response, type TestInfo, test } from '@playwright/test';
import type { FishReply, ShotReply } from '../apps/demo-provider/src/api/game-api';
import { CAPTURE_RANGE, captureThreshold, fishKind } from '../apps/demo-provider/src/rules';
import { fishPoint } from '../apps/demo-provider/web/src/fishing/path';
import { FISHING_E2E } from './provider-e2e';
import { apiData, fromMenu, riel } from './provider-support';
import { createPlayer, shot, SHOTS, signIn } from './support';

/*
 * Issue 13, the fishing half of the browser's "Done when", on the real stack: our server (embedded mode) with the
 * studio mounted under /provider/demo/ in the same process. A player opens a session from /game/fishing,
 * plays Ocean Dragon full screen at /game/fishing/play/{4|5} until a fish is caught, leaves, and gets the money
 * back to the riel. Every shot is decided by the studio's provably fair stream; the test only aims, at the fish
 * most likely to be caught, and counts what the server answered. The e2e server runs with the test-only fault
 * TRANSFER_FAULT_LOSE_ANSWERS_MS (playwright.config.ts): the studio's answers about each provider-4 transfer are
 * lost for a few seconds, so the deposit and the withdraw stay in flight and the page shows the 3 s refetch of
 * /api/user while `is_loading` is 1 (seed §4).
 */

const START = 100_000;
const MOVED_IN = 20_000;
/** Level 1: 100 ៛ a shot; a magazine of provider 5 is 50 of them. */
const SHOT_COST = 100;
const MAGAZINE_PRICE = 5_000;
/**
 * Only fish at least this likely to be caught are aimed at (F2 48 %, F3 32 %, F4 24 %), up to MAX_SHOTS answered
 * shots: no capture in 30 such shots has a chance below 0.76^30 ≈ 0.03 %, a defect rather than bad luck.
 */
const MIN_CAPTURE_CHANCE = 0.24;
const MAX_SHOTS = 30;
/** A page load starts the app again (session, lazy chunks): on a busy machine more than 5 s. */
const PAGE_LOAD_MS = 20_000;
/** What "3 s after the last answer" may stretch to on two loaded cores (timers late), and shrink to. */
const REFETCH_GAP_MS = { min: 2_500, max: 4_500 } as const;
/** A request this soon after the page saw `is_loading` 0 is part of that moment, not a poll. */
const SETTLE_MS = 1_000;

const captureChance = (kind: string): number => captureThreshold(fishKind(kind)!) / CAPTURE_RANGE;
const pathOf = (r: Request | Response) => new URL(r.url()).pathname;
const isSettoken = (r: Response) => pathOf(r) === '/api/fishing/settoken' && r.request().method() === 'POST';

interface UserFetch {
  /** When the page asked, and when it had the answer, on the page's own clock (performance.now(), ms). */
  atMs: number;
  answeredMs?: number;
  isLoading?: number;
  balance?: number;
}

declare global {
  interface Window {
    userFetches?: UserFetch[];
  }
}

/**
 * Every /api/user fetch of the web app, timed by the page itself: on two loaded cores the test process hears of
 * a response a second or more after the page had it, too late to time a 3 s poll by.
 */
async function recordUserFetches(page: Page): Promise<() => Promise<UserFetch[]>> {
  await page.addInitScript(() => {
    const fetches: UserFetch[] = [];
    window.userFetches = fetches;
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
      if (url.pathname !== '/api/user') return original(input, init);
      const fetch: UserFetch = { atMs: performance.now() };
      fetches.push(fetch);
      const response = await original(input, init);
      void response
        .clone()
        .json()
        .then((body: { data: { is_loading: number; balance: number } }) => {
          fetch.answeredMs = performance.now();
          fetch.isLoading = body.data.is_loading;
          fetch.balance = body.data.balance;
        })
        .catch(() => undefined);
      return response;
    };
  });
  return () => page.evaluate(() => window.userFetches ?? []);
}

/** The page's clock now (performance.now()), to mark where a transfer began. */
const pageNow = (page: Page): Promise<number> => page.evaluate(() => performance.now());

/** The fetches from `sinceMs` while a transfer was in flight: from the first answer 1 to the first 0 after it. */
function loadingRun(fetches: readonly UserFetch[], sinceMs: number): UserFetch[] | undefined {
  // Answered ones: a fetch the page cancelled for a newer one (an invalidation) never answers.
  const since = fetches.filter((f) => f.atMs >= sinceMs && f.isLoading !== undefined);
  const first = since.findIndex((f) => f.isLoading === 1);
  if (first < 0) return undefined;
  const done = since.findIndex((f, i) => i > first && f.isLoading === 0);
  return done < 0 ? undefined : since.slice(first, done + 1);
}

/**
 * Waits until the page has seen the transfer begun after `sinceMs` resolved (/api/user answered 1, then 0) and
 * checks how it asked meanwhile: at least two refetches, each about 3 s after the one before. Returns the
 * balance of the first answer with `is_loading` 0, and when that request was sent.
 */
async function expectRefetchedWhileLoading(
  fetches: () => Promise<UserFetch[]>,
  sinceMs: number,
): Promise<{ balance: number; atMs: number }> {
  // The lost answers' window, the worker's next `status` (7 s after the call) and slack for a loaded machine.
  await expect
    .poll(async () => loadingRun(await fetches(), sinceMs) !== undefined, {
      timeout: FISHING_E2E.loseAnswersMs + 30_000,
      intervals: [250],
    })
    .toBe(true);
  const run = loadingRun(await fetches(), sinceMs)!;
  // The query's timer restarts with each answer (TanStack Query's refetchInterval), so a poll comes 3 s after
  // the answer before it: that is the gap measured, free of how slowly a loaded server answered.
  const gaps = run.slice(1).map((f, i) => f.atMs - run[i]!.answeredMs!);
  const at = (ms: number | undefined) => `+${(ms ?? NaN) - run[0]!.atMs}`;
  const described = `asked/answered at ${run.map((f) => `${at(f.atMs)}/${at(f.answeredMs)} ms (${f.isLoading})`).join(', ')}`;
  // What the page did when the answer came (its invalidations, the route it opened) may ask again at once;
  // from the first pause on, the asking is the timer's: every 3 s, until the answer says 0.
  const polling = gaps.findIndex((gap) => gap >= REFETCH_GAP_MS.min);
  expect(polling, described).toBeGreaterThanOrEqual(0);
  const polls = gaps.slice(polling);
  // Loading, loading, done at the least: two refetches while the transfer was in flight.
  expect(polls.length, described).toBeGreaterThanOrEqual(2);
  for (const gap of polls) {
    expect(gap, described).toBeGreaterThanOrEqual(REFETCH_GAP_MS.min);
    expect(gap, described).toBeLessThanOrEqual(REFETCH_GAP_MS.max);
  }
  const done = run.at(-1)!;
  return { balance: done.balance!, atMs: done.atMs };
}

interface Seen {
  reply: FishReply;
  /** The server's clock minus ours when the school arrived. */
  offsetMs: number;
}
interface Ocean {
  schools: Seen[];
  shots: ShotReply[];
  /** Every answer to a shot, refusals (a fish already gone: nothing charged) included. */
  answered: number;
}

/** What the game page in the frame received: its schools of fish and the answers to its shots. */
function watchOcean(page: Page): Ocean {
  const ocean: Ocean = { schools: [], shots: [], answered: 0 };
  page.on('response', (response) => {
    const path = pathOf(response);
    if (path === '/provider/demo/api/fishing/fish')
      void response
        .json()
        .then((reply: FishReply) => ocean.schools.push({ reply, offsetMs: reply.now - Date.now() }))
        .catch(() => undefined);
    if (path === '/provider/demo/api/fishing/shoot' && response.request().method() === 'POST')
      void response
        .json()
        .then((reply: ShotReply) => {
          if (response.status() === 200) ocean.shots.push(reply);
          ocean.answered += 1;
        })
        .catch(() => undefined);
  });
  return ocean;
}

/**
 * Where to tap: the fish most likely to be caught among those well inside the sea (clear of the leave button
 * at the top left and of the cannon's bar), where the page will draw it when the click lands.
 */
function bestTarget(page: Page, ocean: Ocean): { x: number; y: number } | undefined {
  const school = ocean.schools.at(-1);
  if (!school) return undefined;
  const size = page.viewportSize()!;
  // The page's own playfield: the screen above the bar (apps/demo-provider/web/src/fishing/main.ts).
  const field = size.height - Math.max(72, Math.min(120, size.height * 0.14));
  const at = Date.now() + school.offsetMs + 150;
  let best: { x: number; y: number; chance: number } | undefined;
  for (const fish of school.reply.fish) {
    const chance = captureChance(fish.kind);
    const p = fishPoint(fish, at);
    const inside = p.t > 0.05 && p.t < 0.95 && p.x > 0.15 && p.x < 0.85 && p.y > 0.2 && p.y < 0.85;
    if (inside && chance >= MIN_CAPTURE_CHANCE && (!best || chance > best.chance))
      best = { x: p.x * size.width, y: p.y * field, chance };
  }
  return best;
}

/** Taps the likeliest fish until one is caught; every answered shot is in `ocean.shots`. */
async function fireUntilCapture(page: Page, ocean: Ocean): Promise<ShotReply> {
  const canvas = page.frameLocator('iframe[data-testid="game-frame"]').getByTestId('ocean');
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && ocean.shots.length < MAX_SHOTS) {
    const caught = ocean.shots.find((s) => s.captured);
    if (caught) return caught;
    const target = bestTarget(page, ocean);
    if (!target) {
      // No likely fish on screen yet: the next school comes within 2.5 s.
      await page.waitForTimeout(200);
      continue;
    }
    const answered = ocean.answered;
    await page.mouse.click(target.x, target.y);
    // The page says which fish a shot was sent at: none when the tap missed (the fish swam on) or when three shots
    // were still flying (the page sends no fourth); then wait a moment and aim again.
    if (!(await canvas.getAttribute('data-tapped'))) {
      await page.waitForTimeout(100);
      continue;
    }
    await expect.poll(() => ocean.answered, { timeout: 15_000 }).toBeGreaterThan(answered);
  }
  const caught = ocean.shots.find((s) => s.captured);
  expect(caught, `a capture within ${ocean.shots.length} shots`).toBeDefined();
  return caught!;
}

/** The full-screen play page: no top bar, no menu (seed §2), the game's canvas with fish swimming. */
async function openPlay(page: Page, provider: 4 | 5, info: TestInfo): Promise<void> {
  await page.getByTestId(`fishing-play-${provider}`).click();
  await expect(page).toHaveURL(new RegExp(`/game/fishing/play/${provider}$`));
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  const canvas = page.frameLocator('iframe[data-testid="game-frame"]').getByTestId('ocean');
  await expect(canvas).toBeVisible({ timeout: PAGE_LOAD_MS });
  await expect(canvas).not.toHaveAttribute('data-fish', '0', { timeout: PAGE_LOAD_MS });
  await page.screenshot({
    scale: 'css',
    path: `${SHOTS}/fishing-live-play-${provider}-${info.project.name}.png`,
  });
}

async function leave(page: Page): Promise<Response> {
  const [closed] = await Promise.all([
    page.waitForResponse(isSettoken),
    page.getByRole('button', { name: 'ចាកចេញពីហ្គេម' }).click(),
  ]);
  expect(closed.status()).toBe(200);
  await expect(page).toHaveURL(/\/game\/fishing$/, { timeout: PAGE_LOAD_MS });
  return closed;
}

interface FishingRow {
  provider: number;
  shots: number;
  stake: number;
  payout: number;
  win_lose: number;
  transfer_in: number;
  transfer_out: number;
  status: string;
}

test('provider 4: money moves in, full-screen play to a capture, and back to the riel, 3 s refetch in flight', async ({
  page,
}, info) => {
  // Two transfers held in flight (about 8 s each), page loads and up to 30 shots on two busy cores.
  test.setTimeout(240_000);
  const player = createPlayer(info, 'fish4', START);
  const fetches = await recordUserFetches(page);
  const ocean = watchOcean(page);
  await signIn(page, player);
  await expect(page.getByTestId('top-bar-balance')).toContainText(riel(START), { timeout: PAGE_LOAD_MS });

  // 1. The lobby, from the menu: both games, nothing open.
  await fromMenu(page, info, 'បាញ់ត្រី');
  await expect(page).toHaveURL(/\/game\/fishing$/);
  const card = page.getByTestId('fishing-card-4');
  const state = page.getByTestId('fishing-state-4');
  await expect(state).toHaveAttribute('data-state', 'NONE', { timeout: PAGE_LOAD_MS });
  await expect(page.getByTestId('fishing-state-5')).toHaveAttribute('data-state', 'NONE');
  await shot(page, 'fishing-live-lobby', info);

  // 2. 20,000 ៛ into the game. The studio takes it, its answer is lost: in flight until `status` says so.
  await card.getByLabel('ចំនួនទឹកប្រាក់ដែលត្រូវផ្ទេរចូលហ្គេម').fill(String(MOVED_IN));
  const openAskedAt = await pageNow(page);
  const [opened] = await Promise.all([
    page.waitForResponse(isSettoken),
    card.getByRole('button', { name: 'ផ្ទេរប្រាក់ចូល ហើយបើក' }).click(),
  ]);
  expect(((await opened.json()) as { data: { state: string } }).data.state).toBe('UNKNOWN');
  await expect(state).toHaveAttribute('data-state', 'UNKNOWN');
  await expect(card.getByTestId('fishing-in-flight')).toBeVisible();
  await shot(page, 'fishing-live-deposit-in-flight', info);
  const deposited = await expectRefetchedWhileLoading(fetches, openAskedAt);
  expect(deposited.balance).toBe(START - MOVED_IN);
  await expect(state).toHaveAttribute('data-state', 'ACTIVE');
  await expect(card.getByTestId('fishing-balance-4')).toHaveText(riel(MOVED_IN));
  await expect(page.getByTestId('top-bar-balance')).toContainText(riel(START - MOVED_IN));
  // With nothing in flight the page stops asking: no request in the 4 s after it saw 0.
  await expect
    .poll(async () => (await pageNow(page)) - deposited.atMs, { intervals: [250] })
    .toBeGreaterThan(4_000);
  expect((await fetches()).filter((f) => f.atMs > deposited.atMs + SETTLE_MS)).toEqual([]);

  // 3. Full screen, the in-game balance, shots at the likeliest fish until one is caught.
  await openPlay(page, 4, info);
  const canvas = page.frameLocator('iframe[data-testid="game-frame"]').getByTestId('ocean');
  await expect(canvas).toHaveAttribute('data-balance', String(MOVED_IN));
  const caught = await fireUntilCapture(page, ocean);
  const stake = ocean.shots.reduce((sum, s) => sum + s.cost, 0);
  const payout = ocean.shots.reduce((sum, s) => sum + s.payout, 0);
  const inGame = MOVED_IN - stake + payout;
  // Once the page shows the catch's balance, at once and at CSS pixels (quicker): the catch shows for 1.4 s.
  await expect(canvas).toHaveAttribute('data-balance', String(inGame));
  await page.screenshot({ path: `${SHOTS}/fishing-live-capture-4-${info.project.name}.png`, scale: 'css' });
  expect(ocean.shots.every((s) => s.cost === SHOT_COST && s.magazine === null)).toBe(true);
  expect(caught.payout).toBe(caught.multiplier * SHOT_COST);
  // The in-game balance follows the shots to the riel, each answer after its own shot.
  let running = MOVED_IN;
  for (const s of ocean.shots) {
    running += s.payout - s.cost;
    expect(s.balance).toBe(running);
  }

  // 4. Leaving withdraws everything; its answer is lost too, and the lobby polls until it is back.
  const leaveAskedAt = await pageNow(page);
  const closed = await leave(page);
  expect(((await closed.json()) as { data: unknown }).data).toMatchObject({ state: 'CLOSING', amount: 0 });
  await expect(state).toHaveAttribute('data-state', 'UNKNOWN');
  // The top bar shows no figure while the money is on its way, only that it is loading.
  await expect(page.getByTestId('top-bar-balance')).toHaveText(/កំពុងផ្ទុក…/);
  await shot(page, 'fishing-live-withdraw-in-flight', info);
  const back = await expectRefetchedWhileLoading(fetches, leaveAskedAt);
  expect(back.balance).toBe(START - stake + payout);
  await expect(state).toHaveAttribute('data-state', 'NONE');
  await expect(page.getByTestId('top-bar-balance')).toContainText(riel(START - stake + payout));
  await shot(page, 'fishing-live-back', info);

  // 5. The server's own figures: the session's row (the withdraw's summary) and the totals.
  const rows = (await apiData<{ items: FishingRow[] }>(page, '/api/report/fishing')).items;
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    provider: 4,
    status: 'CLOSED',
    shots: ocean.shots.length,
    stake,
    payout,
    win_lose: payout - stake,
    transfer_in: MOVED_IN,
    transfer_out: inGame,
  });
  expect(await apiData(page, '/api/report/fishing/total')).toEqual({
    count: 1,
    shots: ocean.shots.length,
    stake,
    payout,
    win_lose: payout - stake,
    transfer_in: MOVED_IN,
    transfer_out: inGame,
  });
  await fromMenu(page, info, 'របាយការណ៍បាញ់ត្រី');
  await expect(page.getByTestId('fishing-row')).toHaveCount(1, { timeout: PAGE_LOAD_MS });
  await expect(page.getByTestId('fishing-row')).toContainText(riel(inGame));
  // Off the desktop rail, which opens over the page while the pointer is on it.
  await page.mouse.move(page.viewportSize()!.width - 10, page.viewportSize()!.height - 10);
  await shot(page, 'fishing-live-report-4', info);
});

test('provider 5: a magazine on the main balance, full-screen play to a capture, the rest refunded on leaving', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const player = createPlayer(info, 'fish5', START);
  const fetches = await recordUserFetches(page);
  const ocean = watchOcean(page);
  await signIn(page, player);
  await fromMenu(page, info, 'បាញ់ត្រី');
  const card = page.getByTestId('fishing-card-5');
  const state = page.getByTestId('fishing-state-5');
  await expect(state).toHaveAttribute('data-state', 'NONE', { timeout: PAGE_LOAD_MS });

  // Seamless: opening only mints the session's token; no money moves.
  const [opened] = await Promise.all([
    page.waitForResponse(isSettoken),
    card.getByRole('button', { name: 'បើកហ្គេម' }).click(),
  ]);
  expect(((await opened.json()) as { data: unknown }).data).toMatchObject({
    state: 'ACTIVE',
    transfer_id: null,
  });
  await expect(state).toHaveAttribute('data-state', 'ACTIVE');
  await expect(card.getByTestId('fishing-balance-5')).toHaveText(riel(START));

  await openPlay(page, 5, info);
  const caught = await fireUntilCapture(page, ocean);
  const fired = ocean.shots.length;
  const stake = fired * SHOT_COST;
  const payout = ocean.shots.reduce((sum, s) => sum + s.payout, 0);
  // The page shows the wallet's balance plus what the magazine would return now; with it, the catch.
  await expect(page.frameLocator('iframe[data-testid="game-frame"]').getByTestId('ocean')).toHaveAttribute(
    'data-balance',
    String(START - stake + payout),
  );
  await page.screenshot({ path: `${SHOTS}/fishing-live-capture-5-${info.project.name}.png`, scale: 'css' });
  // The magazine is one wallet bet of 50 shots; its payouts come with its one win, when it is settled.
  expect((await apiData<{ balance: number }>(page, '/api/user')).balance).toBe(START - MAGAZINE_PRICE);
  // One magazine bought with the first shot; the shots come out of it.
  expect(ocean.shots.map((s) => s.magazine?.shots_left)).toEqual(
    Array.from({ length: fired }, (_, i) => 49 - i),
  );
  expect(caught.payout).toBe(caught.multiplier * SHOT_COST);

  // Leaving asks the game to settle the magazine first (captures and unfired bullets back through the wallet's
  // `win`), then closes the session: every balance read after the close has the win in it.
  const order: string[] = [];
  page.on('response', (r) => {
    if (pathOf(r) === '/provider/demo/api/fishing/exit') order.push('magazine settled');
  });
  page.on('request', (r) => {
    if (pathOf(r) === '/api/fishing/settoken') order.push('session closed');
  });
  const leaveAskedAt = await pageNow(page);
  const closed = await leave(page);
  expect(order.slice(0, 2)).toEqual(['magazine settled', 'session closed']);
  expect(((await closed.json()) as { data: unknown }).data).toMatchObject({
    state: 'NONE',
    balance: START - stake + payout,
  });
  await expect(state).toHaveAttribute('data-state', 'NONE');
  await expect(page.getByTestId('top-bar-balance')).toContainText(riel(START - stake + payout));
  // Not one read of the balance after the click missed the win (the race the handshake closes).
  const read = (await fetches()).filter((f) => f.atMs >= leaveAskedAt && f.balance !== undefined);
  expect(read.length).toBeGreaterThan(0);
  expect(read.map((f) => f.balance)).toEqual(read.map(() => START - stake + payout));
  await shot(page, 'fishing-live-back-5', info);

  const rows = (await apiData<{ items: FishingRow[] }>(page, '/api/report/fishing')).items;
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    provider: 5,
    status: 'CLOSED',
    shots: fired,
    stake,
    payout,
    win_lose: payout - stake,
    transfer_in: 0,
    transfer_out: 0,
  });
  expect(await apiData(page, '/api/report/fishing/total')).toMatchObject({
    count: 1,
    shots: fired,
    stake,
    payout,
    win_lose: payout - stake,
  });
});
