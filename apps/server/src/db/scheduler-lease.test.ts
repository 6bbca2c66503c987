import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, TEST_DIALECTS, type TestDatabase } from '../../test/databases';
import { openDatabase, pgPoolOf, type DbHandle } from './create-db';
import { loadConfig } from '../config';
import { createSchedulerLease, type SchedulerLease } from './scheduler-lease';

describe.each(TEST_DIALECTS)('scheduler lease on %s', (dialect) => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createTestDatabase(dialect);
  });
  afterAll(() => tdb.drop());

  it('lets exactly one process draw, and another take over when it stops', async () => {
    // A second process: its own connection pool on the same database.
    const config = loadConfig({ ...tdb.env });
    const other = openDatabase(config);
    const first = createSchedulerLease(tdb.db, 'lotto59-scheduler', config.SCHEDULER_LEASE_SECONDS);
    const second = createSchedulerLease(other.db, 'lotto59-scheduler', config.SCHEDULER_LEASE_SECONDS);
    try {
      expect(await first.holds()).toBe(true);
      if (dialect === 'sqlite') {
        // Embedded mode is one process: the lease is always held.
        expect(await second.holds()).toBe(true);
        return;
      }
      expect(await second.holds()).toBe(false);
      expect(await first.holds()).toBe(true);
      await first.release();
      expect(await second.holds()).toBe(true);
      expect(await first.holds()).toBe(false);
    } finally {
      await first.release();
      await second.release();
      await other.close();
    }
  });
});

