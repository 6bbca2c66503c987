import { createHmac, timingSafeEqual } from 'node:crypto';

// Signing of the provider protocol, both directions (providers.md §2): X-Signature = hex HMAC-SHA256 with
// the secret's 64 hex characters as the key's ASCII bytes, over "<timestamp>.<raw body bytes>".

/** |now − X-Timestamp| beyond this is refused like a bad signature (a replayed capture goes stale). */
export const SIGNATURE_WINDOW_MS = 300_000;

export function signBody(secretHex: string, timestampMs: number | string, body: Buffer | string): string {
  return createHmac('sha256', Buffer.from(secretHex, 'ascii'))
    .update(`${timestampMs}.`)
    .update(body)
    .digest('hex');
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
