import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config';

// The VAPID key pair (RFC 8292) the server signs its push requests with, kept like the provider secrets
// (providers/provider-secrets.ts): from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, else, in embedded
// mode, made once and kept in the data folder. A browser's subscription is bound to the public key it was
// made with: a new pair silently orphans every subscription, so the pair must outlive restarts.

export const VAPID_FILE = 'vapid-keys.json';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  source: 'env' | 'file';
}

type VapidConfig = Pick<Config, 'DATA_DIR' | 'mode' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'>;

/** The pair, or null in server mode without configured keys (push is then off). */
export function loadVapidKeys(config: VapidConfig): VapidKeys | null {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, source: 'env' };
  }
  // Server mode: each process would make its own pair and sign with a key the subscriptions do not know.
  if (config.mode !== 'embedded') return null;
  const path = join(config.DATA_DIR, VAPID_FILE);
  if (existsSync(path)) {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    const { publicKey, privateKey } = parsed;
    if (
      typeof publicKey !== 'string' ||
      typeof privateKey !== 'string' ||
      !/^[A-Za-z0-9_-]{87}$/.test(publicKey) ||
      !/^[A-Za-z0-9_-]{43}$/.test(privateKey)
    ) {
      throw new Error(`${path}: publicKey (65 bytes) and privateKey (32 bytes) must be base64url`);
    }
    return { publicKey, privateKey, source: 'file' };
  }
  const made = webpush.generateVAPIDKeys();
  mkdirSync(config.DATA_DIR, { recursive: true });
  // Written to a temporary file and renamed, so that a crash never leaves half a file.
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(made, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, path);
  return { ...made, source: 'file' };
}
