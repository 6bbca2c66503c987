#!/usr/bin/env node
// Where the test time goes, from the reports `npm test` writes (artifacts/test-reports/vitest.json and
// playwright.json): seconds per Vitest project and its slowest files, and per Playwright spec and project.
// `.ci/run` prints it after the tests; docs/ci-timing.md keeps the table of a clean-clone run.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

const TOP_FILES = Number(process.argv[2] ?? 12);
const readJson = (file) => {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
};
const seconds = (ms) => (ms / 1000).toFixed(1).padStart(7);
const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
const sorted = (map) => [...map.entries()].sort((a, b) => b[1] - a[1]);

/** The Vitest project of a test file, by the folders of vitest.config.ts. */
function projectOf(file) {
  if (file === 'eslint.config.test.ts') return 'lint';
  if (file.startsWith('apps/demo-provider/web/')) return 'demo-pages';
  for (const prefix of [
    'packages/domain',
    'packages/contract',
    'apps/server',
    'apps/web',
    'apps/demo-provider',
  ])
    if (file.startsWith(`${prefix}/`)) return prefix;
  return 'other';
}

const vitest = readJson('artifacts/test-reports/vitest.json');
if (vitest) {
  const byProject = new Map();
  const byFile = new Map();
  for (const r of vitest.testResults ?? []) {
    const file = relative(process.cwd(), r.name);
    // Wall time of the file in its worker: import, hooks and tests (what a worker is busy with).
    const ms = Math.max(0, (r.endTime ?? 0) - (r.startTime ?? 0));
    add(byProject, projectOf(file), ms);
    byFile.set(file, ms);
  }
  const wall =
    Math.max(0, ...(vitest.testResults ?? []).map((r) => r.endTime ?? 0)) - (vitest.startTime ?? 0);
  console.log(`Vitest: ${vitest.numTotalTests} tests in ${byFile.size} files, ${seconds(wall)} s wall`);
  console.log('  busy seconds per project (files overlap across workers):');
  for (const [project, ms] of sorted(byProject)) console.log(`  ${seconds(ms)}  ${project}`);
  console.log(`  slowest ${TOP_FILES} files:`);
  for (const [file, ms] of sorted(byFile).slice(0, TOP_FILES)) console.log(`  ${seconds(ms)}  ${file}`);
}

const pw = readJson('artifacts/test-reports/playwright.json');
if (pw) {
  const bySpec = new Map();
  const byProject = new Map();
  const walk = (suite, file) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        for (const r of t.results ?? []) {
          add(bySpec, `${here} [${t.projectName}]`, r.duration ?? 0);
          add(byProject, t.projectName, r.duration ?? 0);
        }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of pw.suites ?? []) walk(suite, suite.file);
  console.log(`Playwright: ${seconds(pw.stats?.duration ?? 0)} s wall, ${pw.config?.workers ?? '?'} workers`);
  console.log('  busy seconds per project:');
  for (const [project, ms] of sorted(byProject)) console.log(`  ${seconds(ms)}  ${project}`);
  console.log('  per spec and project:');
  for (const [spec, ms] of sorted(bySpec)) console.log(`  ${seconds(ms)}  ${spec}`);
}
