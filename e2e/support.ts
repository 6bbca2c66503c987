import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** Screenshots land here (git-ignored) so a person can look at every screen the tests saw. */
export const SHOTS = 'artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });

export async function shot(page: Page, name: string, info: TestInfo): Promise<void> {
  // From the top: the fixed top bar would otherwise sit in the middle of a full-page picture. At CSS pixels, as
  // every picture of the specs: at the phone's device ratio (2.75) a full-page picture was up to 1081 × 24,643
  // px and 4 s of CPU to take; the 267 pictures of a run took 154 s of the browser tests' time that way.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ scale: 'css', path: `${SHOTS}/${name}-${info.project.name}.png`, fullPage: true });
}

/**
 * The operator command line against the e2e server's database (playwright.config.ts sets E2E_DATA_DIR),
 * run the way an operator would, beside the running server. Returns what it printed.
 */
export function ops(...args: string[]): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  // The bundle the web server's command built beside the server (playwright.config.ts), as `npm run ops`
  // runs it: a third of the CPU of transpiling the source with tsx at every call, and specs call it often.
  return execFileSync(process.execPath, ['apps/server/dist/ops.mjs', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
}

export interface Player {
  username: string;
  password: string;
}

/** A player of this test alone (the phone and desktop runs each get their own), made by the operator. */
export function createPlayer(info: TestInfo, base: string, balance?: number): Player {
  const repeat = info.repeatEachIndex > 0 ? `${info.repeatEachIndex}` : '';
  // A retry (the timing spec allows one) runs against the same server: its players are new ones.
  const retry = info.retry > 0 ? `r${info.retry}` : '';
  const username = `${base}${repeat}${retry}_${info.project.name}`.slice(0, 32);
  const password = `pw-${base}-2024`;
  ops(
    'player',
    'create',
    username,
    '--password',
    password,
    ...(balance ? ['--balance', String(balance)] : []),
  );
  return { username, password };
}

/**
 * Signs in the way the web app does (csrf cookie, then `POST /login` with the XSRF header) from the page's
 * own cookie jar, then opens lotto 59. Quicker than the form, which login.spec and password.spec drive.
 */
export async function signIn(page: Page, player: Player): Promise<void> {
  await page.goto('/'); // the first load: cookies reset once (seed §4)
  await page.request.get('/sanctum/csrf-cookie');
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post('/login', {
    data: { username: player.username, password: player.password },
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(res.status()).toBe(200);
  await page.goto('/game/lotto/59');
  // A full page load starts the app again (session, lazy chunks): on a busy machine more than 5 s.
  await expect(page.getByTestId('top-bar-username')).toHaveText(player.username.toUpperCase(), {
    timeout: 20_000,
  });
}

/** Logs in through the login page, as a player would, and waits for lotto 59. */
export async function logIn(page: Page, player: Player): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('ឈ្មោះអ្នកប្រើ').fill(player.username);
  await page.getByLabel('ពាក្យសម្ងាត់').fill(player.password);
  await page.getByRole('button', { name: 'ចូល' }).click();
  await expect(page).toHaveURL(/\/game\/lotto\/59$/);
}

/** axe-core on the page as it is now: no serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, serious.join('\n')).toEqual([]);
}

/** The view of this project: Pixel 5 gets the phone layout (its user agent), 1280×800 the desktop one. */
export const isPhone = (info: TestInfo): boolean => info.project.name === 'phone';
