/**
 * PostgreSQL runs are mandatory in CI and optional on a laptop: with CI=true a missing TEST_DATABASE_URL
 * fails the run; without it, the PostgreSQL half of every repository test is skipped with one clear line.
 */
export default function setup(): void {
  if (process.env.TEST_DATABASE_URL) return;
  if (process.env.CI === 'true') {
    throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL tests must run in CI.');
  }
  console.warn('\n[tests] TEST_DATABASE_URL is not set: PostgreSQL runs are SKIPPED (SQLite only).\n');
}
