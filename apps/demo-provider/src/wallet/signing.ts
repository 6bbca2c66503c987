import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The signature of providers.md §2, both directions: X-Signature = hex HMAC-SHA256(key = the secret's 64 hex
 * characters as ASCII, "<X-Timestamp>.<raw body bytes>"), X-Timestamp in unix ms, ±300 s of skew allowed.
 */

export const SIGNATURE_MAX_SKEW_MS = 300_000;
const SECRET_PATTERN = /^[0-9a-fA-F]{64}$/;

export function isProviderSecret(secret: string): boolean {
  return SECRET_PATTERN.test(secret);
}

export function sign(secret: string, timestamp: string, rawBody: string | Buffer): string {
  return createHmac('sha256', Buffer.from(secret, 'ascii'))
    .update(`${timestamp}.`)
    .update(rawBody)
    .digest('hex');
}

export function signedHeaders(
  provider: string,
  secret: string,
  rawBody: string,
  now: number,
): Record<'x-provider' | 'x-timestamp' | 'x-signature', string> {
  const timestamp = String(now);
  return {
    'x-provider': provider,
    'x-timestamp': timestamp,
    'x-signature': sign(secret, timestamp, rawBody),
  };
}

/** Checks the raw bytes before anything parses them, in constant time; a stale timestamp fails too. */
export function verify(
  secret: string,
  headers: { timestamp: string | null | undefined; signature: string | null | undefined },
  rawBody: string | Buffer,
  now: number,
): boolean {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature || !/^\d{1,16}$/.test(timestamp) || !/^[0-9a-f]{64}$/i.test(signature))
    return false;
  if (Math.abs(now - Number(timestamp)) > SIGNATURE_MAX_SKEW_MS) return false;
  const expected = Buffer.from(sign(secret, timestamp, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
