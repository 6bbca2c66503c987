#!/usr/bin/env node
/**
 * `npm run start:cluster`: server mode on one machine with one command (docs/operations.md, "Server mode:
 * several processes"; issue 15). It starts
 *
 *   - CLUSTER_PROCESSES (default 2) API processes of the built server (`node apps/server/dist/server.mjs`)
 *     on PORT+1 … PORT+N, all on the PostgreSQL at DATABASE_URL and the Redis at REDIS_URL (both required);
 *   - the demo game studio (apps/demo-provider/src/main.ts) as its own process on PORT+N+1, with its own
 *     database (DEMO_PROVIDER_DATABASE_URL, else the schema DEMO_PROVIDER_DB_SCHEMA of DATABASE_URL);
 *   - HAProxy on PORT in front of them (deploy/haproxy.cfg.template, filled into CLUSTER_RUN_DIR):
 *     /provider/demo/ to the studio, everything else to the API processes.
 *
 * The API processes run with DEMO_PROVIDER=off and the studio's pages on the same origin through HAProxy
 * (PROVIDER_DEMO_URL=/provider/demo); the studio calls our wallet through HAProxy too (WALLET_BASE_URL).
 * An API process that dies is started again after a second (HAProxy has routed around it meanwhile).
 *
 * SIGTERM or SIGINT stops everything gracefully: HAProxy stops accepting and finishes what is open
 * (SIGUSR1, bounded by its hard-stop-after), each process drains and closes (docs/operations.md,
 * "Starting and stopping"); whatever is still running after SHUTDOWN_TIMEOUT_SECONDS + 5 s is killed.
 *
 * Arguments: `--build` rebuilds the web app and the studio's pages even when they exist (the server's
 * bundle is rebuilt at every start: it takes a fraction of a second); `--server-only` (the cluster test)
 * builds neither.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = process.env;
const say = (line) => process.stdout.write(`[cluster] ${line}\n`);
const fail = (message) => {
  process.stderr.write(`[cluster] ${message}\n`);
  process.exit(1);
};

// ---- configuration -------------------------------------------------------------------------------------

const missing = ['DATABASE_URL', 'REDIS_URL'].filter((name) => !env[name]);
if (missing.length > 0) {
  fail(
    `${missing.join(' and ')} must be set: server mode runs on PostgreSQL and Redis, e.g.\n` +
      '  DATABASE_URL=postgres://lotto59@127.0.0.1:5432/lotto59 REDIS_URL=redis://127.0.0.1:6379 npm run start:cluster',
  );
}
const PORT = Number(env.PORT ?? 8080);
const PROCESSES = Number(env.CLUSTER_PROCESSES ?? 2);
if (!Number.isInteger(PORT) || PORT < 1 || PORT > 65_535) fail('PORT must be a port number (1–65535).');
if (!Number.isInteger(PROCESSES) || PROCESSES < 1 || PROCESSES > 64) {
  fail('CLUSTER_PROCESSES must be a whole number from 1 to 64.');
}
if (PORT + PROCESSES + 1 > 65_535) fail(`PORT+${PROCESSES + 1} is past 65535: choose a lower PORT.`);
const HOST = env.HOST ?? '127.0.0.1';
const BACKEND_HOST = '127.0.0.1';
const DATA_DIR = resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? './data');
const RUN_DIR = resolve(env.INIT_CWD ?? process.cwd(), env.CLUSTER_RUN_DIR ?? join(DATA_DIR, 'cluster'));
const SHUTDOWN_TIMEOUT_SECONDS = Number(env.SHUTDOWN_TIMEOUT_SECONDS ?? 10);
// Long enough for HAProxy's 1 s checks to see a draining process (503) before it stops answering.
const SHUTDOWN_DRAIN_SECONDS = env.SHUTDOWN_DRAIN_SECONDS ?? '2';

function findHaproxy() {
  if (env.HAPROXY_BIN) return existsSync(env.HAPROXY_BIN) ? env.HAPROXY_BIN : undefined;
  const dirs = ['/usr/sbin', '/usr/local/sbin', ...(env.PATH ?? '').split(delimiter)];
  return dirs.map((dir) => join(dir, 'haproxy')).find((path) => existsSync(path));
}
const haproxyBin = findHaproxy();
if (!haproxyBin) {
  fail(
    'HAProxy is not installed. On Debian or Ubuntu: sudo apt-get install haproxy\n' +
      '  (or set HAPROXY_BIN to its path).',
  );
}

// ---- build ---------------------------------------------------------------------------------------------

const run = (args) => spawnSync('npm', args, { cwd: root, stdio: 'inherit' }).status === 0;
const force = process.argv.includes('--build');
// --server-only (tests): the server's bundle only; pages that are missing are then not served.
const serverOnly = process.argv.includes('--server-only');
if (
  !serverOnly &&
  (force || !existsSync(join(root, 'apps/web/dist/index.html'))) &&
  !run(['run', 'build', '-w', '@lotto59/web'])
) {
  fail('the web app did not build.');
}
if (
  !serverOnly &&
  (force || !existsSync(join(root, 'apps/demo-provider/web/dist'))) &&
  !run(['run', 'build:web', '-w', '@lotto59/demo-provider'])
) {
  fail("the studio's game pages did not build.");
}
// LOTTO59_SERVER_BUILT (the server's tests, whose global setup built it once): files running beside this
// one may be starting the same bundle, and a rebuild could hand them a half-written file.
if (process.env.LOTTO59_SERVER_BUILT !== '1' && !run(['run', '--silent', 'build', '-w', '@lotto59/server']))
  fail('the server did not build.');

// ---- provider secrets ----------------------------------------------------------------------------------

/**
 * The wallet and the studio sign with the same secret per provider. Those not in the environment are
 * generated once into DATA_DIR/provider-secrets.json (the file the server itself reads), so a restart
 * keeps them and the studio's owed calls still verify.
 */
