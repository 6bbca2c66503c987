import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { asPostgres, freePort, pgQuery as query, postgresOwner } from './private-services';

/*
 * A real streaming replica of the local PostgreSQL for tests (test/replica.test.ts): `pg_basebackup -R`
 * into a temporary folder and `pg_ctl` on a free port, run as the `postgres` OS user, stopped and deleted
 * at the end. The primary needs a `replication` line in its pg_hba.conf (`.ci/run` adds one).
 */

const run = promisify(execFile);

/** How long the replica may take to stream, or to replay what the primary wrote (a loaded machine is slow). */
const REPLICA_WAIT_MS = 120_000;

/** The PostgreSQL binaries of the server's major version (Debian's layout), or those on the PATH. */
function binariesOf(major: number): string | undefined {
  const debian = `/usr/lib/postgresql/${major}/bin`;
  if (existsSync(join(debian, 'pg_basebackup')) && existsSync(join(debian, 'pg_ctl'))) return debian;
  const onPath = (process.env.PATH ?? '').split(':').find((dir) => existsSync(join(dir, 'pg_basebackup')));
  return onPath && existsSync(join(onPath, 'pg_ctl')) ? onPath : undefined;
}

/** Why a replica cannot be made here (null: it can). */
export async function replicaUnavailable(primaryUrl: string | undefined): Promise<string | null> {
  if (!primaryUrl) return 'TEST_DATABASE_URL is not set';
  try {
    const [row] = await query<{ version: string; wal_level: string; senders: string }>(
      primaryUrl,
      `select current_setting('server_version_num') as version, current_setting('wal_level') as wal_level,
              current_setting('max_wal_senders') as senders`,
    );
    const major = Math.floor(Number(row!.version) / 10_000);
    if (!binariesOf(major)) return `the PostgreSQL ${major} binaries (pg_basebackup, pg_ctl)`;
    if (row!.wal_level === 'minimal' || Number(row!.senders) === 0) {
      return 'a primary with wal_level=replica and max_wal_senders > 0';
    }
  } catch (error) {
    return `the PostgreSQL of TEST_DATABASE_URL (${(error as Error).message})`;
  }
  const replication = new URL(primaryUrl);
  replication.search = '?replication=true';
  try {
    await query(replication.toString(), 'IDENTIFY_SYSTEM');
  } catch (error) {
    return `replication permission (pg_hba.conf: host replication all 127.0.0.1/32 trust): ${(error as Error).message}`;
  }
  return null;
}

export interface PgReplica {
  port: number;
  /** `url` (a primary URL: database, user, options) pointed at the replica. */
  urlFor(url: string): string;
  /** Runs one statement on the replica (its `postgres` database). */
  query<T>(text: string, values?: unknown[]): Promise<T[]>;
  /** Returns once the replica has replayed everything the primary had written when called. */
  caughtUp(): Promise<void>;
  /** Stops the server; its files stay until `remove()`. */
  stop(): Promise<void>;
  remove(): Promise<void>;
}

const SETTINGS_A_STANDBY_MUST_MATCH = [
  'max_connections',
  'max_worker_processes',
  'max_wal_senders',
  'max_prepared_transactions',
  'max_locks_per_transaction',
];

/** Makes, starts and waits for a streaming replica of the primary at `primaryUrl`. */
export async function startReplica(primaryUrl: string): Promise<PgReplica> {
  const primary = new URL(primaryUrl);
  const settings = await query<{ name: string; setting: string; version: string }>(
    primaryUrl,
    `select name, setting, current_setting('server_version_num') as version from pg_settings
      where name = any($1)`,
    [SETTINGS_A_STANDBY_MUST_MATCH],
  );
  const bin = binariesOf(Math.floor(Number(settings[0]!.version) / 10_000))!;
  const dir = mkdtempSync(join(tmpdir(), 'lotto59-replica-'));
  const data = join(dir, 'data');
  const owner = await postgresOwner();
  chownSync(dir, owner.uid, owner.gid);
  const port = await freePort();
  let started = false;

  const exec = (command: string, args: string[], timeoutMs: number) => {
    const [file, argv] = asPostgres(join(bin, command), args);
    return run(file, argv, { timeout: timeoutMs });
  };
  const replicaUrl = (url: string) => {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(port);
    return u.toString();
  };
  const onReplica = <T>(text: string, values: unknown[] = []) => {
    const u = new URL(replicaUrl(primaryUrl));
    u.pathname = '/postgres';
    u.search = '';
    return query<T>(u.toString(), text, values);
  };
  const replica: PgReplica = {
    port,
    urlFor: replicaUrl,
    query: onReplica,
    async caughtUp() {
      const [{ lsn }] = (await query<{ lsn: string }>(
        primaryUrl,
        'select pg_current_wal_lsn()::text as lsn',
      )) as [{ lsn: string }];
      await until(async () => {
        const [row] = await onReplica<{ done: boolean; replayed: string }>(
          `select pg_wal_lsn_diff(pg_last_wal_replay_lsn(), $1::pg_lsn) >= 0 as done,
                  pg_last_wal_replay_lsn()::text as replayed`,
          [lsn],
        );
        return row?.done === true || `replayed ${row?.replayed} of ${lsn}`;
      }, 'the replica to replay the primary');
    },
    async stop() {
      if (!started) return;
      await exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop'], 90_000);
      started = false;
    },
    async remove() {
      await replica.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };

  try {
    // A fast checkpoint: the default spreads it over minutes.
    const user = decodeURIComponent(primary.username || 'postgres');
    const from = ['-h', primary.hostname, '-p', primary.port || '5432', '-U', user];
    await exec('pg_basebackup', [...from, '-D', data, '-R', '-X', 'stream', '-c', 'fast'], 180_000);
    // Debian keeps the configuration outside the data folder: the copy gets its own, small one.
    const conf = [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${dir}'`,
      `hba_file = '${join(dir, 'pg_hba.conf')}'`,
      `ident_file = '${join(dir, 'pg_ident.conf')}'`,
      `hot_standby = on`,
      `fsync = off`,
      `shared_buffers = 16MB`,
      ...settings.map((s) => `${s.name} = ${s.setting}`),
    ];
    writeFileSync(join(data, 'postgresql.conf'), `${conf.join('\n')}\n`);
    writeFileSync(join(dir, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
    writeFileSync(join(dir, 'pg_ident.conf'), '');
    for (const file of [
      join(data, 'postgresql.conf'),
      join(dir, 'pg_hba.conf'),
      join(dir, 'pg_ident.conf'),
    ]) {
      chownSync(file, owner.uid, owner.gid);
    }
    // Stopped at the end even if the start times out after the server came up.
    started = true;
    await exec('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '120', 'start'], 150_000);
    await until(async () => {
      const rows = await onReplica<{ status: string }>('select status from pg_stat_wal_receiver');
      return rows[0]?.status === 'streaming' || `receiver ${rows[0]?.status ?? 'not started'}`;
    }, 'the replica to stream');
    await replica.caughtUp();
    return replica;
  } catch (error) {
    const logFile = join(dir, 'server.log');
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n') : '';
    await replica.remove();
    throw new Error(`could not start the replica: ${(error as Error).message}\n${log}`);
  }
}

/** Polls `done` every 50 ms for at most `REPLICA_WAIT_MS`; the timeout says what the last answer was. */
async function until(done: () => Promise<boolean | string>, what: string): Promise<void> {
  const deadline = Date.now() + REPLICA_WAIT_MS;
  let last = '';
  for (;;) {
    const answer = await done().catch((error: unknown) => (error as Error).message);
    if (answer === true) return;
    last = String(answer);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (last: ${last})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
