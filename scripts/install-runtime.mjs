#!/usr/bin/env node
// The root `postinstall` of `npm ci`: checks that the install brought the runtime the server runs on
// (docs/decisions/0044). The project brings its own Node.js 24 LTS, the `node-linux-*` package of the npm
// registry, linked as node_modules/.bin/node; npm puts that folder first on PATH for every script it runs
// (`npm start`, `npm test`, `npm run ops`, the benchmarks), so they all run on it whatever the machine has.
//
// The one native module, better-sqlite3 13, ships Node-API builds inside its package: they load on any
// Node from 22 on, so nothing is compiled at install and nothing is downloaded but registry packages.
import { spawnSync } from 'node:child_process';

const SUPPORTED_MAJOR = 24;
const major = Number(process.versions.node.split('.')[0]);

if (major !== SUPPORTED_MAJOR) {
  console.error(
    `[runtime] npm ran this install's scripts on Node ${process.version}; the server needs Node ${SUPPORTED_MAJOR} LTS.\n` +
      `[runtime] The registry has no node-${process.platform}-${process.arch} package of Node ${SUPPORTED_MAJOR}: ` +
      `install Node ${SUPPORTED_MAJOR} on this machine (docs/operations.md, "Runtime") and run npm ci again.`,
  );
  process.exit(1);
}

// Open a database on this Node now, so a broken native module fails the install, not the first request.
const probe = spawnSync(
  process.execPath,
  ['-e', "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"],
  { cwd: new URL('../apps/server/', import.meta.url), stdio: 'inherit' },
);
if (probe.status !== 0) {
  console.error(
    `[runtime] better-sqlite3 does not load on Node ${process.version} (${process.platform}-${process.arch}).`,
  );
  process.exit(1);
}
console.log(`[runtime] Node ${process.version} (${process.execPath}); better-sqlite3 loads`);
