import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { systemClock } from '../../platform/clock';
import { TEST_DIALECTS } from '../../../test/databases';
import { createTestApp, TestBrowser, type TestContext } from '../../../test/test-app';
import { ClusterService } from './cluster.service';
import { OPS_BUNDLE } from '../../../test/built-server';

// The operator bundle the global setup built from this run's source (test/built-server.ts).
const OPS = OPS_BUNDLE;

/** Resolves with the headers of the 101 once the socket is open. */
function upgradeHeaders(url: string, cookie: string): Promise<Record<string, string | string[] | undefined>> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { cookie } });
    socket.once('upgrade', (response) => {
      resolve(response.headers);
      socket.close();
    });
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`no upgrade: ${response.statusCode}`)),
    );
    socket.once('error', reject);
  });
}

const waitFor = async (check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return check();
};

describe.each(TEST_DIALECTS)(
  'several processes: x-served-by, /healthz, ops cluster status on %s',
  (dialect) => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestApp(dialect, { SERVED_BY: 'test-api1' });
    });
    afterAll(() => t.close());

    it('names the process on every answer: a page, a refusal, a 404, the health check', async () => {
      const answers = [
        await t.app.inject({ method: 'GET', url: '/healthz' }),
        await t.app.inject({ method: 'GET', url: '/api/user' }), // 401
        await t.app.inject({ method: 'POST', url: '/api/bet', payload: {} }), // 419
        await t.app.inject({ method: 'GET', url: '/api/nothing-here' }), // 404
      ];
      expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 419, 404]);
      for (const answer of answers) expect(answer.headers['x-served-by']).toBe('test-api1');
    });

    it('defaults SERVED_BY to hostname:pid and refuses a name a header cannot carry', () => {
      expect(loadConfig({}).SERVED_BY).toMatch(new RegExp(`^[\\w.-]+:${process.pid}$`));
      expect(() => loadConfig({ SERVED_BY: 'api 1\r\nx-evil: 1' })).toThrow(/SERVED_BY/);
    });

    it('names the process on the WebSocket upgrade (the 101)', async () => {
      const other = await createTestApp(dialect, { SERVED_BY: 'test-ws' });
      try {
        const address = await other.app.listen({ host: '127.0.0.1', port: 0 });
        const player = await other.newPlayer();
        const browser = new TestBrowser(other.app);
        await browser.login(player.username, player.password);
        const cookie = [...browser.cookies.entries()].map(([k, v]) => `${k}=${v}`).join('; ');
        const headers = await upgradeHeaders(`${address.replace('http', 'ws')}/ws`, cookie);
        expect(headers['x-served-by']).toBe('test-ws');
      } finally {
        await other.close();
      }
    });

    it('/healthz: ok with no lease while the scheduler does not run; 503 draining, the rest still served', async () => {
      const ok = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(ok.json()).toMatchObject({ status: 'ok', servedBy: 'test-api1', schedulerLease: false });
      // The database's state is in the body, from a probe /healthz never waits for (decision 0030).
      expect(['up', 'unknown']).toContain(ok.json<{ database: string }>().database);
      await vi.waitFor(
        async () =>
          expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toMatchObject({
            database: 'up',
          }),
        { timeout: 5_000 },
      );

      const other = await createTestApp(dialect, { SERVED_BY: 'test-drain' });
      try {
        other.app.startDraining();
        const draining = await other.app.inject({ method: 'GET', url: '/healthz' });
        expect(draining.statusCode).toBe(503);
        expect(draining.json()).toMatchObject({ status: 'draining', servedBy: 'test-drain' });
        // Only the check says 503: requests the balancer still sends are served.
        expect((await other.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
      } finally {
        await other.close();
      }
    });

    it('/healthz says which process holds the scheduler lease: exactly one, and another after it stops', async () => {
      // Two apps with the draw loop on, on one database (PostgreSQL: two lock sessions on one pool).
      const config = (name: string) =>
        loadConfig({
          ...t.tdb.env,
          ARGON2_MEMORY_KIB: '1024',
          ARGON2_TIME_COST: '1',
          WEB_DIST_DIR: '/nonexistent',
          DEMO_PROVIDER: 'off',
          LOTTO_SCHEDULER: 'true',
          LOTTO_TICK_MS: '20',
          SERVED_BY: name,
        });
      const a = await buildApp({ config: config('lease-a'), db: t.tdb.db, clock: t.clock });
      const b = await buildApp({ config: config('lease-b'), db: t.tdb.db, clock: t.clock });
      try {
        await Promise.all([a.ready(), b.ready()]);
        const leaseOf = async (app: typeof a) =>
          (await app.inject({ method: 'GET', url: '/healthz' })).json<{ schedulerLease: boolean }>()
            .schedulerLease;
        expect(await waitFor(async () => (await leaseOf(a)) || (await leaseOf(b)), 5000)).toBe(true);
        const holders = [await leaseOf(a), await leaseOf(b)];
        if (dialect === 'sqlite') {
          // Embedded mode is one process: it always draws.
          expect(holders).toEqual([true, true]);
          return;
        }
        expect(holders.filter(Boolean)).toHaveLength(1);
        const [holder, heir] = holders[0] ? [a, b] : [b, a];
        await holder.close();
        expect(await waitFor(() => leaseOf(heir), 5000)).toBe(true);
      } finally {
        await a.close();
        await b.close();
      }
    });

    async function ops(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
      try {
        const { stdout, stderr } = await promisify(execFile)(process.execPath, [OPS, ...args], {
          // Starting the command takes seconds on a busy machine: 10-minute beats keep "live" live meanwhile.
          env: { ...process.env, ...t.tdb.env, CLUSTER_HEARTBEAT_SECONDS: '600' },
        });
        return { code: 0, stdout, stderr };
      } catch (e) {
        const err = e as { code: number; stdout: string; stderr: string };
        return { code: err.code, stdout: err.stdout, stderr: err.stderr };
      }
    }

    it('ops cluster status lists the live processes, the gone ones, the lease holder and their Node', async () => {
      const beat = (servedBy: string, holdsLease: boolean, agoMs = 0) =>
        new ClusterService(
          t.tdb.db,
          { nowMs: () => systemClock.nowMs() - agoMs },
          {
            servedBy,
            host: 'vm',
            pid: 4242,
            runtime: servedBy === 'vm-api3' ? 'node v22.1.0' : 'node v24.21.0',
          },
          () => holdsLease,
          2000,
        ).beat();
      await beat('vm-api1', false);
      await beat('vm-api2', true);
      // Killed 40 minutes ago (three 10-minute beats missed) while it held the lease: its word is stale.
      await beat('vm-api3', true, 40 * 60_000);
      const res = await ops('cluster', 'status');
      expect(res.code).toBe(0);
      const lines = res.stdout.split('\n');
      expect(lines.find((l) => l.startsWith('vm-api1'))).toMatch(/live .*pid 4242.*node v24\.21\.0/);
      // A process still on another Node during a rolling upgrade is told apart.
      expect(lines.find((l) => l.startsWith('vm-api3'))).toContain('node v22.1.0');
      expect(lines.find((l) => l.startsWith('vm-api1'))).not.toContain('holds');
      expect(lines.find((l) => l.startsWith('vm-api2'))).toMatch(/live .*holds the scheduler lease/);
      expect(lines.find((l) => l.startsWith('vm-api3'))).toMatch(/gone /);
      expect(lines.find((l) => l.startsWith('vm-api3'))).not.toContain('holds');
      expect(res.stdout).toContain('scheduler lease: vm-api2');
      expect(res.stdout).toContain('2 live of 3');
    }, 90_000);

    it('a server-mode process writes its heartbeat once it listens and removes it when it closes', async () => {
      if (dialect === 'sqlite') {
        // Embedded mode writes no heartbeat (one process; nothing to list).
        const other = await createTestApp(dialect, { SERVED_BY: 'embedded-one' });
        await other.app.listen({ host: '127.0.0.1', port: 0 });
        await new Promise((resolve) => setTimeout(resolve, 100));
        const names = (await other.app.services.cluster.list()).map((p) => p.servedBy);
        await other.close();
        expect(names).not.toContain('embedded-one');
        return;
      }
      const other = await createTestApp(dialect, {
        SERVED_BY: 'listening-one',
        CLUSTER_HEARTBEAT_SECONDS: '0.1',
      });
      const listed = async () => (await t.app.services.cluster.list()).map((p) => p.servedBy);
      try {
        await other.app.listen({ host: '127.0.0.1', port: 0 });
        // createTestApp gives each app its own schema: read the other app's database.
        const seen = async () =>
          (await other.app.services.cluster.list()).some((p) => p.servedBy === 'listening-one' && p.live);
        expect(await waitFor(seen, 5000)).toBe(true);
        // The heartbeat names the Node the process runs on: the project's own Node 24 (decision 0044).
        const self = (await other.app.services.cluster.list()).find((p) => p.servedBy === 'listening-one');
        expect(self?.runtime).toBe(`node ${process.version}`);
        expect(process.versions.node.split('.')[0]).toBe('24');
        expect(await listed()).not.toContain('listening-one');
      } finally {
        await other.app.close();
      }
      const rows = await other.tdb.db.selectFrom('cluster_processes').select('served_by').execute();
      await other.tdb.drop();
      expect(rows.map((r) => r.served_by)).not.toContain('listening-one');
    });
  },
);