/** The shortest lease the configuration allows, so that the tests below wait seconds, not tens. */
const LEASE_SECONDS = 2;
const LEASE_MS = LEASE_SECONDS * 1000;
/** The slowest a worker may try to take a free lease (config.ts: LOTTO_TICK_MS ≤ half the lease). */
const TRY_EVERY_MS = LEASE_MS / 2;
/** Scheduling slack on a shared machine: timers and round trips late by up to this much. */
const SLACK_MS = 400;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(TEST_DIALECTS.includes('postgres'))('scheduler lease on postgres: a lease in time', () => {
  let tdb: TestDatabase;
  const handles: DbHandle[] = [];
  const leases: SchedulerLease[] = [];
  beforeAll(async () => {
    tdb = await createTestDatabase('postgres');
  });
  afterEach(async () => {
    vi.useRealTimers();
    for (const lease of leases.splice(0)) await lease.release();
    for (const handle of handles.splice(0)) await handle.close();
  });
  afterAll(() => tdb.drop());

  /** A process of its own: its own pool on the same database, and its lease of LEASE_SECONDS. */
  function startProcess(name: string): { lease: SchedulerLease; pool: pg.Pool } {
    const handle = openDatabase(loadConfig({ ...tdb.env }));
    handles.push(handle);
    const lease = createSchedulerLease(handle.db, name, LEASE_SECONDS);
    leases.push(lease);
    return { lease, pool: pgPoolOf(handle.db)! };
  }

  it('a holder that stops renewing and reading loses the lock on the server within the lease; the heir takes it', async () => {
    // The holder's renewal timer never fires (the process is frozen for the lease); all else runs in real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { lease: frozen, pool } = startProcess('frozen-holder');
    const heir = startProcess('frozen-holder').lease;
    const acquired: pg.PoolClient[] = [];
    pool.on('acquire', (client) => acquired.push(client));
    const takenAt = performance.now();
    expect(await frozen.holds()).toBe(true);
    // Nor does it read its connection: it does not hear the server end its session, and must know by the time.
    acquired.at(-1)!.connection.stream.pause();
    expect(await heir.holds()).toBe(false);

    // The heir tries at every tick, as a worker does; the frozen holder is never called.
    let heirHolds = false;
    while (!heirHolds && performance.now() - takenAt < LEASE_MS + TRY_EVERY_MS + SLACK_MS) {
      await sleep(TRY_EVERY_MS / 4);
      heirHolds = await heir.holds();
      // Never two holders: by the time the server freed the lock, the frozen one had stopped believing.
      if (heirHolds) expect(frozen.held()).toBe(false);
    }
    const heirAfterMs = performance.now() - takenAt;
    // PostgreSQL ended the silent session itself (idle_session_timeout): nothing on the holder's side did.
    expect(heirHolds).toBe(true);
    expect(heirAfterMs).toBeGreaterThanOrEqual(LEASE_MS);
    expect(heirAfterMs).toBeLessThan(LEASE_MS + TRY_EVERY_MS + SLACK_MS);

    // The frozen one resumes: it steps down, and stays down while the heir holds.
    acquired.at(-1)!.connection.stream.resume();
    expect(frozen.held()).toBe(false);
    expect(await frozen.holds()).toBe(false);
    expect(await frozen.holds()).toBe(false);
    expect(frozen.held()).toBe(false);
    expect(await heir.holds()).toBe(true);
  });

  it('a holder that keeps renewing keeps the lease past its length', async () => {
    const holder = startProcess('renewing-holder').lease;
    const other = startProcess('renewing-holder').lease;
    expect(await holder.holds()).toBe(true);
    // Not called at all for twice the lease (a worker whose pass is slow): its own timer renews.
    await sleep(2 * LEASE_MS);
    expect(holder.held()).toBe(true);
    expect(await other.holds()).toBe(false);
    expect(await holder.holds()).toBe(true);
  });

  it('a renewal that does not answer: the holder steps down within a third of the lease, never hanging', async () => {
    const { lease: holder, pool } = startProcess('hung-holder');
    const heir = startProcess('hung-holder').lease;
    const acquired: pg.PoolClient[] = [];
    pool.on('acquire', (client) => acquired.push(client));
    expect(await holder.holds()).toBe(true);
    const leaseClient = acquired.at(-1)!;
    // The network stops bringing the server's answers: the next ping is sent and never answered.
    leaseClient.connection.stream.pause();
    const cutAt = performance.now();

    // holds() reads the lease's state: it never waits on the hung connection.
    const askedAt = performance.now();
    expect(await holder.holds()).toBe(true);
    expect(performance.now() - askedAt).toBeLessThan(SLACK_MS);
    // Only held() from here on: holds() would take the lock again on a new connection once it is free.
    while (holder.held() && performance.now() - cutAt < LEASE_MS) await sleep(20);
    // The next renewal (within a third of the lease) timed out after another third: well before the lease ran
    // out, which is when it would have stepped down without the ping's timeout.
    expect(holder.held()).toBe(false);
    expect(performance.now() - cutAt).toBeLessThan((2 * LEASE_MS) / 3 + SLACK_MS);
    // Its connection was destroyed, so the server freed the lock without waiting for the lease.
    let heirHolds = false;
    for (let tries = 0; !heirHolds && tries < 10; tries++) {
      heirHolds = await heir.holds();
      if (!heirHolds) await sleep(100);
    }
    expect(heirHolds).toBe(true);
    expect(performance.now() - cutAt).toBeLessThan(LEASE_MS);
    expect(await holder.holds()).toBe(false);
    expect(heirHolds).toBe(true);
  });

  it("an attempt that finds the lease taken gives its connection back to the pool without the lease's timeouts", async () => {
    const holder = startProcess('pool-hygiene').lease;
    const handle = openDatabase(loadConfig({ ...tdb.env }));
    handles.push(handle);
    const loser = createSchedulerLease(handle.db, 'pool-hygiene', LEASE_SECONDS);
    leases.push(loser);
    expect(await holder.holds()).toBe(true);
    expect(await loser.holds()).toBe(false);
    // The pool hands out the connection released last: the loser's.
    const { rows } = await sql<{
      idle_session_timeout: string;
    }>`select current_setting('idle_session_timeout') as idle_session_timeout`.execute(handle.db);
    expect(rows[0]?.idle_session_timeout).toBe('0');
    expect(pgPoolOf(handle.db)!.totalCount).toBe(1);
  });
});
