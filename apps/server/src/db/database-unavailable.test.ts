import { createServer, type Server, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toAppError } from '../errors/error-handler';
import { openPostgres, type DbHandle } from './create-db';
import { DatabaseProbe } from './database-probe';
import { isDatabaseUnavailable } from './db-errors';

/*
 * Server mode with PostgreSQL away (docs/decisions/0030-server-mode-failure-behaviour.md): the real errors the
 * driver raises — nothing listening, a server that accepts and never answers, a connection ended by the
 * server, a statement over statement_timeout — all become 503 DATABASE_UNAVAILABLE with Retry-After, and
 * the pool gives up within its connect timeout instead of holding the request.
 */

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** The error `work` fails with (the test fails if it does not). */
async function failure(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

function expectUnavailable(error: unknown): void {
  expect(isDatabaseUnavailable(error)).toBe(true);
  const answer = toAppError(error);
  expect(answer.code).toBe('DATABASE_UNAVAILABLE');
  expect(answer.status).toBe(503);
  expect(Number(answer.options.headers?.['retry-after'])).toBeGreaterThan(0);
}

describe('PostgreSQL unavailable: 503 DATABASE_UNAVAILABLE, fast', () => {
  let deadPort = 0;
  let silent: Server;
  let silentPort = 0;
  const sockets = new Set<Socket>();
  const handles: DbHandle[] = [];
  const open = (url: string, options: Parameters<typeof openPostgres>[1]) => {
    const handle = openPostgres(url, options);
    handles.push(handle);
    return handle;
  };

  beforeAll(async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    deadPort = await listen(probe);
    await new Promise((resolve) => probe.close(resolve));
    // Accepts the TCP connection and never says a word (a frozen server, a black hole behind a proxy).
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    silentPort = await listen(silent);
  });

  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close().catch(() => undefined)));
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('nothing listening: ECONNREFUSED', async () => {
    const { db } = open(`postgres://postgres@127.0.0.1:${deadPort}/none`, { connectTimeoutMs: 2_000 });
    const error = await failure(() => sql`select 1`.execute(db));
    expect((error as { code?: string }).code).toBe('ECONNREFUSED');
    expectUnavailable(error);
  });

  it('a server that never answers: the connect timeout, not a hang', async () => {
    const { db } = open(`postgres://postgres@127.0.0.1:${silentPort}/none`, { connectTimeoutMs: 300 });
    const error = await failure(() => sql`select 1`.execute(db));
    expect(String((error as Error).message)).toMatch(/timeout/i);
    expectUnavailable(error);
  });

  it('a full pool waiting for a connection gives up within the connect timeout too', async () => {
    const { db } = open(`postgres://postgres@127.0.0.1:${silentPort}/none`, {
      max: 1,
      connectTimeoutMs: 300,
    });
    const errors = await Promise.all([1, 2, 3].map(() => failure(() => sql`select 1`.execute(db))));
    for (const error of errors) expectUnavailable(error);
  });

  it('the probe of /healthz says down, and never throws', async () => {
    const { db } = open(`postgres://postgres@127.0.0.1:${deadPort}/none`, { connectTimeoutMs: 300 });
    const probe = new DatabaseProbe(db, { timeoutMs: 1_000, maxAgeMs: 1_000, nowMs: () => Date.now() });
    expect(probe.current()).toBe('unknown');
    await probe.probe();
    expect(probe.current()).toBe('down');
  });

  it('a provider call that failed is not the database', () => {
    const fetchFailed = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
    });
    expect(isDatabaseUnavailable(fetchFailed)).toBe(false);
    expect(toAppError(fetchFailed).code).toBe('INTERNAL');
    expect(isDatabaseUnavailable(Object.assign(new Error('dup'), { code: '23505' }))).toBe(false);
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)('on a real PostgreSQL', () => {
    const url = process.env.TEST_DATABASE_URL!;

    it('a statement over statement_timeout: 57014', async () => {
      const { db } = open(url, { statementTimeoutMs: 100, connectTimeoutMs: 5_000 });
      const error = await failure(() => sql`select pg_sleep(5)`.execute(db));
      expect((error as { code?: string }).code).toBe('57014');
      expectUnavailable(error);
    });

    it('a connection the server ends (57P01, as a restart does) neither crashes the process nor stays in the pool', async () => {
      const lost: Error[] = [];
      const { db } = open(url, { max: 2, onConnectionError: (error) => lost.push(error) });
      // A connection held out of the pool (as the scheduler lease holds one), ended by the server.
      const held = db.connection().execute(async (conn) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn);
        await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(db);
        // The termination is delivered to the held client; its next query fails.
        await new Promise((resolve) => setTimeout(resolve, 200));
        return failure(() => sql`select 1`.execute(conn));
      });
      expectUnavailable(await held);
      expect(lost.map((e) => (e as { code?: string }).code)).toContain('57P01');
      // The pool opens a new connection for the next query: it recovers on its own.
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(rows[0]!.one).toBe(1);
    });
  });
});
