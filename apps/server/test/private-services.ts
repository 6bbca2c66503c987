import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/*
 * A PostgreSQL cluster and a Redis of a test's own (test/cluster.test.ts, the database-down tests), on free
 * ports under a temporary folder, so that a test may stop and start them without touching the shared ones.
 * PostgreSQL refuses to run as root: as root, its commands run as the `postgres` OS user (runuser) and the
 * folder is theirs.
 */

const run = promisify(execFile);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Where initdb and pg_ctl are: Debian's newest major first, then the PATH. */
export function postgresBinaries(): string | undefined {
  const debian = ['17', '16', '15', '14', '13'].map((v) => `/usr/lib/postgresql/${v}/bin`);
  const path = (process.env.PATH ?? '').split(delimiter);
  return [...debian, ...path].find(
    (dir) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl')),
  );
}

export function redisServerBinary(): string | undefined {
  const path = ['/usr/bin', '/usr/local/bin', ...(process.env.PATH ?? '').split(delimiter)];
  return path.map((dir) => join(dir, 'redis-server')).find((file) => existsSync(file));
}

/** Commands run as the `postgres` OS user: the server refuses to run as root. */
export function asPostgres(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/** Who must own a cluster's folder: the `postgres` OS user when we are root. */
export async function postgresOwner(): Promise<{ uid: number; gid: number }> {
  if (process.getuid?.() !== 0) return { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export interface PrivatePostgres {
  port: number;
  /** `postgres://postgres@127.0.0.1:<port>/<database>` (trust authentication). */
  url(database?: string): string;
  /** `pg_ctl stop -m fast`: open connections are ended (57P01), new ones refused. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server (if running) and deletes its folder. */
  remove(): Promise<void>;
  /** The last lines of its log, for a failure's message. */
  logTail(): string;
}

/** initdb + pg_ctl start on a free port; small and unsafe on purpose (fsync off): a test's throwaway. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('PostgreSQL binaries (initdb, pg_ctl) not found');
  const dir = mkdtempSync(join(tmpdir(), 'lotto59-pg-'));
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const owner = await postgresOwner();
  chownSync(dir, owner.uid, owner.gid);
  const port = await freePort();
  let running = false;
  const exec = (command: string, args: string[], timeoutMs: number) => {
    const [file, argv] = asPostgres(join(bin, command), args);
    return run(file, argv, { timeout: timeoutMs });
  };
  const handle: PrivatePostgres = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async stop() {
      if (!running) return;
      await exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop'], 90_000);
      running = false;
    },
    async start() {
      if (running) return;
      running = true;
      await exec('pg_ctl', ['-D', data, '-l', logFile, '-w', '-t', '60', 'start'], 90_000);
    },
    async remove() {
      await handle.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
    logTail: () =>
      existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n') : '',
  };
  try {
    await exec(
      'initdb',
      ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
      120_000,
    );
    const conf = [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      'shared_buffers = 32MB',
      'max_connections = 100',
    ];
    writeFileSync(join(data, 'postgresql.auto.conf'), `${conf.join('\n')}\n`);
    chownSync(join(data, 'postgresql.auto.conf'), owner.uid, owner.gid);
    await handle.start();
    return handle;
  } catch (error) {
    const log = handle.logTail();
    await handle.remove();
    throw new Error(`could not start a private PostgreSQL: ${(error as Error).message}\n${log}`);
  }
}

/** Runs one statement on a private (or any) PostgreSQL. */
export async function pgQuery<T>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

export interface PrivateRedis {
  port: number;
  url: string;
  /** SIGTERM and wait for the exit (a clean stop: clients see their connection close). */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** `redis-server` on a free port, no persistence, stopped by `stop()` (the test's afterAll). */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const bin = redisServerBinary();
  if (!bin) throw new Error('redis-server not found');
  const port = await freePort();
  let child: ChildProcess | undefined;
  const handle: PrivateRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      const current = child;
      child = undefined;
      if (!current || current.exitCode !== null) return;
      const exited = new Promise((resolve) => current.once('exit', resolve));
      current.kill('SIGTERM');
      await exited;
    },
    async start() {
      if (child) return;
      const started = spawn(
        bin,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child = started;
      let out = '';
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${out}`)), 15_000);
        started.stdout!.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('Ready to accept connections')) {
            clearTimeout(timer);
            resolve();
          }
        });
        started.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`redis-server exited (${code}):\n${out}`));
        });
      });
      started.stdout!.resume();
      started.stderr!.resume();
    },
  };
  await handle.start();
  return handle;
}
