import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { BUILD_SCRIPT } from './built-server';
import { dropRunSchemas } from './test-schemas';

/**
 * PostgreSQL runs are mandatory in CI and optional on a laptop: with CI=true a missing TEST_DATABASE_URL
 * fails the run; without it, the PostgreSQL half of every repository test is skipped with one clear line.
 *
 * Builds the server and operator bundles once for the whole run (test/built-server.ts), and tells the
 * cluster script the tests start (`scripts/start-cluster.mjs`) not to build them again under a running file.
 * Tags the run's PostgreSQL schemas and drops them when it ends (test/test-schemas.ts).
 */
export default function setup(): (() => Promise<void>) | undefined {
  execFileSync(process.execPath, [BUILD_SCRIPT, 'server', 'ops'], { stdio: 'inherit' });
  process.env.LOTTO59_SERVER_BUILT = '1';
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const tag = randomBytes(4).toString('hex');
    process.env.TEST_RUN_TAG = tag;
    return async () => {
      await dropRunSchemas(url, tag);
    };
  }
  if (process.env.CI === 'true') {
    throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL tests must run in CI.');
  }
  console.warn('\n[tests] TEST_DATABASE_URL is not set: PostgreSQL runs are SKIPPED (SQLite only).\n');
  return undefined;
}
