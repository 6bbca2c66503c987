import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Cookie names (seed §3: `XSRF-TOKEN`; the session cookie is ours, HttpOnly). */
export const SESSION_COOKIE = 'lotto59_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';

/** A new opaque session token: 256 bits from node:crypto, base64url. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores for a token: its sha-256, so a leaked table holds no usable session. */
export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The XSRF token bound to a session: an HMAC of the session token under the server's key. A planted
 * `XSRF-TOKEN` cookie cannot pass, since an attacker cannot compute the HMAC of the victim's session.
 */
export function xsrfTokenFor(sessionToken: string, appKey: string): string {
  return createHmac('sha256', appKey).update(sessionToken).digest('base64url');
}

export function xsrfMatches(sessionToken: string, presented: string, appKey: string): boolean {
  const expected = Buffer.from(xsrfTokenFor(sessionToken, appKey));
  const given = Buffer.from(presented);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
