import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { loadVapidKeys, VAPID_FILE } from './vapid-keys';

describe('the VAPID key pair (decision 0051)', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'lotto59-vapid-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('embedded: made once at first start, kept 0600 in the data folder, the same pair on the next start', () => {
    const DATA_DIR = dataDir();
    const first = loadVapidKeys({
      DATA_DIR,
      mode: 'embedded',
      VAPID_PUBLIC_KEY: undefined,
      VAPID_PRIVATE_KEY: undefined,
    });
    expect(first?.source).toBe('file');
    expect(first?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const path = join(DATA_DIR, VAPID_FILE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
      publicKey: first?.publicKey,
      privateKey: first?.privateKey,
    });
    const again = loadVapidKeys({
      DATA_DIR,
      mode: 'embedded',
      VAPID_PUBLIC_KEY: undefined,
      VAPID_PRIVATE_KEY: undefined,
    });
    expect(again).toEqual(first);
  });

  it('the configured pair wins; server mode without one has no push and writes nothing', () => {
    const DATA_DIR = dataDir();
    const pair = webpush.generateVAPIDKeys();
    const configured = { DATA_DIR, VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey };
    expect(loadVapidKeys({ ...configured, mode: 'server' })).toEqual({ ...pair, source: 'env' });
    expect(
      loadVapidKeys({ DATA_DIR, mode: 'server', VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined }),
    ).toBeNull();
    expect(() => statSync(join(DATA_DIR, VAPID_FILE))).toThrow();
  });
});
