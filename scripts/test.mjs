#!/usr/bin/env node
// `npm test`: every unit and API test (Vitest, SQLite and PostgreSQL), then the browser tests
// (Playwright on the system Chromium). Without Chromium on a laptop the browser tests are skipped with a
// clear line; with CI=true a missing Chromium is a failure. Ends with one line of totals.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

// Reports outside test-results/, which Playwright empties when it starts (scripts/test-timing.mjs reads both).
const REPORTS = 'artifacts/test-reports';
mkdirSync(REPORTS, { recursive: true });
/** Seconds each part took, printed with the totals (docs/ci-timing.md). */
const timings = [];
const run = (cmd, args, env = {}) => {
  const t0 = performance.now();
  const status = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
  timings.push(`${[cmd, ...args.slice(0, 3)].join(' ')}: ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return status;
};
const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};
const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

// Vitest: all workspaces (packages, server API on both databases, web components).
const VITEST_JSON = `${REPORTS}/vitest.json`;
exitCode ||= run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${VITEST_JSON}`,
]);
const v = readJson(VITEST_JSON);
if (v) {
  totals.passed += v.numPassedTests;
  totals.failed += v.numFailedTests + (v.numTotalTestSuites > 0 && v.numTotalTests === 0 ? 1 : 0);
  totals.skipped += v.numPendingTests + v.numTodoTests;
} else totals.failed += 1;

// Playwright: the built web app served by the real server, in the system Chromium.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(chromium)) {
  const PW_JSON = `${REPORTS}/playwright.json`;
  // The web app and the demo studio's game pages, which the server serves (and bundle-size.mjs measures).
  const build =
    run('npm', ['run', 'build', '-w', '@lotto59/web']) ||
    run('npm', ['run', 'build:web', '-w', '@lotto59/demo-provider']);
  const e2e =
    build === 0
      ? run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: PW_JSON })
      : build;
  exitCode ||= e2e;
  const p = readJson(PW_JSON);
  if (p && build === 0) {
    totals.passed += p.stats.expected + p.stats.flaky;
    // Errors outside any test (the web server did not start, a config error) fail the run too.
    totals.failed += p.stats.unexpected + (p.errors?.length ?? 0);
    totals.skipped += p.stats.skipped;
  } else totals.failed += 1;
  if (e2e !== 0 && totals.failed === 0) totals.failed += 1;
} else if (process.env.CI === 'true') {
  console.error(`\n[tests] CI=true but ${chromium} is missing: browser tests cannot be skipped in CI.`);
  exitCode ||= 1;
  totals.failed += 1;
} else {
  console.warn(
    `\n[tests] ${chromium} not found: browser tests SKIPPED (install Debian's chromium to run them).`,
  );
}

if (totals.failed > 0) exitCode ||= 1;
// The failures again, last, so that a log cut to its tail still names them.
const failures = [];
for (const file of v?.testResults ?? []) {
  if (file.status === 'failed' && (file.assertionResults ?? []).every((t) => t.status !== 'failed'))
    failures.push(`vitest ${file.name}: ${String(file.message ?? '').split('\n')[0]}`);
  for (const t of file.assertionResults ?? [])
    if (t.status === 'failed')
      failures.push(
        `vitest ${file.name} > ${t.fullName}: ${String(t.failureMessages?.[0] ?? '').split('\n')[0]}`,
      );
}
const walkPw = (suite) => {
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests ?? [])
      if (t.status === 'unexpected')
        failures.push(
          `playwright ${suite.file ?? ''} [${t.projectName}] ${spec.title}: ${String(t.results?.at(-1)?.error?.message ?? '').split('\n')[0]}`,
        );
  for (const child of suite.suites ?? []) walkPw(child);
};
for (const suite of readJson(`${REPORTS}/playwright.json`)?.suites ?? []) walkPw(suite);
if (failures.length > 0)
  console.log(`\n[tests] failed:\n  ${failures.map((f) => f.slice(0, 400)).join('\n  ')}`);
console.log(`\n[tests] on Node ${process.version}; time per part:\n  ${timings.join('\n  ')}`);
console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);
