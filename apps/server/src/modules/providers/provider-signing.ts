import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

// Signing of the provider protocol, both directions (providers.md §2): X-Signature = hex HMAC-SHA256 with
// the secret's 64 hex characters as the key's ASCII bytes, over "<timestamp>.<raw body bytes>".

/** |now − X-Timestamp| beyond this is refused like a bad signature (a replayed capture goes stale). */
export const SIGNATURE_WINDOW_MS = 300_000;

/**
 * The HMAC keys of the secrets in use, made once each: a key given as a Buffer is imported anew by every
 * `createHmac` (about 17 µs here against 2 µs for a KeyObject), and every wallet call signs twice. A handful of
 * providers, so the map stays small; a secret rotated away leaves one small entry behind until restart.
 */
const hmacKeys = new Map<string, KeyObject>();

function hmacKeyOf(secretHex: string): KeyObject {
  let key = hmacKeys.get(secretHex);
  if (!key) {
    key = createSecretKey(Buffer.from(secretHex, 'ascii'));
    hmacKeys.set(secretHex, key);
  }
  return key;
}

export function signBody(secretHex: string, timestampMs: number | string, body: Buffer | string): string {
  return createHmac('sha256', hmacKeyOf(secretHex)).update(`${timestampMs}.`).update(body).digest('hex');
}

/**
 * Checks a request's signature over its raw bytes, before anything parses them. Constant time in the
 * signature (timingSafeEqual on equal-length buffers); a malformed header is simply a mismatch.
 */
export function verifySignature(input: {
  secretHex: string;
  timestamp: string | undefined;
  signature: string | undefined;
  body: Buffer;
  nowMs: number;
}): boolean {
  const { timestamp, signature } = input;
  if (!timestamp || !/^\d{1,16}$/.test(timestamp) || !signature || !/^[0-9a-f]{64}$/i.test(signature)) {
    return false;
  }
  if (Math.abs(input.nowMs - Number(timestamp)) > SIGNATURE_WINDOW_MS) return false;
  const expected = Buffer.from(signBody(input.secretHex, timestamp, input.body), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
