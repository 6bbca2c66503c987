import { createHash, createPrivateKey, createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config';

// The server's Ed25519 seal key: LEDGER_SEAL_KEY when set, else (embedded mode) made at first start and kept in
// the data folder like the provider secrets. Never in the database: whoever could rewrite the ledger there
// could then re-sign it too.

export const SEAL_KEY_FILE = 'ledger-seal-key.json';

/** PKCS#8 DER of an Ed25519 private key, up to its 32-byte seed (RFC 8410). */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
/** SPKI DER of an Ed25519 public key, up to its 32 raw bytes. */
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export interface SealKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The raw 32-byte public key, lower-case hex. */
  publicKeyHex: string;
  keyId: string;
  source: 'env' | 'file';
}

/** First 16 hex characters of SHA-256 of the raw public key: which key signed a seal. */
export function keyIdOf(publicKeyRaw: Uint8Array): string {
  return createHash('sha256').update(publicKeyRaw).digest('hex').slice(0, 16);
}

export function sealKeyFromSeed(seedHex: string, source: SealKey['source']): SealKey {
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, Buffer.from(seedHex, 'hex')]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey = createPublicKey(privateKey);
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(SPKI_ED25519_PREFIX.length);
  return { privateKey, publicKey, publicKeyHex: raw.toString('hex'), keyId: keyIdOf(raw), source };
}

/** A raw 32-byte Ed25519 public key (hex) as a key object, to check signatures with. */
export function publicKeyFromHex(hex: string): KeyObject {
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error('an Ed25519 public key is 64 hex characters');
  return createPublicKey({
    key: Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(hex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
}

type SealKeyConfig = Pick<Config, 'DATA_DIR' | 'mode' | 'LEDGER_SEAL_KEY'>;

/**
 * The seal key, or null in server mode without LEDGER_SEAL_KEY (every process must sign with the same key, and
 * the data folder is each process's own). `create` false (the CLI) never writes a new key file.
 */
export function loadSealKey(config: SealKeyConfig, options: { create: boolean }): SealKey | null {
  if (config.LEDGER_SEAL_KEY) return sealKeyFromSeed(config.LEDGER_SEAL_KEY, 'env');
  if (config.mode !== 'embedded') return null;
  const path = join(config.DATA_DIR, SEAL_KEY_FILE);
  if (existsSync(path)) {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as { seed?: unknown };
    if (typeof parsed.seed !== 'string' || !/^[0-9a-f]{64}$/.test(parsed.seed)) {
      throw new Error(`${path}: "seed" must be 64 lower-case hex characters`);
    }
    return sealKeyFromSeed(parsed.seed, 'file');
  }
  if (!options.create) return null;
  const seed = randomBytes(32).toString('hex');
  mkdirSync(config.DATA_DIR, { recursive: true });
  // Written to a temporary file and renamed, so that a crash never leaves half a key.
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ seed }, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, path);
  return sealKeyFromSeed(seed, 'file');
}
