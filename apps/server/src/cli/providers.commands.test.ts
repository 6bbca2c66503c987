import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test/databases';
import { createTestApp, type TestContext } from '../../test/test-app';
import { fingerprint, SECRETS_FILE } from '../modules/providers/providers.public';
import { OPS_BUNDLE } from '../../test/built-server';

// The operator bundle the global setup built from this run's source (test/built-server.ts).
const OPS = OPS_BUNDLE;
const SECRET_2 = '7e'.repeat(32);

describe.each(TEST_DIALECTS)('ops providers on %s (separate process, same database)', (dialect) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(dialect, { PROVIDER_2_SECRET: SECRET_2 });
  });
  afterAll(() => t.close());

  async function ops(...args: string[]) {
    try {
      const { stdout } = await promisify(execFile)(process.execPath, [OPS, ...args], {
        env: { ...process.env, ...t.tdb.env, PROVIDER_2_SECRET: SECRET_2 },
      });
      return { code: 0, stdout };
    } catch (e) {
      const err = e as { code: number; stdout: string; stderr: string };
      return { code: err.code, stdout: err.stdout + err.stderr };
    }
  }

  it('lists the providers with their mode and fingerprint, never the secret', async () => {
    const res = await ops('providers', 'list');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(`2      SEAMLESS  casino   baccarat        ${fingerprint(SECRET_2)} (env)`);
    expect(res.stdout).toMatch(/^4 +TRANSFER +fishing +ocean-dragon/m);
    expect(res.stdout).not.toContain(SECRET_2);
    if (dialect === 'sqlite')
      expect(res.stdout).toMatch(/^3 +SEAMLESS +slots +angkor-fortune +[0-9a-f]{8} \(file\)$/m);
    else expect(res.stdout).toMatch(/^3 .*no secret/m);
  });

  it('rotates a secret: printed once, written to the data folder when it lives there, audited', async () => {
    const res = await ops('providers', 'rotate-secret', '3');
    expect(res.code).toBe(0);
    const secret = /shown once\): ([0-9a-f]{64})$/m.exec(res.stdout)?.[1];
    expect(secret).toBeDefined();
    if (dialect === 'sqlite') {
      const stored = JSON.parse(readFileSync(join(t.tdb.env.DATA_DIR!, SECRETS_FILE), 'utf8'));
      expect(stored['3']).toBe(secret);
      expect((await ops('providers', 'list')).stdout).toContain(`${fingerprint(secret!)} (file)`);
    } else {
      expect(res.stdout).toContain('set PROVIDER_3_SECRET');
    }
    const audit = await t.app.services.audit.list({ limit: 5 });
    expect(audit.find((e) => e.kind === 'provider_secret_rotated')?.detail).toContain(fingerprint(secret!));
    expect(audit.map((e) => e.detail ?? '').join()).not.toContain(secret);
    expect((await ops('providers', 'rotate-secret', '9')).code).toBe(2);
  });

  it('prints the published returns', async () => {
    const res = await ops('providers', 'rtp');
    expect(res.stdout).toMatch(/^3 +angkor-fortune +spin +96\.60 %$/m);
    expect(res.stdout).toContain('edge 1.0579 %');
    expect(res.stdout).toMatch(/ocean-dragon +shot +96\.00 %/);
  });
});
