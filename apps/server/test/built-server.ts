import { fileURLToPath } from 'node:url';

/**
 * The bundles `npm start` and `npm run ops` run (apps/server/build.mjs), built ONCE per test run by the
 * global setup (test/global-setup.ts) before any test file starts. Test files run side by side (Vitest's
 * workers): a file that rebuilt them while another file's child process was loading them could hand that
 * process a half-written file. They are never stale: the setup builds them from the source of this run.
 */
export const SERVER_BUNDLE = fileURLToPath(new URL('../dist/server.mjs', import.meta.url));
export const OPS_BUNDLE = fileURLToPath(new URL('../dist/ops.mjs', import.meta.url));
export const BUILD_SCRIPT = fileURLToPath(new URL('../build.mjs', import.meta.url));
