import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config';
import { PROVIDER_CODES } from './providers.catalog';
import type { ProviderCode } from './providers.table';

// One HMAC secret per provider (providers.md §2): from PROVIDER_<ID>_SECRET when set (config.ts refuses
// anything but 64 hex characters), else, in embedded mode, generated once and kept in the data folder.

export const SECRETS_FILE = 'provider-secrets.json';

export type SecretSource = 'env' | 'file' | 'none';

export interface ProviderSecret {
  code: ProviderCode;
  /** 64 lower-case hex characters, or null when the provider has no secret (server mode, unset). */
  secret: string | null;
  source: SecretSource;
}

const envName = (code: ProviderCode) =>
  `PROVIDER_${code.toUpperCase()}_SECRET` as
    | 'PROVIDER_2_SECRET'
    | 'PROVIDER_3_SECRET'
    | 'PROVIDER_4_SECRET'
    | 'PROVIDER_5_SECRET'
    | 'PROVIDER_SPORT_SECRET';

/** What an operator may print: the first 8 hex characters of the secret's SHA-256. */
export function fingerprint(secret: string): string {
  return createHash('sha256').update(secret, 'ascii').digest('hex').slice(0, 8);
}

export const newSecret = () => randomBytes(32).toString('hex');

type SecretsConfig = Pick<Config, 'DATA_DIR' | 'mode' | ReturnType<typeof envName>>;

/**
 * The secrets of every provider. In embedded mode, the missing ones are generated and written to
 * DATA_DIR/provider-secrets.json (mode 0600) at first start, so that the next start (and the embedded
 * demo provider) reads the same ones. In server mode nothing is written: a provider without its
 * environment secret has none, and its wallet calls answer RS_ERROR_INVALID_PARTNER.
 */
export function loadProviderSecrets(config: SecretsConfig): ProviderSecret[] {
  const stored = readSecretsFile(config.DATA_DIR);
  let changed = false;
  const secrets = PROVIDER_CODES.map((code): ProviderSecret => {
    const fromEnv = config[envName(code)];
    if (fromEnv) return { code, secret: fromEnv, source: 'env' };
    const fromFile = stored[code];
    if (fromFile) return { code, secret: fromFile, source: 'file' };
    if (config.mode !== 'embedded') return { code, secret: null, source: 'none' };
    stored[code] = newSecret();
    changed = true;
    return { code, secret: stored[code], source: 'file' };
  });
  if (changed) writeSecretsFile(config.DATA_DIR, stored);
  return secrets;
}

/**
 * A new secret for one provider. Written to the data-folder file when the secret lives there (or would);
 * an environment secret is the operator's to replace, so it is only generated and shown. A running
 * server reads the secrets at start: restart it (and give the studio the new secret) to switch.
 */
export function rotateProviderSecret(
  config: SecretsConfig,
  code: ProviderCode,
): { secret: string; written: boolean; envName: string } {
  const secret = newSecret();
  const name = envName(code);
  if (config[name] || config.mode !== 'embedded') return { secret, written: false, envName: name };
  const stored = readSecretsFile(config.DATA_DIR);
  stored[code] = secret;
  writeSecretsFile(config.DATA_DIR, stored);
  return { secret, written: true, envName: name };
}

function readSecretsFile(dataDir: string): Partial<Record<ProviderCode, string>> {
  const path = join(dataDir, SECRETS_FILE);
  if (!existsSync(path)) return {};
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  const out: Partial<Record<ProviderCode, string>> = {};
  for (const code of PROVIDER_CODES) {
    const value = parsed[code];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !/^[0-9a-f]{64}$/.test(value)) {
      throw new Error(`${path}: the secret of provider ${code} must be 64 lower-case hex characters`);
    }
    out[code] = value;
  }
  return out;
}

/** Written to a temporary file and renamed, so that a crash never leaves half a file. */
function writeSecretsFile(dataDir: string, secrets: Partial<Record<ProviderCode, string>>): void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, SECRETS_FILE);
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  renameSync(temporary, path);
}
