import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Cookie names (seed §3: `XSRF-TOKEN`; the session cookie is ours, HttpOnly). */
export const SESSION_COOKIE = 'lotto59_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';

/** A new opaque session token: 256 bits from node:crypto, base64url. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * A pure derivation of a token, remembered for the most recent tokens: every authenticated request
 * needs the session id and the XSRF token of its cookie, and hashing them each time cost a few percent
 * of a bet's CPU. Bounded, oldest out first, so a flood of made-up tokens only costs the hashing again.
 */
function rememberedForRecentTokens(derive: (key: string) => string, max = 20_000): (key: string) => string {
  const remembered = new Map<string, string>();
  return (key) => {
    let value = remembered.get(key);
    if (value === undefined) {
      value = derive(key);
      if (remembered.size >= max) remembered.delete(remembered.keys().next().value!);
      remembered.set(key, value);
    }
    return value;
  };
}

/** What the database stores for a token: its sha-256, so a leaked table holds no usable session. */
export const sessionIdOf: (token: string) => string = rememberedForRecentTokens((token) =>
  createHash('sha256').update(token).digest('hex'),
);

const xsrfOfKeyAndToken = rememberedForRecentTokens((keyAndToken) => {
  const split = keyAndToken.indexOf('\0');
  return createHmac('sha256', keyAndToken.slice(0, split))
    .update(keyAndToken.slice(split + 1))
    .digest('base64url');
});

/**
 * The XSRF token bound to a session: an HMAC of the session token under the server's key. A planted
 * `XSRF-TOKEN` cookie cannot pass, since an attacker cannot compute the HMAC of the victim's session.
 */
export function xsrfTokenFor(sessionToken: string, appKey: string): string {
  return xsrfOfKeyAndToken(`${appKey}\0${sessionToken}`);
}

export function xsrfMatches(sessionToken: string, presented: string, appKey: string): boolean {
  const expected = Buffer.from(xsrfTokenFor(sessionToken, appKey));
  const given = Buffer.from(presented);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
