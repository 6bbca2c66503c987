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
const SERVER_WIDE = /maintenance\.spec\.ts$/;
/**
 * Specs whose subject is not the screen size, run on the phone only (our players' device) to keep the suite
 * inside its time: the Khmer-text sweep, the password, session and history flows, the studio's own sportsbook
 * page (e2e/sport-live.spec.ts plays it through our server at both sizes) and the lottery's fixture stand-in
 * (e2e/lottery.spec.ts plays the real draw at both sizes). Each of these screens is still opened on the
 * desktop by the layout, guards and game specs.
 */
const PHONE_ONLY =
  /(khmer-everywhere|password|session|transactions|demo-league|lottery-fixture|first-open)\.spec\.ts$/;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  // One at a time: the machine has two cores, and side by side the runs only slowed each other down.
  // What changes the whole server (maintenance) is kept in its own project, after the others.
  workers: 1,
  retries: 0,
  reporter: [['list']],
  // Flows of several pages with an accessibility scan each took 20–24 s in CI: 30 s left no room for a busy moment.
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromium,
    locale: 'km-KH',
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'phone', testIgnore: SERVER_WIDE, use: { ...devices['Pixel 5'], launchOptions: chromium } },
    {
      name: 'desktop',
      testIgnore: [SERVER_WIDE, PHONE_ONLY],
      use: { viewport: { width: 1280, height: 800 } },
    },
    // Checks both sizes itself.
    { name: 'server-wide', testMatch: SERVER_WIDE, dependencies: ['phone', 'desktop'] },
  ],
  webServer: {
    // What `npm start` runs (and operators run): the server bundled by apps/server/build.mjs, on plain node.
    // Built here, so the tests never run a stale bundle (`npm test` builds the web app before).
    command: 'node apps/server/build.mjs server && exec node apps/server/dist/server.mjs',
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
    },
  },
});
