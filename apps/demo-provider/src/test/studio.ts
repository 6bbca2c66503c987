import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { openDemoProviderDb, type DemoProviderDatabaseOptions } from '../db/open';
import { createDemoProvider, type DemoProvider, type DemoProviderOptions } from '../server';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (as the casino's tests do). */
export const DIALECTS = process.env.TEST_DATABASE_URL
  ? (['sqlite', 'postgres'] as const)
  : (['sqlite'] as const);

export const SECRET_3 = 'a1'.repeat(32);
export const SECRET_2 = 'b2'.repeat(32);

export interface TestDb {
  options: DemoProviderDatabaseOptions;
  drop(): Promise<void>;
}

/** A fresh place for the studio's data: a temporary folder, or a fresh schema on the test server. */
export function testDb(dialect: 'sqlite' | 'postgres'): TestDb {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'demo-provider-test-'));
    return {
      options: { kind: 'sqlite', dataDir: dir },
      drop: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
    };
  }
  const url = process.env.TEST_DATABASE_URL!;
  // Inside a run of the whole suite (TEST_RUN_TAG, set by the server's global setup) the schema is dropped at the
  // run's end, never while another file's migrator lists every schema (apps/server/test/test-schemas.ts).
  const tag = process.env.TEST_RUN_TAG;
  const schema = `dp_${tag ? `${tag}_` : ''}${randomBytes(6).toString('hex')}`;
  return {
    options: { kind: 'postgres', url, schema },
    async drop() {
      if (tag) return;
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

export interface RunningStudio {
  app: FastifyInstance;
  provider: DemoProvider;
  close(): Promise<void>;
}

export async function startStudio(
  db: TestDb,
  walletUrl: string,
  extra: Partial<DemoProviderOptions> = {},
): Promise<RunningStudio> {
  const provider = await createDemoProvider({
    database: db.options,
    secrets: { '2': SECRET_2, '3': SECRET_3 },
    walletBaseUrl: walletUrl,
    walletTimeoutMs: 2_000,
    retry: { pollMs: 0 },
    ...extra,
  });
  const app = Fastify();
  await app.register(provider.plugin, { prefix: '/provider/demo' });
  await app.ready();
  return {
    app,
    provider,
    async close() {
      await app.close();
      await provider.close();
    },
  };
}

/** Direct access to the studio's tables, for arranging seeds and reading states. */
export const openDb = (db: TestDb) => openDemoProviderDb(db.options);
