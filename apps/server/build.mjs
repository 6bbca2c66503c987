#!/usr/bin/env node
/**
 * Bundles the server for production: `node build.mjs [server|ops|bench-server|fan-out-clients …]` (all without
 * arguments; a name builds that one). Each entry becomes one ESM file in dist/ that plain `node` runs.
 *
 * - The workspace packages (@lotto59/domain, @lotto59/contract, the demo studio) are TypeScript source: they are bundled in.
 * - Every other package stays in node_modules (`packages: 'external'`): native modules (better-sqlite3,
 *   @node-rs/argon2) cannot be bundled, and the rest then loads exactly as npm installed it.
 * - The files land in apps/server/dist, two folders below the repository root like src/*.ts, so the paths
 *   the code derives from `import.meta.url` (the web app's dist, better-sqlite3 for the checkpoint worker)
 *   resolve the same in the bundle as in the source.
 *
 * - Worker threads' code (THREAD_ENTRIES) is built with every entry, beside it.
 *
 * Used by `npm start`, `npm run ops`, the benchmarks and the tests that run the built server.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export const ENTRIES = {
  server: 'src/server.ts',
  ops: 'src/cli/ops.ts',
  'bench-server': 'bench/bench-server.ts',
  'fan-out-clients': 'bench/fan-out-clients.ts',
};

/**
 * Worker threads' code, built beside every entry: the entries start them from a file next to their own
 * (`new URL('./ledger-seal-thread.mjs', import.meta.url)`), whichever entry was asked for.
 */
const THREAD_ENTRIES = {
  'ledger-seal-thread': 'src/modules/ledger/seal-thread.sqlite-entry.ts',
};

/** Builds the named entries into `outdir` (apps/server/dist unless told); returns the files written. */
export async function buildServer({ names = Object.keys(ENTRIES), outdir = here('./dist') } = {}) {
  const unknown = names.filter((name) => !(name in ENTRIES));
  if (unknown.length > 0) throw new Error(`unknown entry: ${unknown.join(', ')}`);
  await build({
    entryPoints: Object.fromEntries([
      ...names.map((name) => [name, here(ENTRIES[name])]),
      ...Object.entries(THREAD_ENTRIES).map(([name, path]) => [name, here(path)]),
    ]),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'esm',
    packages: 'external',
    // The workspace packages are linked into node_modules but are TypeScript: bundle them.
    alias: {
      '@lotto59/domain': here('../../packages/domain/src/index.ts'),
      '@lotto59/contract': here('../../packages/contract/src/index.ts'),
      // The demo studio, mounted in embedded mode (app.ts); its native and npm packages stay external.
      '@lotto59/demo-provider/server': here('../demo-provider/src/server/index.ts'),
    },
    sourcemap: 'linked',
    logLevel: 'warning',
    legalComments: 'none',
  });
  return names.map((name) => `${outdir}/${name}.mjs`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  await buildServer(names.length > 0 ? { names } : {});
}
