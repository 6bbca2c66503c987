import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { LOTTERY_E2E } from './e2e/lottery-e2e';
import { LOTTO_E2E } from './e2e/lotto59-support';
import { FISHING_E2E, SPORT_E2E } from './e2e/provider-e2e';

/**
 * Browser tests: the real server (embedded mode, a fresh SQLite file) serving the built web app, driven
 * by the system Chromium (browser downloads do not work on our machines).
 */
// A port per run (kept in the environment so workers agree), so two runs on one machine never collide.
process.env.E2E_PORT ??= String(20_000 + (process.pid % 20_000));
const PORT = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'lotto59-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** Specs that switch something for the whole server: they must not run beside the others. */
// The installable app's spec changes the served sw.js (a new build) and checks both sizes itself.
const SERVER_WIDE = /(maintenance|installable-app)\.spec\.ts$/;
/**
 * Specs whose subject is not the screen size, run on the phone only (our players' device) to keep the suite
 * inside its time: the Khmer-text sweep, the password, session and history flows, the studio's own sportsbook
 * page (e2e/sport-live.spec.ts plays it through our server at both sizes) and the lottery's fixture stand-in
 * (e2e/lottery.spec.ts plays the real draw at both sizes). Each of these screens is still opened on the
 * desktop by the layout, guards and game specs.
 */
const PHONE_ONLY =
  /(khmer-everywhere|password|session|transactions|demo-league|lottery-fixture|first-open)\.spec\.ts$/;

/**
 * No service worker in the phone and desktop specs: once it controls a page, the page's navigations (a game's
 * iframe) and calls go through it, and `page.route` stubs no longer see them (a CI run showed our own app inside
 * a stubbed game frame). The `server-wide` project keeps the default: e2e/installable-app.spec.ts tests the worker.
 */
const NO_SERVICE_WORKER = 'block' as const;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  // Two at a time: the specs mostly wait for a round, a draw or a match clock, and two fill each other's waits
  // on two cores. The lotto 59 flows check the balance against the ledger (what was staked and paid so far), not
  // a figure at a moment, so a payout that lands early on a busy machine no longer fails them (docs/ci-timing.md).
  // E2E_WORKERS=1 runs them one by one. What changes the whole server (maintenance, the service worker's file)
  // is kept in its own project, after the others.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [['list']],
  // Flows of several pages with an accessibility scan each took 20–24 s in CI: 30 s left no room for a busy moment.
  // 90 s: on a slower VM (seventh session, a run queue of 10–14 on two cores while both workers played) the side
  // menu's flow took 16 s alone and over 60 s beside the other worker, twice, in its accessibility scan. A bound
  // for a hung test, not a wait: a passing test ends when it ends.
  timeout: 90_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromium,
    locale: 'km-KH',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'phone',
      testIgnore: SERVER_WIDE,
      use: { ...devices['Pixel 5'], launchOptions: chromium, serviceWorkers: NO_SERVICE_WORKER },
    },
    {
      name: 'desktop',
      testIgnore: [SERVER_WIDE, PHONE_ONLY],
      use: { viewport: { width: 1280, height: 800 }, serviceWorkers: NO_SERVICE_WORKER },
    },
    // Checks both sizes itself.
    // One worker: each of these changes the whole server (maintenance on, the service worker's file), so two of
    // them side by side would see each other's change (a board behind the maintenance screen never loads).
    { name: 'server-wide', testMatch: SERVER_WIDE, dependencies: ['phone', 'desktop'], workers: 1 },
  ],
  webServer: {
    // What `npm start` runs (and operators run): the server bundled by apps/server/build.mjs, on plain node.
    // Built here, so the tests never run a stale bundle (`npm test` builds the web app before).
    // The operator command line is bundled with it: e2e/support.ts runs it as `npm run ops` does.
    command: 'node apps/server/build.mjs server ops && exec node apps/server/dist/server.mjs',
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_USERNAME: 'demo',
      DEMO_PASSWORD: 'demo1234',
      DEMO_BALANCE: '1000000',
      LOG_LEVEL: 'warn',
      // The tests flip maintenance with the operator command line; the server follows within a second.
      MAINTENANCE_REFRESH_SECONDS: '1',
      // Fast rounds for the lotto 59 tests (e2e/lotto59*.spec.ts): they bet on the fast pool (POLL_2), whose
      // betting window is short, and the draw is released in a few seconds instead of 65.
      LOTTO_OPEN_SECONDS_POLL_1: String(LOTTO_E2E.openSecondsPoll1),
      LOTTO_OPEN_SECONDS_POLL_2: String(LOTTO_E2E.openSecondsPoll2),
      LOTTO_RELEASE_DELAY_SECONDS: String(LOTTO_E2E.releaseDelaySeconds),
      LOTTO_RELEASE_BALL_SECONDS: String(LOTTO_E2E.releaseBallSeconds),
      LOTTO_RELEASE_TOTAL_SECONDS: String(LOTTO_E2E.releaseTotalSeconds),
      // Fast TN draws for e2e/lottery.spec.ts: a draw within the test, a cut-off far enough to bet before it.
      LOTTERY_TN_EVERY_SECONDS: String(LOTTERY_E2E.tnEverySeconds),
      // e2e/fishing-live.spec.ts: the studio's answers about each transfer are lost for 5 s after its call
      // (a test-only fault, config.ts), so a deposit and a withdraw stay in flight, `is_loading` 1, until the
      // worker's `status` gets through about 7 s later: long enough to see the 3 s refetch of /api/user.
      TRANSFER_FAULT_LOSE_ANSWERS_MS: String(FISHING_E2E.loseAnswersMs),
      // e2e/sport-live.spec.ts: Demo League rounds every 30 s, each match over 6 s after its kick-off.
      SPORT_ROUND_MINUTES: String(SPORT_E2E.roundMinutes),
      SPORT_MATCH_MINUTES: String(SPORT_E2E.matchMinutes),
      // No sealing worker: e2e/statement.spec.ts seals with `ops ledger seal` when it wants a row verified, and
      // shows a row made after that as pending seal; a worker sealing every few seconds would seal it behind the
      // test's back. No other spec depends on sealing.
      LEDGER_SEAL_SECONDS: '0',
    },
  },
});