function providerSecrets() {
  const codes = ['2', '3', '4', '5', 'sport'];
  const file = join(DATA_DIR, 'provider-secrets.json');
  const stored = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  let changed = false;
  const secrets = {};
  for (const code of codes) {
    const name = `PROVIDER_${code.toUpperCase()}_SECRET`;
    if (env[name]) secrets[name] = env[name];
    else {
      if (typeof stored[code] !== 'string') {
        stored[code] = randomBytes(32).toString('hex');
        changed = true;
      }
      secrets[name] = stored[code];
    }
  }
  if (changed) {
    mkdirSync(DATA_DIR, { recursive: true });
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}
const secrets = providerSecrets();

// ---- HAProxy configuration -----------------------------------------------------------------------------

const apiPort = (i) => PORT + i;
const studioPort = PORT + PROCESSES + 1;
const name = (i) => `api${i}`;
const template = readFileSync(join(root, 'deploy/haproxy.cfg.template'), 'utf8');
const haproxyCfg = template
  .replaceAll('{{BIND}}', `${HOST}:${PORT}`)
  .replaceAll('{{MAXCONN}}', env.HAPROXY_MAXCONN ?? '4000')
  .replaceAll('{{SERVER_MAXCONN}}', env.HAPROXY_SERVER_MAXCONN ?? '1000')
  .replaceAll('{{HARD_STOP_AFTER}}', `${SHUTDOWN_TIMEOUT_SECONDS + 2}s`)
  .replaceAll(
    '{{API_SERVERS}}',
    Array.from(
      { length: PROCESSES },
      (_, k) => `    server ${name(k + 1)} ${BACKEND_HOST}:${apiPort(k + 1)} check`,
    ).join('\n'),
  )
  .replaceAll('{{STUDIO_SERVER}}', `    server studio ${BACKEND_HOST}:${studioPort} check`);
mkdirSync(RUN_DIR, { recursive: true });
const cfgPath = join(RUN_DIR, 'haproxy.cfg');
writeFileSync(cfgPath, haproxyCfg);
const check = spawnSync(haproxyBin, ['-c', '-q', '-f', cfgPath], { encoding: 'utf8' });
if (check.status !== 0) fail(`HAProxy refused ${cfgPath}:\n${check.stdout}${check.stderr}`);

// ---- processes -----------------------------------------------------------------------------------------

const publicUrl = `http://${HOST === '0.0.0.0' ? '127.0.0.1' : HOST}:${PORT}`;
const common = {
  ...env,
  ...secrets,
  DATA_DIR,
  // Through HAProxy, so a wallet call never depends on one process being up.
  WALLET_BASE_URL: env.WALLET_BASE_URL ?? publicUrl,
};
/** @type {Map<string, {child: import('node:child_process').ChildProcess, spec: object, restarts: number[]}>} */
const children = new Map();
let stopping = false;

function start(spec) {
  const child = spawn(spec.command, spec.args, {
    cwd: root,
    env: spec.env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const entry = children.get(spec.name) ?? { spec, restarts: [] };
  entry.child = child;
  children.set(spec.name, entry);
  say(`${spec.name} started (pid ${child.pid})${spec.port ? ` on ${BACKEND_HOST}:${spec.port}` : ''}`);
  child.on('exit', (code, signal) => {
    say(`${spec.name} exited (pid ${child.pid}, ${signal ?? `code ${code}`})`);
    if (stopping) return;
    if (!spec.restart) {
      say(`${spec.name} is required: stopping the cluster`);
      void stop(1);
      return;
    }
    // Started again after a second, at most 5 times a minute (a process that cannot start stops the lot).
    const now = Date.now();
    entry.restarts = entry.restarts.filter((at) => now - at < 60_000);
    if (entry.restarts.length >= 5) {
      say(`${spec.name} died 5 times within a minute: stopping the cluster`);
      void stop(1);
      return;
    }
    entry.restarts.push(now);
    setTimeout(() => {
      if (!stopping) start(spec);
    }, 1000);
  });
}

for (let i = 1; i <= PROCESSES; i++) {
  start({
    name: name(i),
    port: apiPort(i),
    restart: true,
    command: process.execPath,
    args: ['apps/server/dist/server.mjs'],
    env: {
      ...common,
      PORT: String(apiPort(i)),
      HOST: BACKEND_HOST,
      SERVED_BY: env.CLUSTER_NAME ? `${env.CLUSTER_NAME}-${name(i)}` : `${hostname()}-${name(i)}`,
      TRUST_PROXY: 'true',
      DEMO_PROVIDER: 'off',
      PROVIDER_DEMO_URL: env.PROVIDER_DEMO_URL ?? '/provider/demo',
      SHUTDOWN_DRAIN_SECONDS,
      // One metrics port per process when asked for: METRICS_PORT, METRICS_PORT+1, …
      ...(env.METRICS_PORT ? { METRICS_PORT: String(Number(env.METRICS_PORT) + i - 1) } : {}),
    },
  });
}
start({
  name: 'studio',
  port: studioPort,
  restart: true,
  command: process.execPath,
  args: ['--import', 'tsx', 'apps/demo-provider/src/main.ts'],
  env: {
    ...common,
    DEMO_PROVIDER_PORT: String(studioPort),
    DEMO_PROVIDER_HOST: BACKEND_HOST,
    DEMO_PROVIDER_DATABASE_URL: env.DEMO_PROVIDER_DATABASE_URL ?? env.DATABASE_URL,
    DEMO_PROVIDER_DB_SCHEMA: env.DEMO_PROVIDER_DB_SCHEMA ?? 'demo_provider',
    DEMO_PROVIDER_FRAME_ANCESTORS: env.DEMO_PROVIDER_FRAME_ANCESTORS ?? `'self'`,
  },
});
// -W: master-worker, so SIGUSR1 to this pid is a graceful stop; -db: stay in the foreground.
start({ name: 'haproxy', restart: false, command: haproxyBin, args: ['-W', '-db', '-f', cfgPath], env });
say(`Lotto59 (server mode, ${PROCESSES} API processes) at ${publicUrl}  (HAProxy config: ${cfgPath})`);

// ---- stopping ------------------------------------------------------------------------------------------

async function stop(exitCode) {
  if (stopping) return;
  stopping = true;
  say('stopping: HAProxy finishes what is open, each process drains and closes');
  const exits = [];
  for (const [childName, { child }] of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    exits.push(new Promise((done) => child.once('exit', done)));
    child.kill(childName === 'haproxy' ? 'SIGUSR1' : 'SIGTERM');
  }
  const deadline = setTimeout(
    () => {
      for (const [childName, { child }] of children) {
        if (child.exitCode === null && child.signalCode === null) {
          say(`${childName} did not stop in time: killed`);
          child.kill('SIGKILL');
        }
      }
    },
    (SHUTDOWN_TIMEOUT_SECONDS + 5) * 1000,
  );
  await Promise.all(exits);
  clearTimeout(deadline);
  say('stopped');
  process.exit(exitCode);
}
process.on('SIGTERM', () => void stop(0));
process.on('SIGINT', () => void stop(0));
